// OpenAPI specifications of an organization: create (from a URL or a text), create-or-update, read, list, change
// visibility, delete; their versions and contents; and the durable processing job.
//
// States: every new source (POST, PUT) bumps the spec's `generation`, sets `processingState: pending` and
// enqueues one `openapi.process` job in the same transaction. The job marks the spec `progress`, runs
// openapi/process.ts (fetch through the SSRF guard, parse, validate - bounded in size and time), and records the
// outcome as `complete`: with a new version when the content differs from the latest version, or with
// `lastProcessErrorCode` + `lastProcessedErrors` when it failed (earlier versions stay). A job whose generation is
// no longer the spec's (a newer source came in meanwhile) records nothing: the newer job does.
import type { RequestBody } from '@bindery/api-types';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import type { PageRequest } from '../db/pagination.js';
import { isUniqueViolation } from '../db/dialect.js';
import { ApiError, conflict, notFound } from '../errors.js';
import { newId } from '../lib/ids.js';
import { recomputeOrganization } from '../engine/index.js';
import { enqueueJob, type JobRow } from '../jobs/queue.js';
import { JOB_TYPES } from '../jobs/types.js';
import { SpecError, type SpecFile, type SpecIssue } from '../openapi/documents.js';
import { processSpecOffThread, type ProcessedSpec, type SpecSource } from '../openapi/process.js';
import { authorizeOpenAPISpecs, type OpenAPISpecPermissions } from '../policies/openapi.js';
import { openapiRepo, type SpecRow, type SpecVersionMeta, type SpecVersionRow } from '../repos/openapi.repo.js';
import type { Actor } from './auth.js';
import { loadOrganization } from './organizations.js';
import { locks } from '../repos/locks.js';

type Source = RequestBody<'createOpenAPISpec'>['source'];

/** At most this many errors are kept on a spec (`lastProcessedErrorCount` tells how many there were). */
export const MAX_REPORTED_ERRORS = 50;

export interface LoadedSpec {
  spec: SpecRow;
  permissions: OpenAPISpecPermissions;
}

export interface ProcessJobPayload {
  specId: string;
  generation: number;
}

const normalSlug = (slug: string) => slug.toLowerCase();

async function access(ctx: AppContext, db: DbOrTx, actor: Actor, orgId: string, action: 'view' | 'edit'): Promise<OpenAPISpecPermissions> {
  const { member } = await loadOrganization(ctx, actor, orgId, 'view', db);
  return authorizeOpenAPISpecs(actor, member, action);
}

async function findSpec(db: DbOrTx, orgId: string, slug: string): Promise<SpecRow> {
  const spec = await openapiRepo.findBySlug(db, orgId, normalSlug(slug));
  if (!spec) throw notFound('OpenAPI specification');
  return spec;
}

/** Checks a text source against the size limit before anything is stored (413 naming the limit). */
function checkSource(ctx: AppContext, source: Source): void {
  if ('text' in source && Buffer.byteLength(source.text) > ctx.config.openapiMaxBytes) {
    throw new ApiError(413, `/body/source/text is larger than the specification size limit of ${ctx.config.openapiMaxBytes} bytes (BINDERY_OPENAPI_MAX_BYTES)`);
  }
}

/** Gives the spec a new source and queues its processing (in the caller's transaction). */
async function setSource(ctx: AppContext, tx: DbOrTx, spec: SpecRow, source: Source): Promise<SpecRow> {
  const now = ctx.clock.now().toISOString();
  const next: SpecRow = {
    ...spec,
    source_url: 'url' in source ? source.url : null,
    pending_text: 'text' in source ? source.text : null,
    generation: spec.generation + 1,
    processing_state: 'pending',
    updated_at: now,
  };
  const { id: _id, ...patch } = next;
  await openapiRepo.update(tx, spec.id, patch);
  await enqueueJob(ctx, tx, JOB_TYPES.processOpenAPISpec, { specId: spec.id, generation: next.generation } satisfies ProcessJobPayload);
  return next;
}

async function insertSpec(ctx: AppContext, tx: DbOrTx, actor: Actor, orgId: string, slug: string, source: Source): Promise<SpecRow> {
  const now = ctx.clock.now().toISOString();
  const row: SpecRow = {
    id: newId(), org_id: orgId, slug, source_url: null, pending_text: null, generation: 0, processing_state: 'pending', visibility: 'private',
    last_version_id: null, last_processed_at: null, last_error_code: null, last_errors: '[]', last_error_count: 0, created_by: actor.user.id,
    created_at: now, updated_at: now,
  };
  await openapiRepo.insert(tx, row);
  return setSource(ctx, tx, row, source);
}

const slugTaken = (slug: string) => conflict(`The organization already has an OpenAPI specification with the slug "${slug}"`);

export async function listSpecs(ctx: AppContext, actor: Actor, orgId: string, page: PageRequest) {
  const permissions = await access(ctx, ctx.db, actor, orgId, 'view');
  const result = await openapiRepo.list(ctx.db, orgId, page);
  return { ...result, items: result.rows.map((spec) => ({ spec, permissions })) };
}

export async function createSpec(ctx: AppContext, actor: Actor, orgId: string, body: RequestBody<'createOpenAPISpec'>): Promise<LoadedSpec> {
  checkSource(ctx, body.source);
  return ctx.db.transaction().execute(async (tx) => {
    const permissions = await access(ctx, tx, actor, orgId, 'edit');
    const existing = await openapiRepo.findBySlug(tx, orgId, normalSlug(body.slug));
    if (existing) throw slugTaken(existing.slug);
    return { spec: await insertSpec(ctx, tx, actor, orgId, normalSlug(body.slug), body.source), permissions };
  }).catch((err: unknown) => {
    if (isUniqueViolation(err)) throw slugTaken(normalSlug(body.slug));
    throw err;
  });
}

/** PUT: a new source for the spec, or a new spec (`created`). The same URL again re-fetches it. */
export async function putSpec(ctx: AppContext, actor: Actor, orgId: string, slug: string, body: RequestBody<'createOrUpdateOpenAPISpecBySlug'>): Promise<LoadedSpec & { created: boolean }> {
  checkSource(ctx, body.source);
  const s = normalSlug(slug);
  // Two PUTs creating one slug at once (two connections to PostgreSQL) both see no spec; the loser's insert meets the
  // unique index, its transaction is rolled back, and it runs again as an update of the winner's spec (never a 409).
  for (let attempt = 0; ; attempt++) {
    try {
      return await ctx.db.transaction().execute(async (tx) => {
        const permissions = await access(ctx, tx, actor, orgId, 'edit');
        const existing = await openapiRepo.findBySlug(tx, orgId, s);
        if (!existing) return { spec: await insertSpec(ctx, tx, actor, orgId, s, body.source), permissions, created: true };
        await locks.openapiSpec(ctx, tx, existing.id);
        const locked = (await openapiRepo.findById(tx, existing.id))!;
        return { spec: await setSource(ctx, tx, locked, body.source), permissions, created: false };
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (attempt >= 2) throw slugTaken(s);
    }
  }
}

export async function getSpec(ctx: AppContext, actor: Actor, orgId: string, slug: string): Promise<LoadedSpec> {
  const permissions = await access(ctx, ctx.db, actor, orgId, 'view');
  return { spec: await findSpec(ctx.db, orgId, slug), permissions };
}

export async function updateSpecVisibility(ctx: AppContext, actor: Actor, orgId: string, slug: string, visibility: 'private' | 'public'): Promise<LoadedSpec> {
  return ctx.db.transaction().execute(async (tx) => {
    const permissions = await access(ctx, tx, actor, orgId, 'edit');
    const spec = await findSpec(tx, orgId, slug);
    if (spec.visibility === visibility) return { spec, permissions };
    const patch = { visibility, updated_at: ctx.clock.now().toISOString() };
    await openapiRepo.update(tx, spec.id, patch);
    await recomputeOrganization(ctx, tx, orgId); // computed pages link to the public download (props.downloadLink)
    return { spec: { ...spec, ...patch }, permissions };
  });
}

/** Deletes the spec and its versions; nothing to delete is no error. */
export async function deleteSpec(ctx: AppContext, actor: Actor, orgId: string, slug: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    await access(ctx, tx, actor, orgId, 'edit');
    const spec = await openapiRepo.findBySlug(tx, orgId, normalSlug(slug));
    if (spec) {
      await openapiRepo.delete(tx, spec.id);
      await recomputeOrganization(ctx, tx, orgId); // computed pages of it now say it is missing
    }
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Versions

export async function listSpecVersions(ctx: AppContext, actor: Actor, orgId: string, slug: string, page: PageRequest) {
  await access(ctx, ctx.db, actor, orgId, 'view');
  const spec = await findSpec(ctx.db, orgId, slug);
  return { spec, ...(await openapiRepo.listVersions(ctx.db, spec.id, page)) };
}

function versionId(spec: SpecRow, id: string | 'latest'): string {
  const resolved = id === 'latest' ? spec.last_version_id : id;
  if (!resolved) throw notFound('OpenAPI specification version (the specification has not been processed successfully yet)');
  return resolved;
}

export async function getSpecVersion(ctx: AppContext, actor: Actor, orgId: string, slug: string, id: string | 'latest'): Promise<{ spec: SpecRow; version: SpecVersionMeta }> {
  await access(ctx, ctx.db, actor, orgId, 'view');
  const spec = await findSpec(ctx.db, orgId, slug);
  const version = await openapiRepo.findVersionMeta(ctx.db, spec.id, versionId(spec, id));
  if (!version) throw notFound('OpenAPI specification version');
  return { spec, version };
}

export async function getSpecVersionContent(ctx: AppContext, actor: Actor, orgId: string, slug: string, id: string | 'latest'): Promise<{ spec: SpecRow; version: SpecVersionRow }> {
  await access(ctx, ctx.db, actor, orgId, 'view');
  const spec = await findSpec(ctx.db, orgId, slug);
  const version = await openapiRepo.findVersion(ctx.db, spec.id, versionId(spec, id));
  if (!version) throw notFound('OpenAPI specification version');
  return { spec, version };
}

export const versionFiles = (v: SpecVersionRow) => JSON.parse(v.documents) as SpecFile[];

/** The raw text of a public spec's latest version, for anyone (404 when private, missing or never processed). */
export async function getPublicSpec(ctx: AppContext, orgId: string, slug: string): Promise<SpecVersionRow> {
  const spec = await openapiRepo.findBySlug(ctx.db, orgId, normalSlug(slug));
  if (!spec || spec.visibility !== 'public' || !spec.last_version_id) throw notFound('OpenAPI specification');
  const version = await openapiRepo.findVersion(ctx.db, spec.id, spec.last_version_id);
  if (!version) throw notFound('OpenAPI specification');
  return version;
}

// ---------------------------------------------------------------------------------------------------------------
// Processing (the durable job)

/** Processes the spec's current source; see the header for the states. */
export async function processSpecJob(ctx: AppContext, payload: ProcessJobPayload, job: Pick<JobRow, 'attempts' | 'max_attempts'>): Promise<void> {
  const spec = await openapiRepo.findById(ctx.db, payload.specId);
  if (!spec || spec.generation !== payload.generation) return; // deleted, or a newer source has its own job
  if (!(await openapiRepo.updateIfGeneration(ctx.db, spec.id, payload.generation, { processing_state: 'progress' }))) return;

  const source: SpecSource | undefined = spec.source_url ? { url: spec.source_url } : spec.pending_text !== null ? { text: spec.pending_text } : undefined;
  let outcome: { ok: true; processed: ProcessedSpec } | { ok: false; error: SpecError };
  if (!source) {
    // A text source already processed by an earlier attempt of this job: nothing left to do.
    await openapiRepo.updateIfGeneration(ctx.db, spec.id, payload.generation, { processing_state: 'complete' });
    return;
  }
  try {
    const processed = await processSpecOffThread(source, {
      maxBytes: ctx.config.openapiMaxBytes, fetchTimeoutMs: ctx.config.openapiFetchTimeoutMs, deadlineMs: 2 * 60_000, maxDocuments: 20,
      allowPrivate: ctx.config.allowPrivateUrls, allowedPrivateHosts: ctx.config.allowedPrivateHosts,
    });
    outcome = { ok: true, processed };
  } catch (err) {
    if (err instanceof SpecError) outcome = { ok: false, error: err };
    else if (job.attempts >= job.max_attempts) {
      // Our own failure, for the last time: say so on the spec rather than leave it in `progress`.
      ctx.logger.error({ err, specId: spec.id }, 'OpenAPI processing failed');
      outcome = { ok: false, error: new SpecError('PARSE_ERROR', [{ message: `The specification could not be processed: ${(err as Error).message}`, code: 'internal' }]) };
    } else {
      await openapiRepo.updateIfGeneration(ctx.db, spec.id, payload.generation, { processing_state: 'pending' });
      throw err; // retried by the queue
    }
  }

  const now = ctx.clock.now().toISOString();
  await ctx.db.transaction().execute(async (tx) => {
    await locks.openapiSpec(ctx, tx, spec.id);
    const current = await openapiRepo.findById(tx, spec.id);
    if (!current || current.generation !== payload.generation) return;
    if (!outcome.ok) {
      const issues: SpecIssue[] = outcome.error.issues;
      await openapiRepo.update(tx, spec.id, {
        processing_state: 'complete', last_processed_at: now, last_error_code: outcome.error.code,
        last_errors: JSON.stringify(issues.slice(0, MAX_REPORTED_ERRORS)), last_error_count: issues.length, pending_text: null, updated_at: now,
      });
      return;
    }
    const p = outcome.processed;
    let lastVersion = current.last_version_id;
    const latest = lastVersion ? await openapiRepo.findVersionMeta(tx, spec.id, lastVersion) : undefined;
    if (latest?.content_hash !== p.contentHash) {
      lastVersion = newId();
      await openapiRepo.insertVersion(tx, {
        id: lastVersion, spec_id: spec.id, content_hash: p.contentHash, source_url: p.sourceUrl, format: p.format, raw_text: p.rawText,
        documents: JSON.stringify(p.files), created_at: now,
      });
      // Every space whose computed pages (may) use it gets a new computed revision (engine/computed.ts).
      await recomputeOrganization(ctx, tx, current.org_id);
    }
    await openapiRepo.update(tx, spec.id, {
      processing_state: 'complete', last_processed_at: now, last_error_code: null, last_errors: '[]', last_error_count: 0,
      last_version_id: lastVersion, pending_text: null, updated_at: now,
    });
  });
}
