// Site Insights (GitBook's `trackEventsInSiteById` and `aggregateSiteEvents`): one row per event a published site
// recorded (page views, markdown twins, llms.txt, feeds, searches, feedback) or a renderer posted. The columns are
// what the aggregation groups and filters by; what only some events carry (a search's query, a feedback's rating, a
// link's target, an API operation, the llms.txt variant, …) is the JSON text of `data`. Rows go with their site
// (`on delete cascade`); the index serves every query, which reads one site over a time range.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  let t = db.schema.createTable('site_insights_events')
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('display_context', 'text', (c) => c.notNull());
  for (const name of ['site_section_id', 'site_space_id', 'site_share_key', 'space_id', 'revision_id', 'page_id', 'url', 'url_path',
    'referrer', 'referrer_domain', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content',
    'device', 'browser', 'os', 'bot', 'language']) t = t.addColumn(name, 'text');
  await t.addColumn('authenticated', 'integer').addColumn('data', 'text').execute();
  await db.schema.createIndex('site_insights_events_site_at_idx').on('site_insights_events').columns(['site_id', 'at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_insights_events').ifExists().execute();
}
