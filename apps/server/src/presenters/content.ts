// Revisions, pages and files as GitBook's Revision, RevisionPage and RevisionFile.
import type { components } from '@bindery/api-types';
import type { Config } from '../config.js';
import { markdownToDocument, type Document } from '../content/markdown.js';
import { foldGitBookBlocks } from '../content/gitbook-blocks.js';
import { pageDocument } from '../content/process.js';
import type { SpaceContent, PageTimes, PageView } from '../engine/index.js';
import type { ContentChange, FileEntry } from '../engine/index.js';
import { documentIdOf } from '../engine/index.js';
import type { DbOrTx } from '../db/database.js';
import type { ChangeRequestRow } from '../repos/change-requests.repo.js';
import { presentChangeRequests } from './change-request.js';
import { Lru } from '../lib/lru.js';
import { holdsSharedJson, LONG_JSON_STRING, shareJsonText } from '../lib/json-text.js';
import type { ReusableContent } from '../gitsync/metadata.js';

type RevisionJson = components['schemas']['Revision'];
type PageJson = components['schemas']['RevisionPage'];
type FileJson = components['schemas']['RevisionFile'];

/** Git Sync metadata of a revision (gitsync/metadata.ts); absent with `metadata=false` or without Git Sync. */
export interface GitMetadata {
  revision?: { oid: string; message: string; createdByService: boolean; createdByGitBook: boolean; url?: string; ref?: string };
  pages: Map<string, { oid: string; path: string }>;
  files: Map<string, { oid: string; path: string }>;
}

export interface PagePresentation {
  format?: 'markdown' | 'document';
  git?: GitMetadata;
  /** createdAt/updatedAt by page id (services/content.ts pageTimes); pages without a recorded history omit them. */
  times?: PageTimes;
  /** The page's JSON document, already parsed (presentPageDocument parses it off the event loop). */
  document?: Document;
}

const KIND = { document: 'sheet', group: 'group', link: 'link' } as const;

/** GitBook's page layout defaults: what a document page answers for every option never set. */
const LAYOUT_DEFAULTS = {
  width: 'default', cover: true, coverSize: 'hero', coverMask: 'none', title: true, description: true, tableOfContents: true,
  outline: true, pagination: true, metadata: true, tags: true, actions: true, anchors: true,
} as const;

export function pageAppUrl(config: Config, spaceId: string, path: string): string {
  return `${config.appUrl}/s/${spaceId}/${path.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * Documents of markdown already shown, by markdown (a document is a pure function of its markdown, so an entry never
 * goes stale), bounded in bytes: a parsed document takes roughly ten times the memory of its markdown, its JSON text
 * (kept once written) two to four. Entries are frozen: every answer showing the same markdown shares one.
 */
export const DOCUMENT_CACHE_BYTES = 32 * 1024 * 1024;
const shownDocuments = new Lru<string, { doc: Document; weight: number }>(DOCUMENT_CACHE_BYTES, (e) => e.weight);

async function shownDocument(markdown: string): Promise<Document> {
  const hit = shownDocuments.get(markdown);
  if (hit) return hit.doc;
  // Frozen, and its JSON text kept once written (lib/json-text.ts): answers showing it write that text.
  const doc = shareJsonText(deepFreeze(await pageDocument(markdown)));
  shownDocuments.set(markdown, { doc, weight: 256 + markdown.length * 16 });
  return doc;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** presentPage for one page read, its JSON document parsed first (in the content worker pool when large). */
export async function presentPageDocument(config: Config, spaceId: string, p: PageView, opts: PagePresentation = {}): Promise<PageJson> {
  const format = opts.format ?? 'document';
  const document = format === 'document' && p.meta.type === 'document' && p.markdown ? await shownDocument(p.markdown) : undefined;
  return presentPage(config, spaceId, p, { ...opts, format, ...(document ? { document } : {}) });
}

/** The JSON document of a page alone (getPageDocumentInRevisionById): a page without content has no nodes. */
export async function presentDocumentOf(p: PageView): Promise<components['schemas']['Document']> {
  return presentMarkdownDocument(p.meta.type === 'document' ? (p.markdown ?? '') : '');
}

/** The JSON document of stored markdown, as page documents are shown. */
export async function presentMarkdownDocument(markdown: string): Promise<components['schemas']['Document']> {
  return (await shownDocument(markdown)) as unknown as components['schemas']['Document'];
}

/** A page's meta links (GitBook's RevisionPageMetaLinks): `{}` when it has none. */
export function metaLinksOf(p: PageView): components['schemas']['PageMetaLinks'] {
  const links = (p.meta.metadata as { metaLinks?: unknown } | undefined)?.metaLinks;
  return (links && typeof links === 'object' ? links : {}) as components['schemas']['PageMetaLinks'];
}

export function presentPage(config: Config, spaceId: string, p: PageView, opts: PagePresentation = {}): PageJson {
  const m = p.meta;
  const meta = (m.metadata ?? {}) as Record<string, unknown>;
  if (m.type === 'computed') {
    // GitBook's RevisionPageComputed: what it stands for, no kind, slug or path (computed=false reads show it).
    return { id: m.id, title: m.title, type: 'computed', computed: (m.computed ?? { type: 'builtin:openapi' }) as PageJson['computed'] };
  }
  const out: PageJson = { id: m.id, title: m.title, type: m.type, kind: KIND[m.type] };
  if (m.emoji) out.emoji = m.emoji;
  if (m.icon) out.icon = m.icon;
  const times = opts.times?.get(m.id);
  if (times) {
    out.createdAt = times.createdAt;
    out.updatedAt = times.updatedAt ?? times.createdAt;
  }
  const git = opts.git?.pages.get(m.id);
  if (git) out.git = git;
  if (m.type === 'link') {
    const target = (m.target ?? { kind: 'url', url: '' }) as { kind: string; url?: string; page?: string };
    out.target = target;
    if (target.kind === 'url' && target.url) out.href = target.url;
    if (m.hidden) out.hidden = true;
    return out;
  }
  out.slug = m.slug;
  out.path = p.path ?? m.slug;
  if (m.type === 'document') out.urls = { app: pageAppUrl(config, spaceId, out.path) };
  if (m.description) out.description = m.description;
  if (m.type === 'document') {
    out.layout = { ...LAYOUT_DEFAULTS, ...(m.layout as PageJson['layout']) };
    out.tags = [];
  } else if (m.layout) out.layout = m.layout as PageJson['layout'];
  if (m.cover) out.cover = m.cover as PageJson['cover'];
  if (m.hidden) out.hidden = true;
  if (meta.noIndex === true) out.noIndex = true;
  if (meta.noRobotsIndex === true) out.noRobotsIndex = true;
  if (typeof meta.condition === 'string' && meta.condition.trim()) out.condition = meta.condition;
  if (meta.metaLinks) out.metaLinks = meta.metaLinks as PageJson['metaLinks'];
  if (m.type === 'document' && !m.computedSeed && p.contentHash) out.documentId = documentIdOf(m.id, p.contentHash);
  if (m.computed) {
    // A page generated from a computed page (engine/computed.ts): the document source it was made from.
    out.computed = m.computed as PageJson['computed'];
    if (m.computedSeed) out.computedSeed = m.computedSeed;
  }
  if (m.type === 'document' && p.markdown !== undefined) {
    if (opts.format === 'markdown') {
      out.markdown = p.markdown;
      // Written property by property, the markdown with the JSON text its page's hash just made (lib/json-text.ts).
      if (p.markdown.length >= LONG_JSON_STRING) holdsSharedJson(out);
    }
    else if (opts.format === 'document') {
      out.document = (opts.document ?? foldGitBookBlocks(markdownToDocument(p.markdown))) as unknown as PageJson['document'];
      if (opts.document) holdsSharedJson(out);
    }
  }
  out.pages = p.children.map((c) => presentPage(config, spaceId, c, { git: opts.git, times: opts.times }));
  return out;
}

export function fileDownloadUrl(config: Config, spaceId: string, revisionId: string, fileId: string): string {
  return `${config.publicUrl}/v1/spaces/${spaceId}/revisions/${revisionId}/files/${fileId}/download`;
}

export function presentFile(config: Config, spaceId: string, revisionId: string, f: FileEntry, git?: GitMetadata): FileJson {
  const g = git?.files.get(f.id);
  return {
    ...(g ? { git: g } : {}),
    id: f.id,
    name: f.name,
    contentType: f.contentType,
    downloadURL: fileDownloadUrl(config, spaceId, revisionId, f.id),
    size: f.size,
    ...(f.width !== undefined && f.height !== undefined ? { dimensions: { width: f.width, height: f.height } } : {}),
  };
}

/** A reusable content (gitsync/metadata.ts) as GitBook's RevisionReusableContent; `git` unless the read says `metadata=false`. */
export function presentReusableContent(r: ReusableContent, withGit: boolean): components['schemas']['RevisionReusableContent'] {
  return { id: r.id, title: r.title, ...(withGit ? { git: { oid: r.oid, path: r.path } } : {}), document: r.blob };
}

export function presentRevision(
  config: Config, sc: SpaceContent, pages: PageView[], files: FileEntry[], git?: GitMetadata, times?: PageTimes, reusable: readonly ReusableContent[] = [],
): RevisionJson {
  const r = sc.content.revision;
  const spaceId = sc.space.id;
  return {
    object: 'revision',
    id: r.id,
    parents: JSON.parse(r.parents) as string[],
    pages: pages.map((p) => presentPage(config, spaceId, p, { git, times })),
    files: files.map((f) => presentFile(config, spaceId, r.id, f, git)),
    reusableContents: reusable.map((r) => ({ id: r.id, title: r.title, ...(git ? { git: { oid: r.oid, path: r.path } } : {}) })),
    tags: [],
    variables: sc.content.variables,
    createdAt: r.created_at,
    urls: { app: `${config.appUrl}/s/${spaceId}/~/revisions/${r.id}` },
    type: r.type as RevisionJson['type'],
    ...(r.type === 'computed' ? { sourceRevision: (JSON.parse(r.parents) as string[])[0]! } : {}),
    ...(git?.revision ? { git: git.revision } : {}),
  };
}

type ChangesJson = components['schemas']['RevisionSemanticChanges'];
type ChangeJson = ChangesJson['changes'][number];

/**
 * The semantic changes between two revisions (engine/changes.ts) as GitBook's RevisionSemanticChanges: the first
 * `limit` of them, `more` counting the rest; `mergedFrom` the change request a merge revision merged.
 */
export async function presentSemanticChanges(
  config: Config, db: DbOrTx, spaceId: string, changes: readonly ContentChange[], limit: number,
  mergedFrom?: { row: ChangeRequestRow; spaceRevisionId: string; showEmails: boolean },
): Promise<ChangesJson> {
  const file = (f: FileEntry, revisionId: string) => ({ id: f.id, name: f.name, contentType: f.contentType, downloadURL: fileDownloadUrl(config, spaceId, revisionId, f.id) });
  const dims = (f: FileEntry) => (f.width !== undefined && f.height !== undefined ? { width: f.width, height: f.height } : undefined);
  const shown = changes.slice(0, limit).map((c): ChangeJson => {
    switch (c.type) {
      case 'file_created':
      case 'file_deleted':
        return { type: c.type, file: file(c.file, c.revisionId) };
      case 'file_edited': {
        const attributes: Record<string, { before?: unknown; after?: unknown }> = {};
        const pair = (name: string, before: unknown, after: unknown) => {
          if (JSON.stringify(before) !== JSON.stringify(after)) attributes[name] = { ...(before !== undefined ? { before } : {}), ...(after !== undefined ? { after } : {}) };
        };
        pair('name', c.before.name, c.file.name);
        pair('contentType', c.before.contentType, c.file.contentType);
        pair('size', c.before.size, c.file.size);
        pair('dimensions', dims(c.before), dims(c.file));
        if (c.before.blob !== c.file.blob) attributes.downloadURL = { before: fileDownloadUrl(config, spaceId, c.beforeRevisionId, c.file.id), after: fileDownloadUrl(config, spaceId, c.revisionId, c.file.id) };
        return { type: c.type, file: file(c.file, c.revisionId), attributes };
      }
      default:
        return c;
    }
  });
  const out: ChangesJson = { changes: shown };
  if (changes.length > limit) out.more = changes.length - limit;
  if (mergedFrom) out.mergedFrom = (await presentChangeRequests(config, db, [mergedFrom.row], () => mergedFrom.spaceRevisionId, mergedFrom.showEmails))[0]!;
  return out;
}
