/**
 * The limits of content processing, and the error that names them.
 *
 * Every path that parses, converts or renders user content (page markdown and
 * documents, comment bodies, imports, PDF export, search sections, link
 * extraction, text merges) checks these limits while it works, in time linear
 * in its input; past a limit it throws a `ContentLimitError`, which the HTTP
 * layer answers with its status (413 for sizes, 422 for shapes) and message.
 * docs/content-pipeline.md lists them; the figures behind them are in the same
 * document.
 */

export const LIMITS = Object.freeze({
  /** Markdown of one page (UTF-8 bytes). */
  markdownBytes: 2 * 1024 * 1024,
  /** Markdown of one comment or reply body (UTF-8 bytes). */
  commentBytes: 64 * 1024,
  /** Nesting of blocks: each blockquote, list, list item, hint or footnote counts one level. */
  depth: 48,
  /** Blocks of one document (paragraphs, headings, list items, table cells, code blocks, …). */
  blocks: 100_000,
  /** Columns of one table (a table's header row sets them; markdown pads every row to that many cells). */
  tableColumns: 1_000,
  /** Inline pieces of one document (text runs, marks, links, images, breaks, …). */
  inlines: 400_000,
  /** Normalised markdown of a page, once reference links are inlined and tables padded (UTF-8 bytes). */
  outputBytes: 4 * 1024 * 1024,
  /** Lines of each side of a three-way text merge. */
  mergeLines: 100_000,
  /** Edits (line insertions + deletions) a text diff follows before it treats the rest as one change. */
  diffEdits: 4_000,
  /** HTML of one imported page (UTF-8 bytes). */
  htmlBytes: 5 * 1024 * 1024,
});

export type LimitName = keyof typeof LIMITS;

/** Content past one of the limits above (or past its time budget): `status` is 413 for sizes, 422 otherwise. */
export class ContentLimitError extends Error {
  readonly status: 413 | 422;
  readonly limit: LimitName | 'budget';

  constructor(status: 413 | 422, message: string, limit: LimitName | 'budget') {
    super(message);
    this.name = 'ContentLimitError';
    this.status = status;
    this.limit = limit;
  }
}

const SIZE_LIMITS: ReadonlySet<LimitName> = new Set(['markdownBytes', 'commentBytes', 'outputBytes', 'htmlBytes']);

/** The error for `limit`; `what` says what was being processed and how it went past it. */
export function limitError(limit: LimitName, what: string): ContentLimitError {
  return new ContentLimitError(SIZE_LIMITS.has(limit) ? 413 : 422, `${what} (limit: ${describeLimit(limit)})`, limit);
}

export function describeLimit(limit: LimitName): string {
  const value = LIMITS[limit];
  switch (limit) {
    case 'markdownBytes':
    case 'commentBytes':
    case 'outputBytes':
    case 'htmlBytes':
      return `${formatBytes(value)} of ${limit === 'htmlBytes' ? 'HTML' : 'markdown'}`;
    case 'depth':
      return `${value} nested levels`;
    case 'blocks':
      return `${value.toLocaleString('en-US')} blocks`;
    case 'tableColumns':
      return `${value.toLocaleString('en-US')} table columns`;
    case 'inlines':
      return `${value.toLocaleString('en-US')} inline elements`;
    case 'mergeLines':
      return `${value.toLocaleString('en-US')} lines`;
    case 'diffEdits':
      return `${value.toLocaleString('en-US')} changed lines`;
  }
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(2))} MiB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(2))} KiB`;
  return `${bytes} bytes`;
}

/** Throws when `text` is longer than `limit` bytes of UTF-8; `what` names it (e.g. "the markdown"). */
export function checkBytes(text: string, limit: 'markdownBytes' | 'commentBytes' | 'outputBytes' | 'htmlBytes', what: string): void {
  // A string of n UTF-16 units is at most 3n bytes: only long strings need counting.
  if (text.length * 3 <= LIMITS[limit]) return;
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > LIMITS[limit]) throw limitError(limit, `${what} is ${formatBytes(bytes)}, more than allowed`);
}

/** Rethrows a ContentLimitError with the request field it came from in front of its message (others pass through). */
export function withField<T>(field: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof ContentLimitError) throw new ContentLimitError(err.status, `${field}: ${err.message}`, err.limit);
    throw err;
  }
}
