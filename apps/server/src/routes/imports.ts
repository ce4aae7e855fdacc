// Content import runs (GitBook's /org/{organizationId}/imports): parse, call the service, present.
import { listBody } from '../db/pagination.js';
import { handlers } from '../http/operations.js';
import { presentImportRun } from '../presenters/import-run.js';
import * as imports from '../services/import.js';

export const importHandlers = handlers({
  listImportRuns: async ({ actor, params, query }, ctx) => {
    const r = await imports.listImportRuns(ctx, actor, params.organizationId, query, query);
    return { status: 200, body: listBody(r.rows.map((row) => presentImportRun(ctx.config, row)), r) };
  },
  startImportRun: async ({ actor, params, body }, ctx) => {
    const { run } = await imports.startImportRun(ctx, actor, body.target, body.source, { orgId: params.organizationId });
    const json = presentImportRun(ctx.config, run);
    return { status: 201, body: json, headers: { Location: json.urls.location } };
  },
  getImportRun: async ({ actor, params }, ctx) => ({
    status: 200, body: presentImportRun(ctx.config, await imports.loadImportRun(ctx, actor, params.organizationId, params.importRunId)),
  }),
  cancelImportRun: async ({ actor, params }, ctx) => ({
    status: 200, body: presentImportRun(ctx.config, await imports.cancelImportRun(ctx, actor, params.organizationId, params.importRunId)),
  }),
});
