/**
 * Content processing off the event loop: the async front of tasks.ts.
 *
 * Every call takes the same path: input at most `inlineBytes` long (small pages, comments) runs right here, in
 * microseconds to a few milliseconds even when adversarial; anything longer goes to the pool of worker threads
 * (lib/worker-pool.ts) with the time budget. Past the budget the task is cancelled and the call rejects with a
 * ContentLimitError (422, naming the budget); the event loop never runs a long parse, so the server keeps
 * answering everyone else.
 *
 * `configureContentProcessing` is called once by startServer (config: contentWorkers, contentBudgetMs); the pool is
 * process-wide and shared by every server of the process (tests start many).
 */
import { availableParallelism } from 'node:os';
import { PoolBusyError, WorkerPool } from '../lib/worker-pool.js';
import type { ContentRef, Document } from './document.js';
import type { RefResolver } from './content-ref.js';
import type { RepoSpace } from '../gitsync/format/read.js';
import type { TextMergeResult } from './merge-text.js';
import type { OgImageInput } from '../site/gitbook-images.js';
import { bodyAs, TASKS, type BodyFormat, type PdfTaskInput, type ProcessedPage, type ShownBody, type TaskInput, type TaskName, type TaskOutput } from './tasks.js';

export interface ContentProcessingOptions {
  /** Worker threads (default: between 2 and 4, by the number of CPUs). */
  workers?: number;
  /** Time budget of one task in milliseconds (default 2000). */
  budgetMs?: number;
  /** Input at most this long (UTF-16 units) is processed inline (default 8192; 0 sends everything to the pool). */
  inlineBytes?: number;
}

const DEFAULTS = { workers: Math.max(2, Math.min(4, availableParallelism())), budgetMs: 2000, inlineBytes: 8192 };
let settings = { ...DEFAULTS };
let pool: WorkerPool | undefined;

export function configureContentProcessing(options: ContentProcessingOptions): void {
  const next = {
    workers: options.workers && options.workers > 0 ? options.workers : DEFAULTS.workers,
    budgetMs: options.budgetMs && options.budgetMs > 0 ? options.budgetMs : DEFAULTS.budgetMs,
    inlineBytes: options.inlineBytes ?? DEFAULTS.inlineBytes,
  };
  if (pool && next.workers !== settings.workers) {
    void pool.close();
    pool = undefined;
  }
  settings = next;
}

export function contentProcessingSettings(): Readonly<typeof settings> {
  return settings;
}

/** The process-wide pool (started on first use). */
export function contentPool(): WorkerPool {
  pool ??= new WorkerPool({
    entry: new URL(import.meta.url.endsWith('.ts') ? './worker.ts' : './worker.js', import.meta.url),
    size: settings.workers,
    budgetMs: settings.budgetMs,
  });
  return pool;
}

/** Runs a task inline when its input is small, else on the pool; `size` measures the input. */
export async function runContentTask<K extends TaskName>(task: K, input: TaskInput<K>, size: number, options: { budgetMs?: number } = {}): Promise<TaskOutput<K>> {
  if (size <= settings.inlineBytes) return (TASKS[task] as (input: TaskInput<K>) => TaskOutput<K> | Promise<TaskOutput<K>>)(input);
  return contentPool().run<TaskOutput<K>>(task, input, { budgetMs: options.budgetMs ?? settings.budgetMs });
}

/** Client markdown -> normal form + sections + links. */
export function normalizePage(markdown: string, field?: string): Promise<ProcessedPage> {
  return runContentTask('normalizePage', { markdown, ...(field ? { field } : {}) }, markdown.length);
}

/** Client document -> normal-form markdown + sections + links. */
export function documentPage(document: Document, field?: string): Promise<ProcessedPage> {
  return runContentTask('documentPage', { document, ...(field ? { field } : {}) }, documentSize(document));
}

/** Sections and links of stored markdown. */
export function derivePage(markdown: string): Promise<ProcessedPage> {
  return runContentTask('derivePage', { markdown }, markdown.length);
}

/** Markdown per task when the index derives many pages (a large commit). */
const DERIVE_CHUNK_BYTES = 128 * 1024;

/**
 * Sections and links of many pages' stored markdown, in order: in chunks (up to 128 KB or 200 pages), each inline
 * when small, else on the pool (a busy pool is waited for), one at a time, so that indexing the thousand pages of a
 * Git Sync import never parses them on the event loop.
 */
export async function derivePages(markdowns: readonly string[]): Promise<{ sections: ProcessedPage['sections']; links: ProcessedPage['links'] }[]> {
  // A chunk has the budget of a page per page it holds (a single page: as derivePage), up to Git Sync's.
  return inChunks([...markdowns], (m) => m.length, (chunk, bytes) => runContentTask('derivePages', { markdowns: chunk }, bytes, { budgetMs: Math.min(GIT_BUDGET_MS, settings.budgetMs * chunk.length) }), DERIVE_CHUNK_BYTES);
}

/**
 * Imports (services/import-*.ts): markdown -> stored markdown (normal form), each link and image target resolved by
 * the importer's `resolver` — as `documentToMarkdown(markdownToDocument(markdown, { resolver }))`, but never on the
 * event loop for anything but small input (a 2 MiB page took seconds there). The resolvers are the importer's own
 * functions, so it takes two passes on the pool: the targets each page asks about, resolved here, then the
 * conversion with those answers. In chunks (up to 128 KB or 200 pages), one at a time, each with the budget of a
 * page per page it holds (up to Git Sync's).
 */
export async function storeImported(items: readonly { markdown: string; resolver?: RefResolver | undefined }[]): Promise<string[]> {
  const budget = (n: number) => ({ budgetMs: Math.min(GIT_BUDGET_MS, settings.budgetMs * n) });
  const asking = items.flatMap((it, i) => (it.resolver?.toRef ? [i] : []));
  const asked = await inChunks(asking, (i) => items[i]!.markdown.length, (chunk, bytes) => runContentTask('refTargets', { markdowns: chunk.map((i) => items[i]!.markdown) }, bytes, budget(chunk.length)), DERIVE_CHUNK_BYTES);
  const refsOf = new Map<number, [string, ContentRef][]>();
  asking.forEach((i, k) => {
    const toRef = items[i]!.resolver!.toRef!;
    const refs: [string, ContentRef][] = [];
    for (const [target, usage] of asked[k]!) {
      const ref = toRef.call(items[i]!.resolver, target, usage);
      if (ref) refs.push([`${usage}\n${target}`, ref]);
    }
    refsOf.set(i, refs);
  });
  const inputs = items.map((it, i) => ({ markdown: it.markdown, refs: refsOf.get(i) ?? [] }));
  return inChunks(inputs, (x) => x.markdown.length + 64, (chunk, bytes) => runContentTask('storeWithRefs', { items: chunk }, bytes, budget(chunk.length)), DERIVE_CHUNK_BYTES);
}

/** The GitBook JSON document of stored markdown. */
export function pageDocument(markdown: string): Promise<Document> {
  return runContentTask('pageDocument', { markdown }, markdown.length);
}

/** Markdown of a document (comment bodies, descriptions), within the comment size limit when `limit` says so. */
export function documentMarkdown(document: Document, options: { field?: string; limit?: 'commentBytes' } = {}): Promise<string> {
  return runContentTask('documentMarkdown', { document, ...options }, documentSize(document));
}

/** Checks markdown against the limits (comment bodies). */
export function checkMarkdown(markdown: string, options: { field?: string; limit?: 'commentBytes' } = {}): Promise<true> {
  return runContentTask('checkMarkdown', { markdown, ...options }, markdown.length);
}

/** An HTML page -> title and normal-form markdown (imports). */
export function htmlPage(html: string, baseUrl: string, contentId?: string): Promise<{ title: string; markdown: string }> {
  return runContentTask('htmlPage', contentId ? { html, baseUrl, contentId } : { html, baseUrl }, html.length);
}

/** Runs the chunks one after the other, each on the pool (a busy pool is waited for, not failed). */
async function inChunks<T, R>(items: T[], size: (item: T) => number, run: (chunk: T[], bytes: number) => Promise<R[]>, chunkBytes = GIT_CHUNK_BYTES): Promise<R[]> {
  const out: R[] = [];
  let chunk: T[] = [];
  let bytes = 0;
  const flush = async () => {
    if (!chunk.length) return;
    for (let attempt = 0; ; attempt++) {
      try {
        out.push(...(await run(chunk, bytes)));
        break;
      } catch (err) {
        if (!(err instanceof PoolBusyError) || attempt >= 20) throw err;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    chunk = [];
    bytes = 0;
  };
  for (const item of items) {
    chunk.push(item);
    bytes += size(item);
    if (bytes >= chunkBytes || chunk.length >= 200) await flush();
  }
  await flush();
  return out;
}

/** Markdown per chunk sent to a worker by Git Sync. */
const GIT_CHUNK_BYTES = 128 * 1024;
/**
 * Time budget of one Git Sync chunk: background work, so a busy machine must not fail a sync (a chunk takes tens of
 * milliseconds normally); what the budget still stops is a worker stuck for good.
 */
export const GIT_BUDGET_MS = 30_000;

/**
 * Git Sync import: page bodies -> stored markdown, links resolved by path (`files`, `pages`, `includes`: path -> id), in
 * chunks on the pool, one at a time (GIT_BUDGET_MS each), so that a sync of thousands of pages never holds the event
 * loop and leaves workers to requests.
 */
export function gitImportBodies(items: { from: string; body: string }[], files: ReadonlyMap<string, string>, pages: ReadonlyMap<string, string>, includes: ReadonlyMap<string, string> = new Map()): Promise<{ markdown: string; climbs?: Record<string, string> }[]> {
  const f = [...files];
  const p = [...pages];
  const i = [...includes];
  return inChunks(items, (it) => it.body.length + 64, (chunk, bytes) => runContentTask('gitImportBodies', { items: chunk, files: f, pages: p, includes: i }, bytes, { budgetMs: Math.max(GIT_BUDGET_MS, settings.budgetMs) }));
}

/**
 * Git Sync import: reads the project directory in GitBook's format (gitsync/format/read.ts: SUMMARY.md, every page
 * file's frontmatter, title and body) on the pool, so that parsing a thousand page files does not hold the event loop.
 */
export async function gitReadRepository(listing: { projectDir: string; files: ReadonlyMap<string, string>; texts: ReadonlyMap<string, string> }): Promise<RepoSpace> {
  const input = { projectDir: listing.projectDir, files: [...listing.files], texts: [...listing.texts] };
  const size = input.texts.reduce((n, [, t]) => n + t.length, 0);
  for (let attempt = 0; ; attempt++) {
    try {
      return await runContentTask('gitReadRepository', input, size, { budgetMs: Math.max(GIT_BUDGET_MS, settings.budgetMs) });
    } catch (err) {
      if (!(err instanceof PoolBusyError) || attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** Git Sync export: stored markdown -> page bodies, references as paths (`files`, `pages`, `includes`: id -> path), in chunks on the pool. */
export function gitExportBodies(items: { from: string; markdown: string; climbs?: Record<string, string> }[], files: ReadonlyMap<string, string>, pages: ReadonlyMap<string, string>, includes: ReadonlyMap<string, string> = new Map()): Promise<string[]> {
  const f = [...files];
  const p = [...pages];
  const i = [...includes];
  return inChunks(items, (it) => it.markdown.length + 64, (chunk, bytes) => runContentTask('gitExportBodies', { items: chunk, files: f, pages: p, includes: i }, bytes, { budgetMs: Math.max(GIT_BUDGET_MS, settings.budgetMs) }));
}

/** Time budget of a Word document's conversion (mammoth), on the pool. */
export const DOCX_BUDGET_MS = 30_000;

/** A Word document -> HTML and its images (mammoth, on the pool with its own budget). */
export function docxToHtml(data: Buffer, base: string): Promise<{ html: string; images: { contentType: string; data: Uint8Array }[] }> {
  // One copy of the document, moved to the worker (not copied a second time by the message).
  const copy = new Uint8Array(data);
  return contentPool().run('docxToHtml', { data: copy, base }, { budgetMs: Math.max(DOCX_BUDGET_MS, settings.budgetMs), transfer: [copy.buffer] });
}

/** Bodies converted per task: a list of comments (up to 1,000 of up to 64 KiB) is parsed in pieces of this size. */
const BODIES_PER_TASK_BYTES = 256 * 1024;

/**
 * Comment and reply bodies in the format asked, in order: those that need converting are parsed in batches, on the
 * pool once larger than the inline size, so that listing a thousand comments as documents never runs their parses
 * on the event loop.
 */
export async function bodiesAs(bodies: readonly string[], format: BodyFormat): Promise<ShownBody[]> {
  const out: ShownBody[] = new Array(bodies.length);
  const batches: { at: number[]; bodies: string[]; size: number }[] = [];
  let batch: (typeof batches)[number] | undefined;
  for (const [i, stored] of bodies.entries()) {
    const kind = stored.startsWith('{"markdown"') ? 'markdown' : stored.startsWith('{"document"') ? 'document' : undefined;
    if (kind === undefined || kind === format) {
      out[i] = bodyAs(stored, format); // shown as stored: a JSON parse
      continue;
    }
    if (!batch || batch.size + stored.length > BODIES_PER_TASK_BYTES) batches.push((batch = { at: [], bodies: [], size: 0 }));
    batch.at.push(i);
    batch.bodies.push(stored);
    batch.size += stored.length;
  }
  await Promise.all(batches.map(async (b) => {
    const shown = await runContentTask('bodiesAs', { bodies: b.bodies, format }, b.size);
    b.at.forEach((i, k) => (out[i] = shown[k]!));
  }));
  return out;
}

/** Three-way merge of page markdown. */
export function mergeText(base: string, ours: string, theirs: string): Promise<TextMergeResult> {
  return runContentTask('mergeText', { base, ours, theirs }, base.length + ours.length + theirs.length);
}

/**
 * Time budget of a PDF export, a multiple of the content budget (PDFKit lays out a 1 MB page in about 4 s of CPU;
 * a change request of many pages takes longer): 30 s by default.
 */
export const PDF_BUDGET_FACTOR = 15;

/** A PDF of pages, always on the pool (PDFKit's fixed cost alone is tens of milliseconds), with its own budget. */
export async function renderPdfOffLoop(input: PdfTaskInput): Promise<Buffer> {
  const bytes = await runContentTask('renderPdf', input, Infinity, { budgetMs: settings.budgetMs * PDF_BUDGET_FACTOR });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Time budget of a social image (tens of milliseconds of CPU; its worker loads the fonts first, ~0.3 s once). */
export const OG_IMAGE_BUDGET_MS = 5000;

/** A page's social image (site/og-png.ts), always on the pool (CPU for tens of milliseconds), with its own budget. */
export async function renderOgImageOffLoop(input: OgImageInput): Promise<Buffer> {
  const bytes = await contentPool().run<Uint8Array>('ogImagePng', input, { budgetMs: Math.max(OG_IMAGE_BUDGET_MS, settings.budgetMs) });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * A cheap upper bound of a document's size, to choose inline or pool: counts nodes and text up to a cap (a
 * document past the cap goes to the pool anyway).
 */
function documentSize(document: Document): number {
  const cap = settings.inlineBytes + 1;
  let size = 0;
  const stack: unknown[] = [document];
  while (stack.length > 0 && size < cap) {
    const node = stack.pop() as { nodes?: unknown; leaves?: unknown; fragments?: unknown; text?: unknown; data?: unknown };
    if (node === null || typeof node !== 'object') continue;
    size += 16;
    if (typeof node.text === 'string') size += node.text.length;
    if (Array.isArray(node.nodes)) for (const n of node.nodes) stack.push(n);
    if (Array.isArray(node.leaves)) for (const n of node.leaves) stack.push(n);
    if (Array.isArray(node.fragments)) for (const n of node.fragments) stack.push(n);
    if (node.data && typeof node.data === 'object') size += JSON.stringify(node.data).length;
  }
  return size;
}
