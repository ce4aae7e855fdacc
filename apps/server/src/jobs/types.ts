/** The job types (the `type` column of `jobs`); handlers.ts maps each to what runs it. */
export const JOB_TYPES = {
  /** Permanently removes a space 7 days after it was deleted (unless it was restored). */
  purgeSpace: 'space.purge',
  /** Fetches, parses and validates an OpenAPI specification's source; records a new version when it changed. */
  processOpenAPISpec: 'openapi.process',
  /** Delivers one integration event to the integration's script or development tunnel (services/integration-runtime.ts). */
  deliverIntegrationEvent: 'integration.deliver',
  /** Records `space_content_updated` events for the installations covering a space whose content changed. */
  notifyContentUpdated: 'integration.content-updated',
  /** Runs one content import (a content_imports row, services/import.ts). */
  importContent: 'content.import',
  /** Runs one Git Sync import or export (a git_sync_operations row). */
  gitSync: 'git.sync',
  /** Renders the computed (OpenAPI) pages of a space's revision and gives its head a new computed revision (engine/computed.ts). */
  expandComputedContent: 'openapi.expand',
  /** Runs a translation: creates or updates its result space (services/translations.ts). */
  runTranslation: 'translation.run',
} as const;
