// A site's Insights (GitBook's site-insights operations): parse, call the service, answer.
import type { components } from '@bindery/api-types';
import { handlers } from '../http/operations.js';
import { aggregateEvents, trackEvents, type AggregationQuery } from '../services/site-insights.js';

export const siteInsightsHandlers = handlers({
  trackEventsInSiteById: async ({ actor, params, body }, ctx) => {
    await trackEvents(ctx, actor, params.organizationId, params.siteId, body.events as Parameters<typeof trackEvents>[4]);
    return { status: 204, body: undefined };
  },

  aggregateSiteEvents: async ({ actor, params, body }, ctx) => {
    const result = await aggregateEvents(ctx, actor, params.organizationId, params.siteId, body as AggregationQuery);
    return { status: 200, body: result as components['schemas']['SiteInsightsQueryEventsAggregationResult'] };
  },
});
