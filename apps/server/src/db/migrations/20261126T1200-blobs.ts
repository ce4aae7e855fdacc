// File bytes in the database: with PostgreSQL, several server processes (on several machines) share one store,
// so no process keeps state of its own. `hash` is the SHA-256 of `data` (content-addressed, written once).
import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('blobs')
    .ifNotExists()
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('data', dialectOf(db) === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('blobs').ifExists().execute();
}
