import { Controller, Get } from '@nestjs/common';
import { PublicAnswer } from '../../common/cache-control';
import { ApiDocument } from './api-document';
import type { OpenApiDocument } from './openapi-document';

/** The API's OpenAPI 3.1 document: public, the same for everyone and on every instance. */
@Controller()
export class ApiDocsController {
  constructor(private readonly api: ApiDocument) {}

  @Get('openapi.json')
  @PublicAnswer()
  document(): OpenApiDocument {
    return this.api.value;
  }
}
