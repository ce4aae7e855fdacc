// getSitePublishingPreviewById: a URL (valid for an hour) opening the site as it would publish (site/preview-token.ts;
// the published site accepts it in site/router.ts).
import type { QueryParams } from '@bindery/api-types';
import type { AppContext } from '../context.js';
import { invalidField } from '../errors.js';
import { presentSiteSpace, publishedBase } from '../presenters/site.js';
import { PREVIEW_TTL_SECONDS, signSitePreview } from '../site/preview-token.js';
import type { Actor } from './auth.js';
import { loadSite, structureView } from './sites.js';

/** Who may change the site (the create role on it: who may publish it) may preview it. */
export async function getSitePublishingPreview(ctx: AppContext, actor: Actor, orgId: string, siteId: string, q: QueryParams<'getSitePublishingPreviewById'>): Promise<{ url: string }> {
  const { site } = await loadSite(ctx, ctx.db, actor, orgId, siteId, 'edit');
  if (q.claims !== undefined) {
    throw invalidField('/query/claims', 'is not supported: open the preview URL with ?claims= (unsigned claims) or a visitor token (?jwt_token=) instead');
  }
  // The preview opens the site at its own path on this server (custom hostname or not): the preview cookie is kept there.
  const base = `${ctx.config.publicUrl}/sites/${site.id}`;
  let path = '/';
  if (q.siteSpace !== undefined) {
    const view = await structureView(ctx, ctx.db, actor, { ...site, hostname: null, published: 1 });
    const ss = view.structure.siteSpaces.find((s) => s.id === q.siteSpace);
    if (!ss) throw invalidField('/query/siteSpace', `is not a site space of this site (${q.siteSpace})`);
    path = presentSiteSpace(ctx.config, view, ss).urls.published!.slice(base.length);
  }
  if (q.target !== undefined) {
    // A URL of the site (its published address, or its path on this server): the preview opens there.
    const under = [base, publishedBase(ctx.config, site)].find((b) => q.target === b || q.target!.startsWith(`${b}/`));
    if (under === undefined) throw invalidField('/query/target', `must be a URL of this site (${base}/…)`);
    const rest = new URL(q.target).pathname.slice(new URL(under).pathname.replace(/\/$/, '').length) || '/';
    path = rest.startsWith('/') ? rest : `/${rest}`;
  }
  const token = signSitePreview(ctx.jwtSecret, site.id, Math.floor(ctx.clock.now().getTime() / 1000) + PREVIEW_TTL_SECONDS);
  return { url: `${base}${path}?preview=${token}` };
}
