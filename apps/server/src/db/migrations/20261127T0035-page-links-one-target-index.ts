// `page_links` kept two indexes on its target keys: (space, status, target key) for the status filter and the broken
// targets, and (space, target key) for the unfiltered list and the locations of targets. Every link row is an entry
// in both, on every page write and in its commit (a 250 KB page: 866 rows; the second index alone was ~15 % of the
// link rows' SQLite time and 310 KB of WAL per create, docs/content-pipeline.md). The second one goes: a link's status
// is one of three values, so the queries that looked targets up by key without a status (repos/links.repo.ts) name
// the three (`status in ('broken', 'in-app', 'ok')`) and read the first index, the unfiltered list merging its three
// key-ordered ranges; test/links.test.ts checks their plans on both databases.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('page_links_target_idx').ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('page_links_target_idx').ifNotExists().on('page_links').columns(['space_id', 'target_key']).execute();
}
