// Migrations run up on an empty database, are idempotent, and run down cleanly.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { NO_MIGRATIONS } from 'kysely/migration';
import { migrateToLatest, migrations, migrator } from '../src/db/migrate.js';
import { testDialect } from '../src/testing/index.js';
import { createTestDatabase } from '../src/testing/pg-databases.js';

async function freshDatabase(): Promise<{ url?: string; file: string; drop: () => Promise<void> }> {
  if (testDialect() === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'bindery-mig-'));
    return { file: join(dir, 'm.sqlite'), drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const db = await createTestDatabase('bindery_mig');
  return { url: db.url, file: ':memory:', drop: db.drop };
}

describe('migrations', () => {
  it('migrate up from empty, again as a no-op, then all the way down', async () => {
    const fresh = await freshDatabase();
    const { db, close } = openDatabase({ databaseUrl: fresh.url, sqliteFile: fresh.file });
    try {
      const applied = await migrateToLatest(db);
      expect(applied).toEqual(Object.keys(migrations));
      expect(await migrateToLatest(db)).toEqual([]);
      const tables = (await db.introspection.getTables()).map((t) => t.name);
      for (const t of ['users', 'api_tokens', 'organizations', 'org_members', 'jobs']) expect(tables).toContain(t);
      const down = await migrator(db).migrateTo(NO_MIGRATIONS);
      expect(down.error).toBeUndefined();
      const after = (await db.introspection.getTables()).map((t) => t.name);
      expect(after).not.toContain('users');
    } finally {
      await close();
      await fresh.drop();
    }
  });
});
