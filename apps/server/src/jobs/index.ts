export { enqueueJob, claimDueJobs, backoffMs, type JobRow } from './queue.js';
export { runDueJobs, runJobNow, startJobWorker, type JobWorker, type RunReport } from './worker.js';
export { jobHandlers, type JobHandler, type JobResult } from './handlers.js';
export { JOB_TYPES } from './types.js';
