// The published site's search indexes live in the site router of each server process (site/router.ts). This is the
// way the API reaches them: the router registers how to warm a site's indexes for its context, and
// prewarmSiteSearch (services/site-search.ts) calls it.
import type { AppContext } from '../context.js';

export interface SearchWarmth {
  /** Indexes built by this call (one per space the site publishes whose published revision had none). */
  built: number;
  /** Indexes that were already built for the space's published revision. */
  warm: number;
}

export type SearchWarmer = (siteId: string) => Promise<SearchWarmth>;

const warmers = new WeakMap<AppContext, SearchWarmer>();

export function registerSearchWarmer(ctx: AppContext, warmer: SearchWarmer): void {
  warmers.set(ctx, warmer);
}

/** Builds (or finds built) the search index of every space the site publishes, in this process. */
export async function warmSiteSearch(ctx: AppContext, siteId: string): Promise<SearchWarmth> {
  const warmer = warmers.get(ctx);
  return warmer ? warmer(siteId) : { built: 0, warm: 0 };
}
