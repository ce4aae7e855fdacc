// The handler table: every operationId of the spec has an entry here, or the compile fails (HandlerTable is a
// mapped type over the generated `operations`). `notImplementedYet` answers 501 with the error body; `pnpm routes`
// reports how many operations are implemented.
import { siteHandlers } from './sites.js';
import { siteLinkHandlers } from './site-links.js';
import { siteInsightsHandlers } from './site-insights.js';
import { translationHandlers } from './translations.js';
import { fontHandlers } from './fonts.js';
import { importHandlers } from './imports.js';
import type { HandlerTable } from '../http/operations.js';
import { changeRequestContentHandlers } from './change-request-content.js';
import { changeRequestHandlers } from './change-requests.js';
import { collectionHandlers } from './collections.js';
import { commentHandlers } from './comments.js';
import { contentHandlers } from './content.js';
import { openapiHandlers } from './openapi.js';
import { integrationHandlers } from './integrations.js';
import { gitHandlers } from './git.js';
import { organizationHandlers } from './organizations.js';
import { searchHandlers } from './search.js';
import { spaceHandlers } from './spaces.js';
import { ssoHandlers } from './sso.js';
import { teamHandlers } from './teams.js';
import { auditHandlers } from './audit.js';
import { userHandlers } from './users.js';

export const handlerTable: HandlerTable = {
  ...userHandlers,
  ...organizationHandlers,
  ...teamHandlers,
  ...auditHandlers,
  ...collectionHandlers,
  ...spaceHandlers,
  ...contentHandlers,
  ...searchHandlers,
  ...commentHandlers,
  ...changeRequestHandlers,
  ...changeRequestContentHandlers,
  ...ssoHandlers,
  ...openapiHandlers,
  ...integrationHandlers,

  ...gitHandlers,


  ...siteHandlers,
  ...siteLinkHandlers,
  ...siteInsightsHandlers,

  ...translationHandlers,
  ...fontHandlers,

  ...importHandlers,
};
