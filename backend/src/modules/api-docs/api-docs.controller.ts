import { Controller } from '@nestjs/common';
import { ROUTES } from '@cloud9/contracts';
import { PublicAnswer } from '../../common/cache-control';
import { Endpoint } from '../../common/endpoint';
import { ApiDocument } from './api-document';
import type { OpenApiDocument } from './openapi-document';

/** The API's OpenAPI 3.1 document: public, the same for everyone and on every instance. */
@Controller()
export class ApiDocsController {
  constructor(private readonly api: ApiDocument) {}

  @Endpoint(ROUTES.apiDocs.document)
  @PublicAnswer()
  document(): OpenApiDocument {
    return this.api.value;
  }
}
