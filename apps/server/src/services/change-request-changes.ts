// GitBook's batch of content changes to a change request (`POST …/change-requests/{id}/content`,
// `updateChangeRequestContent`): `insert_page`, `update_page`, `delete_page`, `revert_page`, `insert_files`,
// turned into the content engine's edits and applied through its front door as ONE revision of the change request
// (editChangeRequestContent: the change request's lock, all or nothing). What needs reading or fetching — the pages
// a revert restores, the files a batch adds, the paths `/pages/<path>` links name — is done first, outside the
// transaction; an error anywhere names the change and field of the request (`/body/changes/3/into`).
import type { RequestBody } from '@bindery/api-types';
import { parse as parseYaml } from 'yaml';
import type { AppContext } from '../context.js';
import { ApiError, invalidField } from '../errors.js';
import { parsePageFile } from '../gitsync/format/page-file.js';
import { contentTypeOf, imageSize } from '../lib/image-size.js';
import { newId } from '../lib/ids.js';
import { safeFetch, UnsafeUrlError } from '../lib/ssrf.js';
import { blobStore } from '../storage/blobs.js';
import {
  ContentError, editChangeRequestContent, findPage, loadChangeRequestContent, loadRevision, pageTree,
  type CommitResult, type ContentEdit, type FileEntry, type PageView, type SpaceContent,
} from '../engine/index.js';
import { contentErrorAnswer } from './content-errors.js';
import type { Actor } from './auth.js';

type Body = RequestBody<'updateChangeRequestContent'>;
type Change = Body['changes'][number];
type PageChange = Extract<Change, { operation: 'insert_page' | 'update_page' }>;
type FileInput = Extract<Change, { operation: 'insert_files' }>['files'][number];

/** A page the batch touched, in the order first touched (GitBook's `changes` of `compat=false`). */
export type TouchedPage = { object: 'created_page' | 'updated_page'; id: string; ref?: string } | { object: 'deleted_page'; id: string };

export interface ChangesResult {
  result: CommitResult;
  changeRequestId: string;
  touched: TouchedPage[];
  insertedFiles: FileEntry[];
}

/** GitBook's limit for inline bytes (`base64`): 1 MB. */
const BASE64_BYTES = 1024 * 1024;
const FETCH_TIMEOUT_MS = 20_000;
const FRONTMATTER = /^---[ \t]*\n(?:([\s\S]*?)\n)?---[ \t]*(?:\n|$)/;

/** The request's field for an engine field of an edit made from a GitBook change. */
function gitbookField(field: string): string {
  if (field === 'parent') return 'into';
  if (field === 'position' || field.startsWith('position/')) return 'at';
  if (field === 'markdown') return 'document/markdown';
  if (field === 'document' || field.startsWith('document/')) return `document/${field}`;
  if (field === 'id') return 'ref';
  return field;
}

/** `25mb`, `512kb`, `1048576` as bytes (the server's upload limit). */
function byteLimit(text: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(text);
  if (!m) return 25 * 1024 * 1024;
  const unit = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[(m[2] ?? 'b').toLowerCase() as 'b'];
  return Math.floor(Number(m[1]) * unit);
}

/** The bytes of one `insert_files` entry: decoded, or fetched through the URL guard. */
async function fileBytes(ctx: AppContext, f: FileInput, at: string): Promise<{ data: Buffer; type?: string }> {
  if ((f.url === undefined) === (f.base64 === undefined)) throw invalidField(at, 'must have exactly one of url and base64');
  if (f.base64 !== undefined) {
    if (!f.contentType) throw invalidField(`${at}/contentType`, 'is required with base64');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(f.base64) || f.base64.length % 4 === 1) throw invalidField(`${at}/base64`, 'is not base64');
    const data = Buffer.from(f.base64, 'base64');
    if (data.length > BASE64_BYTES) throw invalidField(`${at}/base64`, `is more than ${BASE64_BYTES} bytes (limit: 1 MB; give a url instead)`);
    return { data, type: f.contentType };
  }
  const limit = byteLimit(ctx.config.uploadLimit);
  try {
    const res = await safeFetch(f.url!, { allowPrivate: ctx.config.allowPrivateUrls, maxBytes: limit, timeoutMs: FETCH_TIMEOUT_MS });
    if (res.status < 200 || res.status >= 300) throw invalidField(`${at}/url`, `could not be fetched (HTTP ${res.status})`);
    const header = res.headers['content-type'];
    const type = f.contentType ?? (typeof header === 'string' ? header.split(';')[0]!.trim() : undefined);
    return { data: res.body, ...(type ? { type } : {}) };
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (err instanceof UnsafeUrlError) throw invalidField(`${at}/url`, `is not a URL Bindery may fetch (${err.message})`);
    throw invalidField(`${at}/url`, `could not be fetched (${(err as Error).message})`);
  }
}

/** The markdown of a page change with its frontmatter (and, for a new page, leading heading) read as metadata. */
function readMarkdown(markdown: string, isNew: boolean): { body: string; title?: string; fields: Partial<Record<'description' | 'icon' | 'hidden' | 'noIndex' | 'noRobotsIndex', string | boolean>> } {
  const source = markdown.replace(/^\ufeff/, '').replace(/\r\n?/g, '\n');
  const fm = FRONTMATTER.exec(source);
  if (!fm && !isNew) return { body: markdown, fields: {} };
  const parsed = parsePageFile(source);
  const fields: Record<string, string | boolean> = {};
  for (const key of ['description', 'icon', 'hidden', 'noIndex', 'noRobotsIndex'] as const) {
    const v = parsed.fields[key];
    if (v !== undefined) fields[key] = v;
  }
  let title: string | undefined;
  if (fm?.[1]) {
    try {
      const data = parseYaml(fm[1], { maxAliasCount: 100 }) as Record<string, unknown> | null;
      if (data && typeof data.title === 'string' && data.title.trim()) title = data.title.trim();
    } catch {
      /* parsePageFile reported it; the fields it could read are kept */
    }
  }
  if (!isNew) return { body: source.slice(fm![0].length).replace(/^(?:[ \t]*\n)+/, ''), ...(title ? { title } : {}), fields };
  return { body: parsed.body, ...(title ?? parsed.title ? { title: title ?? parsed.title } : {}), fields };
}

/**
 * Link destinations of the batch's markdown: `./<ref>.md`, `./<ref>` (a page or file inserted with that ref) and
 * `/pages/<path>[.md|/README.md]` (a page of the change request by path) become `/pages/<id>` and `/files/<id>`.
 */
function linkRewriter(pageRefs: Map<string, string>, fileRefs: Map<string, string>, byPath: Map<string, string>, ids: Set<string>) {
  const target = (dest: string): string | undefined => {
    const hash = dest.indexOf('#');
    const path = hash < 0 ? dest : dest.slice(0, hash);
    const anchor = hash < 0 ? '' : dest.slice(hash);
    if (path.startsWith('./')) {
      const name = path.slice(2);
      const file = fileRefs.get(name);
      if (file && !anchor) return `/files/${file}`;
      const page = pageRefs.get(name.replace(/\.md$/, '')) ?? pageRefs.get(name);
      if (page) return `/pages/${page}${anchor}`;
      return undefined;
    }
    const m = /^\/pages\/(.+)$/.exec(path);
    if (!m || ids.has(m[1]!)) return undefined;
    let p = m[1]!.replace(/\/+$/, '');
    if (p === 'README.md' || p === 'README') p = '';
    else p = p.replace(/\/README\.md$/, '').replace(/\.md$/, '');
    const id = byPath.get(p);
    return id ? `/pages/${id}${anchor}` : undefined;
  };
  return (markdown: string) =>
    markdown.replace(/(\]\()(<[^>\n]*>|[^)\s]+)((?:\s+"[^"\n]*")?\))/g, (all, open: string, dest: string, close: string) => {
      const bracketed = dest.startsWith('<');
      const to = target(bracketed ? dest.slice(1, -1) : dest);
      return to === undefined ? all : `${open}${to}${close}`;
    });
}

interface Place {
  /** The JSON pointer of the change (or of the file of an `insert_files`). */
  at: string;
}

/** Applies GitBook's batch of changes to a change request as one revision. */
export async function applyChangeRequestChanges(ctx: AppContext, actor: Actor, spaceId: string, ref: string, changes: Change[]): Promise<ChangesResult> {
  const sc = await loadChangeRequestContent(ctx, actor, spaceId, ref, { computed: false });
  const cr = sc.changeRequest;
  const tree = await pageTree(ctx, ctx.db, sc.content);
  const byPath = new Map<string, string>();
  const ids = new Set<string>();
  const walk = (ps: PageView[], parent: string | null) => ps.forEach((p) => {
    ids.add(p.meta.id);
    if (p.path !== null && !byPath.has(p.path)) byPath.set(p.path, p.meta.id);
    walk(p.children, p.meta.id);
  });
  walk(tree, null);
  const first = tree.find((p) => p.meta.type === 'document');
  if (first) byPath.set('', first.meta.id);

  // Refs: unique in the batch, never an existing page's path; each gets its id now.
  const pageRefs = new Map<string, string>();
  const fileRefs = new Map<string, string>();
  const newIds = new Map<number, string>();
  const fileIds = new Map<string, string>();
  const claim = (name: string, at: string) => {
    if (pageRefs.has(name) || fileRefs.has(name)) throw invalidField(at, `is used twice in the batch (${name})`);
    if (byPath.has(name.replace(/\.md$/, ''))) throw invalidField(at, `is the path of a page of the change request (${name})`);
  };
  changes.forEach((c, i) => {
    if (c.operation === 'insert_page') {
      const id = newId();
      newIds.set(i, id);
      if (c.ref !== undefined) {
        claim(c.ref, `/body/changes/${i}/ref`);
        pageRefs.set(c.ref, id);
      }
    } else if (c.operation === 'insert_files') {
      c.files.forEach((f, j) => {
        const id = newId();
        fileIds.set(`${i}/${j}`, id);
        if (f.ref !== undefined) {
          claim(f.ref, `/body/changes/${i}/files/${j}/ref`);
          fileRefs.set(f.ref, id);
        }
      });
    }
  });
  const rewrite = linkRewriter(pageRefs, fileRefs, byPath, ids);

  const edits: ContentEdit[] = [];
  const places: Place[] = [];
  const touched = new Map<string, TouchedPage>();
  const touch = (t: TouchedPage) => {
    const before = touched.get(t.id);
    if (!before) touched.set(t.id, t);
    else if (t.object === 'deleted_page') {
      // A page created and deleted by the batch never existed for the caller.
      if (before.object === 'created_page' && !ids.has(t.id)) touched.delete(t.id);
      else touched.set(t.id, t);
    } else if (before.object === 'deleted_page') touched.set(t.id, t);
  };
  const add = (edit: ContentEdit, at: string) => {
    edits.push(edit);
    places.push({ at });
  };
  const insertedFiles: FileEntry[] = [];
  let base: SpaceContent | undefined;
  const targets = new Map<string, SpaceContent>();

  for (const [i, c] of changes.entries()) {
    const at = `/body/changes/${i}`;
    switch (c.operation) {
      case 'insert_page':
      case 'update_page': {
        if (c.operation === 'update_page' && !ids.has(c.page) && ![...newIds.values()].includes(c.page)) {
          throw new ApiError(404, `Page not found in the change request (${at}/page: ${c.page})`);
        }
        const fields = pageFields(c, c.operation === 'insert_page', rewrite);
        if (c.operation === 'insert_page') {
          const id = newIds.get(i)!;
          add({
            op: 'createPage', id, title: fields.title ?? 'Untitled', ...fields.rest,
            ...(c.into !== undefined ? { parent: c.into } : {}), ...(c.at !== undefined ? { position: { index: c.at } } : {}),
          }, at);
          touch({ object: 'created_page', id, ...(c.ref !== undefined ? { ref: c.ref } : {}) });
        } else {
          const page = { ...(fields.title !== undefined ? { title: fields.title } : {}), ...fields.rest };
          if (Object.keys(page).length) add({ op: 'updatePage', page: c.page, ...page }, at);
          if (c.into !== undefined || c.at !== undefined) {
            add({
              op: 'movePage', page: c.page, keepPlace: true, ...(c.into !== undefined ? { parent: c.into } : {}),
              ...(c.at !== undefined ? { position: { index: c.at } } : {}),
            }, at);
          }
          if (!Object.keys(page).length && c.into === undefined && c.at === undefined) add({ op: 'movePage', page: c.page, keepPlace: true }, at);
          touch({ object: 'updated_page', id: c.page });
        }
        break;
      }
      case 'delete_page':
        add({ op: 'deletePage', page: c.page, mustExist: true }, at);
        touch({ object: 'deleted_page', id: c.page });
        break;
      case 'revert_page': {
        if (c.block !== undefined) {
          throw invalidField(`${at}/block`, 'is not supported: Bindery\'s block keys are derived from the blocks\' content, so an edited block cannot be matched with its earlier version and single blocks are not reverted (revert the whole page: omit block)');
        }
        let target: SpaceContent;
        if (c.revision !== undefined) {
          const known = targets.get(c.revision);
          target = known ?? (await loadRevision(ctx, actor, spaceId, c.revision, { computed: false }).catch((err: unknown) => {
            if (err instanceof ApiError && err.status === 404) throw invalidField(`${at}/revision`, `is not a revision of this space (${c.revision})`);
            throw err;
          }));
          targets.set(c.revision, target);
        } else {
          base ??= await loadRevision(ctx, actor, spaceId, cr.revision_merged_ancestor_id ?? cr.revision_initial_id, { computed: false });
          target = base;
        }
        const edit = await revertEdit(ctx, target, c.page, ids, `${at}/page`);
        if (edit) {
          add(edit, at);
          touch(edit.op === 'deletePage' ? { object: 'deleted_page', id: c.page } : { object: edit.op === 'createPage' ? 'created_page' : 'updated_page', id: c.page });
        }
        break;
      }
      case 'insert_files':
        for (const [j, f] of c.files.entries()) {
          const fileAt = `${at}/files/${j}`;
          const { data, type } = await fileBytes(ctx, f, fileAt);
          const image = imageSize(data);
          const file: FileEntry = {
            id: fileIds.get(`${i}/${j}`)!, name: f.name, contentType: contentTypeOf(f.name, type, data), size: data.length,
            ...(image ? { width: image.width, height: image.height } : {}),
            // The blob is stored before the revision that refers to it (an orphan blob is harmless; a dangling ref is not).
            blob: await blobStore(ctx).put(data),
          };
          add({ op: 'addFile', file }, fileAt);
          insertedFiles.push(file);
        }
        break;
    }
  }

  let result: CommitResult;
  try {
    result = await editChangeRequestContent(ctx, actor, spaceId, ref, edits);
  } catch (err) {
    if (!(err instanceof ContentError)) throw err;
    const { list, index, field } = err.locator;
    const located = new ContentError(err.kind, { list, ...(index !== undefined ? { index } : {}), ...(field ? { field: gitbookField(field) } : {}) }, err.detail, err.extra);
    throw contentErrorAnswer(located, { edit: (i) => places[i]?.at ?? `/body/changes` });
  }
  return { result, changeRequestId: cr.id, touched: [...touched.values()], insertedFiles };
}

/** The engine fields of an `insert_page` / `update_page` (frontmatter read from markdown takes precedence). */
function pageFields(c: PageChange, isNew: boolean, rewrite: (md: string) => string) {
  const rest: Record<string, unknown> = {};
  let title = c.title;
  if (c.slug !== undefined && c.slug !== '') rest.slug = c.slug;
  if (c.emoji !== undefined) rest.emoji = isNew && c.emoji === '' ? undefined : c.emoji === '' ? null : c.emoji;
  if (c.icon !== undefined) rest.icon = isNew && c.icon === '' ? undefined : c.icon === '' ? null : c.icon;
  if (c.description !== undefined) rest.description = c.description === '' ? (isNew ? undefined : null) : c.description;
  for (const key of ['hidden', 'noIndex', 'noRobotsIndex'] as const) if (c[key] !== undefined) rest[key] = c[key];
  if (c.condition !== undefined) rest.condition = c.condition === '' ? (isNew ? undefined : null) : c.condition;
  const doc = c.document as { markdown?: string; document?: Record<string, unknown> } | undefined;
  if (doc?.markdown !== undefined) {
    const read = readMarkdown(doc.markdown, isNew);
    if (read.title) title = read.title;
    Object.assign(rest, read.fields);
    rest.markdown = rewrite(read.body);
  } else if (doc?.document !== undefined) {
    rest.document = doc.document;
  } else if (doc && isNew) {
    rest.markdown = '';
  }
  for (const k of Object.keys(rest)) if (rest[k] === undefined) delete rest[k];
  return { title, rest };
}

/** The edit that gives page `pageId` back its state in `target`: removed, recreated, or its fields and content reset. */
async function revertEdit(
  ctx: AppContext, target: SpaceContent, pageId: string, currentIds: Set<string>, at: string,
): Promise<ContentEdit | undefined> {
  const there = await findPage(ctx, ctx.db, target, pageId).catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 404) return undefined;
    throw err;
  });
  const here = currentIds.has(pageId);
  if (!there && !here) throw new ApiError(404, `Page not found in the change request or in the revision to revert to (${at}: ${pageId})`);
  if (!there) return { op: 'deletePage', page: pageId, mustExist: true };
  const m = there.meta;
  const fields = {
    title: m.title, emoji: m.emoji ?? null, icon: m.icon ?? null, description: m.description ?? null, hidden: m.hidden === true,
    layout: m.layout ?? null, cover: m.cover ?? null, noIndex: m.metadata?.noIndex === true, noRobotsIndex: m.metadata?.noRobotsIndex === true,
    ...(m.type === 'document' ? { markdown: there.markdown ?? '' } : {}),
    ...(m.type === 'link' && m.target ? { href: m.target.kind === 'page' ? `/pages/${String(m.target.page)}` : String(m.target.url) } : {}),
    ...(m.type === 'computed' && m.computed ? { computed: m.computed } : {}),
  };
  if (here) {
    return { op: 'updatePage', page: pageId, ...(m.slug ? { slug: m.slug } : {}), ...fields };
  }
  // Recreated where it was: under its parent of then when the change request still has it, else at the top level.
  const targetTree = await pageTree(ctx, ctx.db, target.content);
  let parent: string | null = null;
  let index = 0;
  const find = (ps: PageView[], under: string | null): boolean => ps.some((p, i) => {
    if (p.meta.id === pageId) {
      parent = under;
      index = i;
      return true;
    }
    return find(p.children, p.meta.id);
  });
  find(targetTree, null);
  const keep = parent !== null && currentIds.has(parent);
  const { emoji, icon, description, layout, cover, ...set } = fields;
  return {
    op: 'createPage', id: pageId, type: m.type, ...set, ...(m.slug ? { slug: m.slug } : {}),
    ...(emoji ? { emoji } : {}), ...(icon ? { icon } : {}), ...(description ? { description } : {}),
    ...(layout ? { layout } : {}), ...(cover ? { cover } : {}),
    ...(keep ? { parent, position: { index } } : {}),
  } as ContentEdit;
}
