// Computed content (builtin:openapi pages, docs/openapi.md "Computed pages"):
//   - `spaces.computed_revision_id`: the `computed` revision of the space's head revision (its computed pages
//     expanded into the pages they stand for), or null when the head has no computed pages. The indexes (pages by
//     id and path, links, search) follow it; edits still apply to `revision_id`.
//   - `computed_expansions`: what one computed page becomes for one version of its specification (the node hashes
//     of the generated pages, stored in the content store), so that an edit elsewhere in the space reuses it instead
//     of rendering the specification again. Immutable cache rows, keyed by the hash of what they were made from.
// Idempotent on SQLite and PostgreSQL.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const spaces = (await db.introspection.getTables()).find((t) => t.name === 'spaces');
  if (spaces && !spaces.columns.some((c) => c.name === 'computed_revision_id')) {
    await db.schema.alterTable('spaces').addColumn('computed_revision_id', 'text').execute();
  }
  await db.schema
    .createTable('computed_expansions')
    .ifNotExists()
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('computed_expansions').ifExists().execute();
  await db.schema.alterTable('spaces').dropColumn('computed_revision_id').execute();
}
