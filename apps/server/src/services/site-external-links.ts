// GitBook's site external links (docs/sites.md, "External links"): navigation entries of a site with sections that
// open an absolute http(s) URL, at the site's root or in a section group, ordered among the sections and groups of
// their level by fractional sort keys; stored in `site_external_links`, read with the site's structure. Changes run
// in the site's transaction (changeSite: its lock, the version bump the published site's caches follow).
import type { RequestBody } from '@bindery/api-types';
import type { AppContext } from '../context.js';
import { keyBetween } from '../content/fractional-index.js';
import { invalidField, notFound } from '../errors.js';
import { newId } from '../lib/ids.js';
import { sitesRepo, type ExternalLinkRow, type SiteStructure } from '../repos/sites.repo.js';
import type { Actor } from './auth.js';
import { changeSite } from './sites.js';

type AddBody = RequestBody<'addExternalLinkToSite'>;
type UpdateBody = RequestBody<'updateSiteExternalLinkById'>;

/** The last sort key among the sections, groups and links of one level (the root when `groupId` is null). */
export function lastKeyAt(s: SiteStructure, groupId: string | null, except?: string): string | null {
  return [
    ...s.sections.filter((x) => x.group_id === groupId),
    ...s.groups.filter((x) => x.parent_id === groupId),
    ...s.externalLinks.filter((x) => x.group_id === groupId && x.id !== except),
  ].map((x) => x.sort_key).sort().at(-1) ?? null;
}

function checkUrl(url: string | undefined, field: string): void {
  if (url === undefined) return;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalidField(field, 'must be an absolute http or https URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw invalidField(field, 'must be an absolute http or https URL');
}

function checkParent(s: SiteStructure, parent: string | null | undefined): void {
  if (parent === undefined || parent === null) return;
  if (!s.groups.some((g) => g.id === parent)) {
    throw invalidField('/body/parent', s.sections.some((x) => x.id === parent) ? 'is a section: external links cannot be placed inside a section' : 'is not a section group of this site');
  }
}

export async function addExternalLink(ctx: AppContext, actor: Actor, orgId: string, siteId: string, body: AddBody): Promise<ExternalLinkRow> {
  checkUrl(body.url, '/body/url');
  return changeSite(ctx, actor, orgId, siteId, async (tx, { site }, s) => {
    if (s.sections.length === 0) throw invalidField('/body', 'the site has no sections: external links need a site structured in sections');
    checkParent(s, body.parent);
    const now = ctx.clock.now().toISOString();
    const groupId = body.parent ?? null;
    const row: ExternalLinkRow = {
      id: newId(), site_id: site.id, group_id: groupId, title: body.title, description: body.description ?? null, icon: body.icon ?? null,
      url: body.url, draft: body.draft ? 1 : 0, condition: body.condition ?? null, sort_key: keyBetween(lastKeyAt(s, groupId), null),
      created_at: now, updated_at: now,
    };
    await sitesRepo.insertExternalLink(tx, row);
    return row;
  });
}

export async function updateExternalLink(ctx: AppContext, actor: Actor, orgId: string, siteId: string, linkId: string, body: UpdateBody): Promise<ExternalLinkRow> {
  checkUrl(body.url, '/body/url');
  return changeSite(ctx, actor, orgId, siteId, async (tx, _l, s) => {
    const link = s.externalLinks.find((x) => x.id === linkId);
    if (!link) throw notFound('Site external link');
    checkParent(s, body.parent);
    const patch: Partial<ExternalLinkRow> = { updated_at: ctx.clock.now().toISOString() };
    if (body.title !== undefined) patch.title = body.title;
    if (body.description !== undefined) patch.description = body.description;
    if (body.icon !== undefined) patch.icon = body.icon;
    if (body.url !== undefined) patch.url = body.url;
    if (body.draft !== undefined) patch.draft = body.draft ? 1 : 0;
    if (body.condition !== undefined) patch.condition = body.condition;
    if (body.parent !== undefined && body.parent !== link.group_id) {
      // Moved to the end of its new level.
      patch.group_id = body.parent;
      patch.sort_key = keyBetween(lastKeyAt(s, body.parent, link.id), null);
    }
    await sitesRepo.updateExternalLink(tx, link.id, patch);
    return { ...link, ...patch };
  });
}

/** Deletes the link: true when it existed (205), false when there was none (204). */
export async function deleteExternalLink(ctx: AppContext, actor: Actor, orgId: string, siteId: string, linkId: string): Promise<boolean> {
  return changeSite(ctx, actor, orgId, siteId, async (tx, { site }) => (await sitesRepo.deleteExternalLink(tx, site.id, linkId)) > 0);
}
