// Content import (issue 10): reads what is at a URL (services/import-sources.ts: markdown, html, docx, zip, website)
// and adds it — pages with their children, files, the variables of a Git Sync tree — as ONE revision of the space or
// of a change request, at the top level or under a page. No cap on the number of pages beyond the sources' limits.
//
// Every import is a run (`content_imports` row) done by a durable job (`content.import`): it survives a restart,
// runs once, and its status and progress are visible (`GET /v1/org/{org}/imports/{id}`, GitBook's import runs):
//   pending → in-progress (progress: fetching, converting, committing; resources found and read) → completed | failed
//   (| cancelled).
// - `POST /v1/org/{org}/imports` (GitBook's current API) answers at once with the run.
// - `POST …/content/import` and its page and change request twins (GitBook's older API, the seed's contract: 201 with
//   the revision) start the same run, then run its job in the request's own process when no worker took it yet, and
//   answer when it is done: 201 `{revision, importedResources, totalResources}`, or the error the import met (a 400
//   naming a limit, …). The request only waits (the work is the job's, off the request); a client that gives up
//   does not stop the import, which completes and is listed among the runs.
// Authorisation comes before anything is fetched, and again when the job runs (as the user who started it).
import { EventEmitter } from 'node:events';
import { contentTypeOf, imageSize } from '../lib/image-size.js';
import type { AppContext } from '../context.js';
import { newId } from '../lib/ids.js';
import { blobStore } from '../storage/blobs.js';
import { userAsActor, type Actor } from './auth.js';
import { authorizeChangeRequest } from '../policies/change-request.js';
import { editChangeRequestContent, editSpace, type CommitResult, type ContentEdit } from '../engine/index.js';
import type { DbOrTx } from '../db/database.js';
import { ApiError, badRequest, invalidField, notFound } from '../errors.js';
import { ContentLimitError } from '../content/limits.js';
import { enqueueJob, JOB_TYPES, runJobNow, type JobRow } from '../jobs/index.js';
import { contentImportsRepo, type ContentImportRow } from '../repos/content-imports.repo.js';
import { usersRepo } from '../repos/users.repo.js';
import type { PageRequest } from '../db/pagination.js';
import { locatedIn } from './content-errors.js';
import { loadChangeRequest } from './change-requests.js';
import { loadOrganization } from './organizations.js';
import { loadSpace } from './spaces.js';
import { IMPORT_SOURCES, readImport, type ImportBundle, type ImportNode, type ImportProgress } from './import-sources.js';

export { IMPORT_SOURCES, markdownPage } from './import-sources.js';

export interface ImportOutcome {
  revisionId: string;
  importedResources: number;
  totalResources: number;
}

export interface ImportTarget {
  space: string;
  changeRequest?: string | undefined;
  page?: string | undefined;
}

/** What a run reads: the legacy `source` and its one URL, or several files (GitBook's `{type: 'file', files}`). */
export type ImportRequestSource =
  | { type: 'website'; url: string }
  | { type: 'file'; files: string[]; format?: string }
  | { type: 'legacy'; source: string; url: string };

const TERMINAL = ['completed', 'failed', 'cancelled'];
/** Settled runs, so that a request waiting on its run in this process hears at once (others poll). */
const settled = new EventEmitter().setMaxListeners(0);
/** The longest a `…/content/import` request waits for its run (the import's own limits end it well before). */
const WAIT_MS = 15 * 60_000;
const POLL_MS = 250;

async function editsOf(ctx: AppContext, bundle: ImportBundle, parent: string | undefined): Promise<ContentEdit[]> {
  const edits: ContentEdit[] = [];
  for (const f of bundle.files) {
    // Read once (a file of an archive is inflated at each read) and dropped once stored: one file's bytes at a time.
    const data = f.data;
    const image = imageSize(data);
    edits.push({
      op: 'addFile',
      file: {
        id: f.id, name: f.name, contentType: contentTypeOf(f.name, undefined, data), size: data.length, blob: await blobStore(ctx).put(data),
        ...(image ? { width: image.width, height: image.height } : {}),
      },
    });
  }
  const add = (nodes: ImportNode[], under: string | undefined) => {
    for (const n of nodes) {
      edits.push({
        op: 'createPage', id: n.id, type: n.type, title: n.title, ...(under !== undefined ? { parent: under } : {}),
        ...(n.markdown !== undefined && n.type === 'document' ? { markdown: n.markdown } : {}),
        ...(n.href !== undefined ? { href: n.href } : {}),
        ...(n.description ? { description: n.description } : {}), ...(n.icon ? { icon: n.icon } : {}), ...(n.hidden ? { hidden: true } : {}),
      });
      add(n.children, n.id);
    }
  };
  add(bundle.pages, parent);
  if (bundle.variables && Object.keys(bundle.variables).length) edits.push({ op: 'setVariables', variables: bundle.variables });
  return edits;
}

const countPages = (ps: ImportNode[]): number => ps.reduce((n, p) => n + 1 + countPages(p.children), 0);

/** The kind of a file of `{type: 'file'}` from its name (or `format`). */
function formatOf(url: string, format: string | undefined, index: number): string {
  if (format) return format;
  let name = url;
  try {
    name = new URL(url).pathname;
  } catch {
    /* kept */
  }
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  const kind = ext === 'md' || ext === 'markdown' ? 'markdown' : ext === 'html' || ext === 'htm' ? 'html' : ext === 'docx' ? 'docx' : ext === 'zip' ? 'zip' : undefined;
  if (!kind) throw invalidField(`/body/source/files/${index}`, 'is not a .md, .markdown, .html, .htm, .docx or .zip file (give "format" to say what the files are)');
  return kind;
}

/** The (source, url) pairs a run reads, checked before the run is recorded. */
function partsOf(source: ImportRequestSource): { source: string; url: string }[] {
  if (source.type === 'legacy') {
    if (!(IMPORT_SOURCES as readonly string[]).includes(source.source)) {
      throw invalidField('/body/source', `"${source.source}" cannot be imported; Bindery imports ${IMPORT_SOURCES.join(', ')}`);
    }
    return [{ source: source.source, url: source.url }];
  }
  if (source.type === 'website') return [{ source: 'website', url: source.url }];
  return source.files.map((url, i) => ({ source: formatOf(url, source.format, i), url }));
}

/** Checks that the actor may edit the target (before anything is fetched); returns the space's organization. */
async function authorizeTarget(ctx: AppContext, actor: Actor, target: ImportTarget): Promise<string> {
  if (target.changeRequest === undefined) return (await loadSpace(ctx, ctx.db, actor, target.space, 'edit')).space.org_id;
  const loaded = await loadChangeRequest(ctx, ctx.db, actor, target.space, target.changeRequest);
  authorizeChangeRequest(loaded.access, 'editContent');
  return loaded.space.org_id;
}

/** Records a run and its job; nothing is fetched yet. */
export async function startImportRun(
  ctx: AppContext, actor: Actor, target: ImportTarget, source: ImportRequestSource, opts: { ifMatch?: string | string[] | undefined; orgId?: string } = {},
): Promise<{ run: ContentImportRow; jobId: string }> {
  const orgId = await authorizeTarget(ctx, actor, target);
  if (opts.orgId !== undefined && opts.orgId !== orgId) throw notFound('Space');
  const parts = partsOf(source);
  const now = ctx.clock.now().toISOString();
  const ifMatch = Array.isArray(opts.ifMatch) ? opts.ifMatch.join(', ') : opts.ifMatch;
  const row = {
    id: newId(), org_id: orgId, space_id: target.space, change_request_id: target.changeRequest ?? null, page_id: target.page ?? null,
    source: source.type === 'legacy' ? source.source : source.type === 'website' ? 'website' : `file:${parts.map((p) => p.source).join(',')}`,
    url: JSON.stringify(parts.map((p) => p.url)), if_match: ifMatch ?? null, status: 'pending', reason: null, error_status: null,
    progress: JSON.stringify({ stage: 'queued', found: 0, read: 0 }), revision_id: null, pages: '[]',
    created_by: actor.user.id, created_at: now, started_at: null, completed_at: null, updated_at: now,
  };
  const jobId = await ctx.db.transaction().execute(async (tx) => {
    await contentImportsRepo.insert(tx, row);
    return enqueueJob(ctx, tx, JOB_TYPES.importContent, { importId: row.id }, { maxAttempts: 3 });
  });
  return { run: (await contentImportsRepo.findById(ctx.db, row.id))!, jobId };
}

/** Waits until the run is settled: runs its job here when no worker took it yet, else listens and polls. */
export async function awaitImportRun(ctx: AppContext, id: string, jobId: string): Promise<ContentImportRow> {
  await runJobNow(ctx, jobId);
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const row = await contentImportsRepo.findById(ctx.db, id);
    if (!row) throw notFound('Import run');
    if (TERMINAL.includes(row.status)) return row;
    if (Date.now() > deadline) throw new ApiError(503, `The import is still running: follow it at /v1/org/${row.org_id}/imports/${row.id}`);
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        settled.off(id, done);
        resolve();
      }, POLL_MS);
      settled.once(id, done);
    });
  }
}

/**
 * POST …/content/import and its twins: imports into the space or a change request, at the top level or under
 * `pageId`, and answers when done (the seed's 201 with the revision).
 */
export async function importContent(
  ctx: AppContext, actor: Actor, spaceId: string, changeRequest: string | undefined, body: { url: string; source: string },
  ifMatch?: string | string[], pageId?: string,
): Promise<ImportOutcome> {
  const { run, jobId } = await startImportRun(ctx, actor, { space: spaceId, changeRequest, page: pageId }, { type: 'legacy', source: body.source, url: body.url }, { ifMatch });
  const done = await awaitImportRun(ctx, run.id, jobId);
  if (done.status !== 'completed' || !done.revision_id) {
    throw new ApiError(done.error_status ?? 500, done.reason ?? `The import was ${done.status}`);
  }
  return { revisionId: done.revision_id, importedResources: done.imported_resources, totalResources: done.total_resources };
}

// ---------------------------------------------------------------------------------------------------------------
// The job

/** Settles a run (in `db`, the transaction of its commit for a completed run); the caller emits `settled` after. */
async function settleIn(ctx: AppContext, db: DbOrTx, id: string, patch: Partial<ContentImportRow>): Promise<void> {
  const now = ctx.clock.now().toISOString();
  // A cancel that came while the revision was being committed loses: the run is completed.
  const from = patch.status === 'completed' ? ['pending', 'in-progress', 'cancelled'] : ['pending', 'in-progress'];
  await contentImportsRepo.transition(db, id, from, { ...patch, completed_at: now, updated_at: now });
}

async function settle(ctx: AppContext, id: string, patch: Partial<ContentImportRow>): Promise<void> {
  await settleIn(ctx, ctx.db, id, patch);
  settled.emit(id);
}

/** The `content.import` job: reads the sources, converts them and commits one revision (or records why not). */
export async function runImportJob(ctx: AppContext, payload: { importId: string }, job: JobRow): Promise<void> {
  const row = await contentImportsRepo.findById(ctx.db, payload.importId);
  if (!row || TERMINAL.includes(row.status)) {
    if (row) settled.emit(row.id);
    return;
  }
  const now = ctx.clock.now().toISOString();
  await contentImportsRepo.transition(ctx.db, row.id, ['pending', 'in-progress'], { status: 'in-progress', started_at: row.started_at ?? now, updated_at: now });
  let last = 0;
  const progress = async (p: ImportProgress, force = false) => {
    if (!force && Date.now() - last < 500) return;
    last = Date.now();
    await contentImportsRepo.transition(ctx.db, row.id, ['in-progress'], { progress: JSON.stringify(p), updated_at: ctx.clock.now().toISOString() });
  };
  const cancelled = async () => (await contentImportsRepo.findById(ctx.db, row.id))?.status === 'cancelled';
  try {
    const creator = await usersRepo.findById(ctx.db, row.created_by);
    if (!creator) throw notFound('User');
    const actor = userAsActor(creator);
    const target: ImportTarget = { space: row.space_id, changeRequest: row.change_request_id ?? undefined, page: row.page_id ?? undefined };
    await authorizeTarget(ctx, actor, target);
    const urls = JSON.parse(row.url) as string[];
    const kinds = row.source.startsWith('file:') ? row.source.slice(5).split(',') : [row.source];
    const bundles: ImportBundle[] = [];
    let found = 0;
    let read = 0;
    for (const [i, url] of urls.entries()) {
      await progress({ stage: 'fetching', found, read }, true);
      const bundle = await readImport(ctx, url, kinds[i] ?? kinds[0]!, undefined, (p) => void progress({ stage: 'fetching', found: found + p.found, read: read + p.read }));
      found += bundle.total;
      read += countPages(bundle.pages) + bundle.files.length;
      bundles.push(bundle);
      if (await cancelled()) return;
    }
    const bundle: ImportBundle = {
      pages: bundles.flatMap((b) => b.pages), files: bundles.flatMap((b) => b.files), total: found,
      ...(bundles.some((b) => b.variables) ? { variables: Object.assign({}, ...bundles.map((b) => b.variables ?? {})) as Record<string, string> } : {}),
    };
    await progress({ stage: 'converting', found, read }, true);
    const edits = await editsOf(ctx, bundle, row.page_id ?? undefined);
    if (await cancelled()) return;
    await progress({ stage: 'committing', found, read }, true);
    // The imported content is not in the request: errors name the place it goes (the page, or the body's URL).
    const places = { edit: () => (row.page_id !== null ? '/path/pageId' : '/body') };
    const ifMatch = row.if_match ?? undefined;
    const imported = countPages(bundle.pages) + bundle.files.length;
    // The run is completed in the transaction of its commit: a worker dying between the two would otherwise leave
    // the content committed and the run in progress, and the job, run again, would import everything a second time.
    const complete = (tx: DbOrTx, result: CommitResult) => settleIn(ctx, tx, row.id, {
      status: 'completed', revision_id: result.revisionId, imported_resources: imported, total_resources: Math.max(bundle.total, imported),
      progress: JSON.stringify({ stage: 'done', found: Math.max(found, imported), read: imported }),
      pages: JSON.stringify(result.created.pages.map((id) => ({ id, type: 'page', status: 'complete' }))),
    });
    await locatedIn(places, async () => row.change_request_id === null
      ? (await editSpace(ctx, actor, row.space_id, edits, { ifMatch }, (tx, _sc, result) => complete(tx, result))).result
      : await editChangeRequestContent(ctx, actor, row.space_id, row.change_request_id!, edits, { ifMatch, andThen: complete }));
    settled.emit(row.id);
  } catch (err) {
    if (err instanceof ApiError) {
      // The import itself was refused (a limit, a URL that is no document, a precondition): no retry.
      await settle(ctx, row.id, { status: 'failed', reason: err.message, error_status: err.status });
      return;
    }
    // Content past a limit (a size, a shape) is refused at once; past the time budget it is tried again (a busy
    // machine), and named when it still is on the last attempt: the run's 4xx, never an internal error.
    if (err instanceof ContentLimitError && (err.limit !== 'budget' || job.attempts >= job.max_attempts)) {
      await settle(ctx, row.id, { status: 'failed', reason: err.message.startsWith('/') ? err.message : `/body/url: ${err.message}`, error_status: err.status });
      return;
    }
    if (job.attempts >= job.max_attempts) await settle(ctx, row.id, { status: 'failed', reason: 'The import failed (internal error)', error_status: 500 });
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// GitBook's import runs (/v1/org/{organizationId}/imports)

/** Loads a run the actor may see (its space visible); 404 otherwise. */
export async function loadImportRun(ctx: AppContext, actor: Actor, orgId: string, id: string, action: 'view' | 'edit' = 'view'): Promise<ContentImportRow> {
  const row = await contentImportsRepo.findById(ctx.db, id);
  if (!row || row.org_id !== orgId) throw notFound('Import run');
  try {
    if (action === 'view') await loadSpace(ctx, ctx.db, actor, row.space_id, 'view');
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 403)) throw notFound('Import run');
    throw err;
  }
  if (action === 'edit') await authorizeTarget(ctx, actor, { space: row.space_id, changeRequest: row.change_request_id ?? undefined });
  return row;
}

/** Runs of an organization: organization admins see all, other members the runs they started; `space` narrows. */
export async function listImportRuns(
  ctx: AppContext, actor: Actor, orgId: string, q: { space?: string; changeRequest?: string; site?: string; status?: string }, page: PageRequest,
) {
  const { member } = await loadOrganization(ctx, actor, orgId, 'view');
  if (q.space !== undefined) {
    const { space } = await loadSpace(ctx, ctx.db, actor, q.space, 'view');
    if (space.org_id !== orgId) throw notFound('Space');
  }
  const admin = actor.isInstanceAdmin || member?.role === 'admin';
  return contentImportsRepo.listInOrganization(ctx.db, orgId, {
    ...(q.space !== undefined ? { spaceId: q.space } : {}), ...(q.changeRequest !== undefined ? { changeRequestId: q.changeRequest } : {}),
    ...(q.site !== undefined ? { siteId: q.site } : {}),
    ...(q.status !== undefined ? { statuses: q.status === 'active' ? ['pending', 'in-progress'] : [q.status] } : {}),
    ...(admin || q.space !== undefined ? {} : { createdBy: actor.user.id }),
  }, page);
}

/** Cancels a run that has not settled (a run committing finishes first). */
export async function cancelImportRun(ctx: AppContext, actor: Actor, orgId: string, id: string): Promise<ContentImportRow> {
  const row = await loadImportRun(ctx, actor, orgId, id, 'edit');
  if (TERMINAL.includes(row.status)) throw badRequest(`The import run is already ${row.status}`);
  const now = ctx.clock.now().toISOString();
  await contentImportsRepo.transition(ctx.db, id, ['pending', 'in-progress'], { status: 'cancelled', reason: 'Cancelled', completed_at: now, updated_at: now });
  settled.emit(id);
  return (await contentImportsRepo.findById(ctx.db, id))!;
}
