// A site's share links and redirects (GitBook's `…/sites/{siteId}/share-links`, `…/redirects`, `…/redirect`).
// The create role manages both (policies/site.ts: 404 when the caller may not see the site, 403 when they may not
// change it); members who see the site list its redirects; whoever may read the published profile resolves one.
// Every change runs in the site's transaction (services/sites.ts changeSite: its row lock, its version bumped), so
// the published site sees it on the next request — a deleted or deactivated share link's key is refused at once,
// since the published site checks the key against the database on every request.
import type { components, RequestBody } from '@bindery/api-types';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import type { PageRequest } from '../db/pagination.js';
import { ApiError, conflict, invalidField, notFound } from '../errors.js';
import { newId, randomString } from '../lib/ids.js';
import { redirectsRepo, shareLinksRepo, type RedirectOrder, type RedirectRow, type ShareLinkRow } from '../repos/site-links.repo.js';
import { sitesRepo, type SiteRow, type SiteStructure } from '../repos/sites.repo.js';
import { spacesRepo } from '../repos/spaces.repo.js';
import { publishedBase } from '../presenters/site.js';
import { liveRedirects, matchRedirect, redirectTarget, type RedirectDestination } from '../site/redirects.js';
import { revisionView, type RevisionView } from '../site/state.js';
import { recordAudit } from './audit.js';
import type { Actor } from './auth.js';
import { changeSite, loadSite, loadSiteForReaders } from './sites.js';

const KEY_LENGTH = 32;

// Share links ------------------------------------------------------------------------------------------------------

export async function listShareLinks(ctx: AppContext, actor: Actor, orgId: string, siteId: string, q: PageRequest & { search?: string }) {
  const { site } = await loadSite(ctx, ctx.db, actor, orgId, siteId, 'edit');
  return { site, page: await shareLinksRepo.list(ctx.db, site.id, q.search, q) };
}

export async function createShareLink(ctx: AppContext, actor: Actor, orgId: string, siteId: string, name: string): Promise<{ site: SiteRow; link: ShareLinkRow }> {
  return changeSite(ctx, actor, orgId, siteId, async (tx, { site }) => {
    const link: ShareLinkRow = { id: newId(), site_id: site.id, key: randomString(KEY_LENGTH), name, active: 1, created_at: ctx.clock.now().toISOString() };
    await shareLinksRepo.insert(tx, link);
    await recordAudit(ctx, tx, actor, site.org_id, { action: 'site.share_link_created', target: { type: 'site', id: site.id, label: site.title }, payload: { shareLink: link.id, name } });
    return { site, link };
  });
}

export async function updateShareLink(ctx: AppContext, actor: Actor, orgId: string, siteId: string, linkId: string, body: RequestBody<'updateSiteShareLinkById'>) {
  return changeSite(ctx, actor, orgId, siteId, async (tx, { site }) => {
    const link = await shareLinksRepo.find(tx, site.id, linkId);
    if (!link) throw notFound('Share link');
    const patch: Partial<ShareLinkRow> = {};
    if (body.name !== undefined) patch.name = body.name;
    if (body.active !== undefined) patch.active = body.active ? 1 : 0;
    if (Object.keys(patch).length) await shareLinksRepo.update(tx, link.id, patch);
    // Recorded: the link turned on or off (what grants access), not a rename.
    if (patch.active !== undefined && patch.active !== link.active) {
      await recordAudit(ctx, tx, actor, site.org_id, {
        action: patch.active ? 'site.share_link_activated' : 'site.share_link_deactivated', target: { type: 'site', id: site.id, label: site.title },
        payload: { shareLink: link.id, name: patch.name ?? link.name },
      });
    }
    return { site, link: { ...link, ...patch } };
  });
}

/** Deletes a share link; answers whether there was one. */
export async function deleteShareLink(ctx: AppContext, actor: Actor, orgId: string, siteId: string, linkId: string): Promise<boolean> {
  return changeSite(ctx, actor, orgId, siteId, async (tx, { site }) => {
    const deleted = await shareLinksRepo.delete(tx, site.id, linkId);
    if (deleted) await recordAudit(ctx, tx, actor, site.org_id, { action: 'site.share_link_deleted', target: { type: 'site', id: site.id, label: site.title }, payload: { shareLink: linkId } });
    return deleted;
  });
}

// Redirects --------------------------------------------------------------------------------------------------------

type InputDestination = components['schemas']['SiteRedirectInputDestination'];

/** The revisions (as readers see them) of the spaces that destinations name a page of, by space id. */
type DestinationRevisions = ReadonlyMap<string, RevisionView | undefined>;

/**
 * The revisions of the spaces whose pages `destinations` name (by path or by id), read BEFORE the site's
 * transaction: reading a space's revision may first catch its indexes up, a write transaction of its own, which on
 * SQLite's single writer would wait forever behind the site's transaction (every write of the process with it).
 * The caller must be allowed to change the site (the same 404/403 as changeSite's).
 */
async function destinationRevisions(
  ctx: AppContext, actor: Actor, orgId: string, siteId: string, destinations: readonly (InputDestination | null | undefined)[],
): Promise<DestinationRevisions> {
  const named = destinations.filter((d): d is InputDestination => d?.kind === 'path' || d?.kind === 'site-page');
  if (named.length === 0) return new Map();
  const { site } = await loadSite(ctx, ctx.db, actor, orgId, siteId, 'edit');
  const s = await sitesRepo.structure(ctx.db, site.id);
  const out = new Map<string, RevisionView | undefined>();
  for (const d of named) {
    const ss = d.kind === 'path' ? s.siteSpaces.find((x) => x.space_id === d.spaceId)
      : d.kind === 'site-page' ? s.siteSpaces.find((x) => x.id === d.siteSpaceId) : undefined;
    if (ss && !out.has(ss.space_id)) out.set(ss.space_id, await currentRevision(ctx, ss.space_id));
  }
  return out;
}

/**
 * The destination as stored: its section, site space or page must be in the site (a `path` destination becomes the
 * page at that path in the first site space publishing the space), external URLs http(s). 400 naming `field`.
 * Pages are looked up in `revs` (destinationRevisions, read before the transaction).
 */
function storedDestination(s: SiteStructure, d: InputDestination, field: string, revs: DestinationRevisions): RedirectDestination {
  switch (d.kind) {
    case 'external':
      if (!/^https?:\/\//i.test(d.url)) throw invalidField(`${field}/url`, 'must be an http(s) URL');
      return { kind: 'external', url: d.url };
    case 'site-section':
      if (!s.sections.some((x) => x.id === d.siteSectionId)) throw invalidField(`${field}/siteSectionId`, 'is not a section of this site');
      return { kind: 'site-section', siteSectionId: d.siteSectionId };
    case 'site-space':
      if (!s.siteSpaces.some((x) => x.id === d.siteSpaceId)) throw invalidField(`${field}/siteSpaceId`, 'is not a site space of this site');
      return { kind: 'site-space', siteSpaceId: d.siteSpaceId };
    case 'site-page': {
      const ss = s.siteSpaces.find((x) => x.id === d.siteSpaceId);
      if (!ss) throw invalidField(`${field}/siteSpaceId`, 'is not a site space of this site');
      const rev = revs.get(ss.space_id);
      if (!rev?.byId.has(d.pageId)) throw invalidField(`${field}/pageId`, 'is not a page of the site space');
      return { kind: 'site-page', siteSpaceId: ss.id, pageId: d.pageId };
    }
    case 'path': {
      const ss = s.siteSpaces.find((x) => x.space_id === d.spaceId);
      if (!ss) throw invalidField(`${field}/spaceId`, 'is not a space this site publishes');
      const rev = revs.get(ss.space_id);
      const path = d.path.replace(/^\/+|\/+$/g, '').replace(/\.md$/, '');
      const page = rev?.byPath.get(path) ?? rev?.byPath.get(path.toLowerCase());
      if (!page) throw invalidField(`${field}/path`, 'is not the path of a page of the space');
      return { kind: 'site-page', siteSpaceId: ss.id, pageId: page.page.meta.id };
    }
  }
}

async function currentRevision(ctx: AppContext, spaceId: string) {
  const space = await spacesRepo.findById(ctx.db, spaceId);
  return space && space.deleted_at === null ? revisionView(ctx, space) : undefined;
}

const sourceTaken = (source: string, draft: boolean) => conflict(`A ${draft ? 'draft' : 'live'} redirect of this site already has the source "${source}"`);

export async function listRedirects(ctx: AppContext, actor: Actor, orgId: string, siteId: string, q: PageRequest & { search?: string; draft?: boolean; orderBy?: RedirectOrder }) {
  const { site } = await loadSite(ctx, ctx.db, actor, orgId, siteId, 'view');
  return redirectsRepo.list(ctx.db, site.id, { draft: q.draft ?? false, ...(q.search ? { search: q.search } : {}), orderBy: q.orderBy ?? 'createdAt' }, q);
}

export async function createRedirect(ctx: AppContext, actor: Actor, orgId: string, siteId: string, body: RequestBody<'createSiteRedirect'>): Promise<{ site: SiteRow; redirect: RedirectRow }> {
  const revs = await destinationRevisions(ctx, actor, orgId, siteId, [body.destination]);
  return changeSite(ctx, actor, orgId, siteId, async (tx, { site }, s) => {
    const draft = body.draft ?? false;
    if (await redirectsRepo.findBySource(tx, site.id, draft, body.source)) throw sourceTaken(body.source, draft);
    const now = ctx.clock.now().toISOString();
    const redirect: RedirectRow = {
      id: newId(), site_id: site.id, source: body.source, draft: draft ? 1 : 0, capture_wildcard: body.captureWildcard ? 1 : 0,
      permanent: body.permanent ? 1 : 0, destination: JSON.stringify(storedDestination(s, body.destination, '/body/destination', revs)),
      created_at: now, updated_at: null, changed_at: now,
    };
    await redirectsRepo.insert(tx, redirect);
    return { site, redirect };
  });
}

export async function updateRedirect(ctx: AppContext, actor: Actor, orgId: string, siteId: string, redirectId: string, body: RequestBody<'updateSiteRedirectById'>): Promise<RedirectRow> {
  const revs = await destinationRevisions(ctx, actor, orgId, siteId, [body.destination]);
  return changeSite(ctx, actor, orgId, siteId, async (tx, { site }, s) => {
    const row = await redirectsRepo.find(tx, site.id, redirectId);
    if (!row) throw notFound('Site redirect');
    const source = body.source ?? row.source;
    const draft = body.draft ?? row.draft === 1;
    if (source !== row.source || draft !== (row.draft === 1)) {
      const other = await redirectsRepo.findBySource(tx, site.id, draft, source);
      if (other && other.id !== row.id) throw sourceTaken(source, draft);
    }
    const now = ctx.clock.now().toISOString();
    const patch: Partial<RedirectRow> = { source, draft: draft ? 1 : 0, updated_at: now, changed_at: now };
    if (body.captureWildcard !== undefined) patch.capture_wildcard = body.captureWildcard ? 1 : 0;
    if (body.permanent !== undefined) patch.permanent = body.permanent ? 1 : 0;
    if (body.destination !== undefined) patch.destination = JSON.stringify(storedDestination(s, body.destination, '/body/destination', revs));
    await redirectsRepo.update(tx, row.id, patch);
    return { ...row, ...patch };
  });
}

export async function deleteRedirect(ctx: AppContext, actor: Actor, orgId: string, siteId: string, redirectId: string): Promise<boolean> {
  return changeSite(ctx, actor, orgId, siteId, (tx, { site }) => redirectsRepo.delete(tx, site.id, redirectId));
}

type BulkItem = RequestBody<'bulkUpsertSiteRedirects'>['redirects'][number];
interface BulkResult {
  status: 'created' | 'updated' | 'deleted' | 'published' | 'error';
  source: string;
  draft: boolean;
  id?: string;
  error?: string;
}

/** Applies the items in order in one transaction; an item that cannot be applied is an `error` result. */
export async function bulkUpsertRedirects(ctx: AppContext, actor: Actor, orgId: string, siteId: string, items: readonly BulkItem[]): Promise<BulkResult[]> {
  // An upsert without a destination is malformed input, refused before anything is applied.
  items.forEach((item, i) => {
    if (item.intent !== 'publish' && item.destination === undefined) throw invalidField(`/body/redirects/${i}/destination`, 'is required (null deletes the redirect)');
  });
  const revs = await destinationRevisions(ctx, actor, orgId, siteId, items.map((item) => item.intent === 'publish' ? undefined : item.destination));
  return changeSite(ctx, actor, orgId, siteId, async (tx, { site }, s) => {
    const results: BulkResult[] = [];
    for (const [i, item] of items.entries()) {
      try {
        results.push(await applyBulkItem(ctx, tx, site, s, revs, item, `/body/redirects/${i}/destination`));
      } catch (err) {
        if (!(err instanceof ApiError) || err.status >= 500) throw err;
        results.push({ status: 'error', source: item.source, draft: item.intent === 'draft', error: err.message });
      }
    }
    return results;
  });
}

async function applyBulkItem(ctx: AppContext, tx: DbOrTx, site: SiteRow, s: SiteStructure, revs: DestinationRevisions, item: BulkItem, field: string): Promise<BulkResult> {
  const now = ctx.clock.now().toISOString();
  if (item.intent === 'publish') {
    const draft = await redirectsRepo.findBySource(tx, site.id, true, item.source);
    if (!draft) throw notFound('Draft redirect with this source');
    const live = await redirectsRepo.findBySource(tx, site.id, false, item.source);
    if (live) await redirectsRepo.delete(tx, site.id, live.id);
    await redirectsRepo.update(tx, draft.id, { draft: 0, updated_at: now, changed_at: now });
    return { status: 'published', source: item.source, draft: false, id: draft.id };
  }
  const draft = item.intent === 'draft';
  const existing = await redirectsRepo.findBySource(tx, site.id, draft, item.source);
  if (item.destination === null || item.destination === undefined) {
    if (!existing) throw notFound(`${draft ? 'Draft' : 'Live'} redirect with this source`);
    await redirectsRepo.delete(tx, site.id, existing.id);
    return { status: 'deleted', source: item.source, draft };
  }
  const destination = JSON.stringify(storedDestination(s, item.destination, field, revs));
  if (existing) {
    await redirectsRepo.update(tx, existing.id, {
      destination, capture_wildcard: item.captureWildcard ? 1 : 0, ...(item.permanent !== undefined ? { permanent: item.permanent ? 1 : 0 } : {}), updated_at: now, changed_at: now,
    });
    return { status: 'updated', source: item.source, draft, id: existing.id };
  }
  const id = newId();
  await redirectsRepo.insert(tx, {
    id, site_id: site.id, source: item.source, draft: draft ? 1 : 0, capture_wildcard: item.captureWildcard ? 1 : 0, permanent: item.permanent ? 1 : 0,
    destination, created_at: now, updated_at: null, changed_at: now,
  });
  return { status: 'created', source: item.source, draft, id };
}

/** The live redirect the published site follows for `source`, and the URL it leads to (404 when none does). */
export async function resolveRedirect(ctx: AppContext, actor: Actor, orgId: string, siteId: string, source: string, shareKey?: string): Promise<{ redirect: RedirectRow; target: string }> {
  const { site } = await loadSiteForReaders(ctx, actor, orgId, siteId, shareKey);
  const m = matchRedirect(await liveRedirects(ctx, site), source);
  const found = m && await sitesRepo.withSpaceHeads(ctx.db, { id: site.id });
  const target = m && found && await redirectTarget(ctx, found.site, await sitesRepo.structure(ctx.db, site.id), new Map(found.heads.map((h) => [h.id, h])), m, publishedBase(ctx.config, site));
  if (!m || !target) throw notFound('Site redirect');
  return { redirect: m.redirect, target };
}
