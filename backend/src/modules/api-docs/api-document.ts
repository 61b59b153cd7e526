import { allRoutes } from '@cloud9/contracts';
import { answerAsIs } from '../../common/prepared-json';
import { sessionCookieName } from '../../common/auth/session-cookie';
import type { Settings } from '../../config/settings';
import { openApiDocument, type OpenApiDocument } from './openapi-document';

/** The contracts' version: the API's (the table is its declaration). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const API_VERSION = (require('@cloud9/contracts/package.json') as { version: string }).version;

/** The OpenAPI document of this deployment's API, from the route table. */
export const apiDocumentOf = (settings: Pick<Settings, 'publicUrl'>): OpenApiDocument =>
  openApiDocument(allRoutes(), { version: API_VERSION, sessionCookie: sessionCookieName(settings) });

/** Built once at start and answered from its prepared bytes (one ETag, compressed once). */
export class ApiDocument {
  readonly value: OpenApiDocument;

  constructor(settings: Pick<Settings, 'publicUrl'>) {
    this.value = answerAsIs(apiDocumentOf(settings));
  }
}
