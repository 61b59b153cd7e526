import { Module } from '@nestjs/common';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import { ApiDocsController } from './api-docs.controller';
import { ApiDocument } from './api-document';

/** GET /api/openapi.json (the page that renders it, /api/docs, is served before Nest: api-reference-page.ts). */
@Module({
  controllers: [ApiDocsController],
  providers: [{ provide: ApiDocument, inject: [SETTINGS], useFactory: (settings: Settings) => new ApiDocument(settings) }],
})
export class ApiDocsModule {}
