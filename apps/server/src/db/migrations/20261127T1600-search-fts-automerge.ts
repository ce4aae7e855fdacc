// SQLite's full-text tables (`search_fts_pages`, `search_fts_sections`, db/dialect.ts) merge their segments 16 at a
// time instead of FTS5's default 4. Each commit that writes search rows flushes a new segment per table, and FTS5
// merges level by level as it goes: with 4-way merges every posting is rewritten at about twice as many levels as
// with 16-way ones. Measured on the 250 KB realistic page's 514 search rows, 160 creates into one index, the two
// settings alternating (docs/content-pipeline.md, "Session 13"): WAL written per create 1.05 -> 0.92 MB, CPU of the
// rows and their commit -7 to -10 %, three search queries over the grown index the same. What is indexed, and so
// every match and every bm25 score, is unchanged: the setting decides only when segments are merged.
// PostgreSQL has no such setting (its GIN indexes have their own pending list): nothing to do there.
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

const TABLES = ['search_fts_pages', 'search_fts_sections'] as const;

async function automerge(db: Kysely<any>, segments: number): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  for (const t of TABLES) await sql`insert into ${sql.raw(t)}(${sql.raw(t)}, rank) values ('automerge', ${sql.lit(segments)})`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await automerge(db, 16);
}

export async function down(db: Kysely<any>): Promise<void> {
  await automerge(db, 4);
}
