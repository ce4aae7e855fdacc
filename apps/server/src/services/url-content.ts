// GitBook's getContentByUrl (GET /urls/content?url=): a URL of this Bindery — of its app (`urls.app` of spaces,
// pages, change requests and collections) or of its API (`/v1/spaces/…`, `/v1/collections/…`) — resolved to the
// content it shows: a collection, or a space with the change request and the page the URL names. The content is
// loaded as its own reads load it (same access rules: 404 for what the caller may not see; a path of the current
// content follows the space's `.gitbook.yaml` redirects, as getPageByPath does); any other URL, of another host or of
// no content, is 404.
import type { components } from '@bindery/api-types';
import type { AppContext } from '../context.js';
import { ApiError } from '../errors.js';
import { findPage, loadChangeRequestContent, loadContent, loadRevision, type SpaceContent } from '../engine/index.js';
import { findPageByPathOrRedirect } from '../gitsync/redirects.js';
import { presentCollection } from '../presenters/collection.js';
import { presentPage } from '../presenters/content.js';
import { presentSpace } from '../presenters/space.js';
import type { Actor } from './auth.js';
import { getChangeRequest } from './change-requests.js';
import { getCollection } from './collections.js';
import { loadSpace } from './spaces.js';

type ContentByUrl = components['schemas']['ContentByUrl'];
type SpaceContentByUrl = Extract<ContentByUrl, { space: unknown }>;

/** What a URL names (`in`: whose content the page is read from; `page`: by path or by id). */
type UrlTarget =
  | { kind: 'collection'; collectionId: string }
  | { kind: 'space'; spaceId: string; in?: { changeRequest: string } | { revision: string }; page?: { path: string } | { id: string } };

const notFound = () => new ApiError(404, 'No content of this Bindery at this URL');

/** The path segments of `url` below `base` (same origin, under its path), or undefined. */
function below(url: URL, base: string): string[] | undefined {
  const b = new URL(base);
  const prefix = b.pathname.replace(/\/+$/, '');
  if (url.origin !== b.origin || (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`))) return undefined;
  try {
    return url.pathname.slice(prefix.length).split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return undefined;
  }
}

const pathOf = (segments: string[]) => (segments.length ? { path: segments.join('/') } : undefined);

/** App URLs: /s/{space}[/{path}], /s/{space}/~/changes/{number}[/{path}], /s/{space}/~/revisions/{id}[/{path}], /c/{collection}. */
function appTarget(s: string[]): UrlTarget | undefined {
  const [kind, id, ...rest] = s;
  if (!id) return undefined;
  if (kind === 'c') return rest.length === 0 ? { kind: 'collection', collectionId: id } : undefined;
  if (kind !== 's') return undefined;
  if (rest[0] !== '~') return { kind: 'space', spaceId: id, page: pathOf(rest) };
  const [, what, ref, ...path] = rest;
  if (!ref) return undefined;
  if (what === 'changes') return { kind: 'space', spaceId: id, in: { changeRequest: ref }, page: pathOf(path) };
  if (what === 'revisions') return { kind: 'space', spaceId: id, in: { revision: ref }, page: pathOf(path) };
  return undefined;
}

/** A page of API content paths: content/path/{path}, content/page/{id} (revisions: path/{path}, page/{id}). */
function apiPage(s: string[], revision = false): { page?: { path: string } | { id: string } } | undefined {
  if (s.length === 0) return {};
  const [a, b, c, ...more] = revision ? ['content', ...s] : s;
  if (a !== 'content' || !c) return undefined;
  if (b === 'path') return { page: { path: [c, ...more].join('/') } };
  if (b === 'page' && more.length === 0) return { page: { id: c } };
  return undefined;
}

/** API URLs: /v1/spaces/{space}[/content/…], …/change-requests/{ref}[/content/…], …/revisions/{id}[/…], /v1/collections/{id}. */
function apiTarget(s: string[]): UrlTarget | undefined {
  const [v1, kind, id, ...rest] = s;
  if (v1 !== 'v1' || !id) return undefined;
  if (kind === 'collections') return rest.length === 0 ? { kind: 'collection', collectionId: id } : undefined;
  if (kind !== 'spaces') return undefined;
  const [what, ref, ...more] = rest;
  if (what === 'change-requests' && ref) {
    const p = apiPage(more);
    return p && { kind: 'space', spaceId: id, in: { changeRequest: ref }, ...p };
  }
  if (what === 'revisions' && ref) {
    const p = apiPage(more, true);
    return p && { kind: 'space', spaceId: id, in: { revision: ref }, ...p };
  }
  const p = apiPage(rest);
  return p && { kind: 'space', spaceId: id, ...p };
}

function targetOf(ctx: AppContext, raw: string): UrlTarget | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  const app = below(url, ctx.config.appUrl);
  const api = below(url, ctx.config.publicUrl);
  return (app && appTarget(app)) ?? (api && apiTarget(api)) ?? undefined;
}

/** GET /urls/content: the collection, or the space (with its change request and page) the URL shows. */
export async function contentByUrl(ctx: AppContext, actor: Actor, url: string): Promise<ContentByUrl> {
  const target = targetOf(ctx, url);
  if (!target) throw notFound();
  if (target.kind === 'collection') {
    const { collection, access } = await getCollection(ctx, actor, target.collectionId);
    return { collection: presentCollection(ctx.config, collection, access) };
  }
  const { space, access } = await loadSpace(ctx, ctx.db, actor, target.spaceId, 'view');
  const out: SpaceContentByUrl = { space: presentSpace(ctx.config, space, access) };
  let sc: SpaceContent | undefined;
  if (target.in && 'changeRequest' in target.in) {
    out.changeRequest = await getChangeRequest(ctx, actor, space.id, target.in.changeRequest);
    if (target.page) sc = await loadChangeRequestContent(ctx, actor, space.id, target.in.changeRequest);
  } else if (target.in) {
    sc = await loadRevision(ctx, actor, space.id, target.in.revision);
  } else if (target.page) {
    sc = await loadContent(ctx, actor, space.id);
  }
  if (target.page && sc) {
    const page = 'id' in target.page ? await findPage(ctx, ctx.db, sc, target.page.id, false) : await findPageByPathOrRedirect(ctx, sc, target.page.path);
    out.page = presentPage(ctx.config, space.id, page);
  }
  return out;
}
