// The job types and what runs them. A handler is idempotent (a job may run again after a crash) and returns
// nothing when done, or `{retryAt}` to be put back in the queue for later without counting a failure.
import type { AppContext } from '../context.js';
import type { JobRow } from './queue.js';
import { processSpecJob, type ProcessJobPayload } from '../services/openapi-specs.js';
import { purgeDeletedSpace } from '../services/spaces.js';
import { deliverEventJob, notifyContentUpdatedJob } from '../services/integration-runtime.js';
import { JOB_TYPES } from './types.js';
import { runGitSyncJob } from '../gitsync/operations.js';
import { runTranslationJob } from '../services/translations.js';
import { expandComputedJob, type ExpandJobPayload } from '../engine/index.js';
import { runImportJob } from '../services/import.js';

export type JobResult = void | { retryAt: Date };
export type JobHandler<P = any> = (ctx: AppContext, payload: P, job: JobRow) => Promise<JobResult>;

export const jobHandlers: Record<string, JobHandler> = {
  [JOB_TYPES.purgeSpace]: (ctx, payload: { spaceId: string }) => purgeDeletedSpace(ctx, payload.spaceId),
  [JOB_TYPES.processOpenAPISpec]: (ctx, payload: ProcessJobPayload, job) => processSpecJob(ctx, payload, job),
  [JOB_TYPES.deliverIntegrationEvent]: (ctx, payload: { eventId: string }, job) => deliverEventJob(ctx, payload.eventId, job),
  [JOB_TYPES.notifyContentUpdated]: (ctx, payload: { spaceId: string; revisionId: string }) => notifyContentUpdatedJob(ctx, payload),
  [JOB_TYPES.runTranslation]: (ctx, payload: { translationId: string }, job) => runTranslationJob(ctx, payload, job),
  [JOB_TYPES.expandComputedContent]: (ctx, payload: ExpandJobPayload) => expandComputedJob(ctx, payload),
  [JOB_TYPES.gitSync]: (ctx, payload: { operationId: string }, job) => runGitSyncJob(ctx, payload, job),
  [JOB_TYPES.importContent]: (ctx, payload: { importId: string }, job) => runImportJob(ctx, payload, job),
};
