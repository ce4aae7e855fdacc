// Migrations run up on an empty database, are idempotent, run down cleanly, and leave exactly the tables and
// columns that the table types of db/schema.ts declare.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import { openDatabase, type Db } from '../src/db/database.js';
import { sql } from 'kysely';
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
  }, 120_000); // every migration up and down on a new database: ~1-4 s alone, 18-30 s seen on a loaded CI machine

  it('a migrated database has exactly the tables and columns (with their nullability) of db/schema.ts', async () => {
    const declared = declaredTables();
    expect(Object.keys(declared).length).toBeGreaterThan(30);
    const fresh = await freshDatabase();
    const { db, close } = openDatabase({ databaseUrl: fresh.url, sqliteFile: fresh.file });
    try {
      await migrateToLatest(db);
      const actual = new Map((await db.introspection.getTables()).map((t) => [t.name, t.columns]));
      for (const [table, columns] of Object.entries(declared)) {
        const cols = actual.get(table);
        expect(cols, `table ${table}`).toBeDefined();
        const extra = DIALECT_ONLY_COLUMNS[testDialect()][table] ?? [];
        // SQLite reports primary-key columns without an explicit NOT NULL as nullable (a historical quirk of
        // SQLite; their values are never null here): compare those as NOT NULL.
        const pk = testDialect() === 'sqlite' ? await sqlitePrimaryKey(db, table) : new Set<string>();
        const got = Object.fromEntries(cols!.filter((c) => !extra.includes(c.name)).map((c) => [c.name, c.isNullable && !pk.has(c.name)]));
        // Columns declared `T | null` are nullable; every other column is NOT NULL.
        const want = Object.fromEntries(Object.entries(columns).map(([name, c]) => [name, c.nullable]));
        expect(got, `columns of ${table}`).toEqual(want);
      }
      // Every table the migrations create is declared (apart from the migrator's own and the dialect's search index).
      const undeclared = [...actual.keys()].filter((t) => !(t in declared) && !/^bindery_migrations/.test(t) && !/^search_fts_/.test(t));
      expect(undeclared).toEqual([]);
    } finally {
      await close();
      await fresh.drop();
    }
  });

  it('20261125T0200 adds page_links.status (and its index) to a database migrated before it was part of 20261122T0200', async () => {
    const fresh = await freshDatabase();
    const { db, close } = openDatabase({ databaseUrl: fresh.url, sqliteFile: fresh.file });
    try {
      const names = Object.keys(migrations);
      const before = names[names.indexOf('20261125T0200-page-links-status') - 1]!;
      expect((await migrator(db).migrateTo(before)).error).toBeUndefined();
      // The database as a server migrated before the in-place edit left it.
      await db.schema.dropIndex('page_links_status_idx').execute();
      await db.schema.alterTable('page_links').dropColumn('status').execute();
      const columns = async () => (await db.introspection.getTables()).find((t) => t.name === 'page_links')!.columns;
      expect((await columns()).map((c) => c.name)).not.toContain('status');
      // Up to 20261125T0200 itself: 20261128T0520 (link_targets) drops the column again, the status moving to its targets.
      const upTo = async () => {
        const r = await migrator(db).migrateTo('20261125T0200-page-links-status');
        expect(r.error).toBeUndefined();
        return (r.results ?? []).map((x) => x.migrationName);
      };
      expect(await upTo()).toContain('20261125T0200-page-links-status');
      const status = (await columns()).find((c) => c.name === 'status');
      expect(status).toMatchObject({ isNullable: false });
      // Both statements are no-ops on a database that already has them.
      await migrator(db).migrateTo(before);
      expect(await upTo()).toContain('20261125T0200-page-links-status');
      expect((await columns()).filter((c) => c.name === 'status')).toHaveLength(1);
      expect(await migrateToLatest(db)).toContain('20261128T0520-link-targets');
      expect((await columns()).map((c) => c.name)).not.toContain('status');
    } finally {
      await close();
      await fresh.drop();
    }
  });

  it.skipIf(testDialect() !== 'sqlite')('20261127T1600 has the full-text tables merge 16 segments at a time (SQLite), and 4 again when undone', async () => {
    const fresh = await freshDatabase();
    const { db, close } = openDatabase({ databaseUrl: fresh.url, sqliteFile: fresh.file });
    const automerge = async () => {
      const out: Record<string, unknown> = {};
      for (const t of ['search_fts_pages', 'search_fts_sections']) {
        const { rows } = await sql<{ v: unknown }>`select v from ${sql.table(`${t}_config`)} where k = 'automerge'`.execute(db);
        out[t] = rows[0]?.v;
      }
      return out;
    };
    try {
      const names = Object.keys(migrations);
      const before = names[names.indexOf('20261127T1600-search-fts-automerge') - 1]!;
      expect((await migrator(db).migrateTo(before)).error).toBeUndefined();
      expect(await automerge()).toEqual({ search_fts_pages: undefined, search_fts_sections: undefined });
      expect(await migrateToLatest(db)).toContain('20261127T1600-search-fts-automerge');
      expect(await automerge()).toEqual({ search_fts_pages: 16, search_fts_sections: 16 });
      expect((await migrator(db).migrateTo(before)).error).toBeUndefined();
      expect(await automerge()).toEqual({ search_fts_pages: 4, search_fts_sections: 4 });
    } finally {
      await close();
      await fresh.drop();
    }
  });
});

async function sqlitePrimaryKey(db: Db, table: string): Promise<Set<string>> {
  const { rows } = await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${table})`.execute(db);
  return new Set(rows.filter((r) => r.pk > 0).map((r) => r.name));
}

/** Columns a dialect adds that the application never reads (PostgreSQL's generated full-text vector). */
const DIALECT_ONLY_COLUMNS: Record<'sqlite' | 'postgres', Record<string, string[]>> = {
  sqlite: {},
  postgres: { search_sections: ['tsv'] },
};

interface DeclaredColumn {
  nullable: boolean;
}

/** The tables of `interface Database` in db/schema.ts and, for each, its columns as declared by its row type. */
function declaredTables(): Record<string, Record<string, DeclaredColumn>> {
  const file = new URL('../src/db/schema.ts', import.meta.url);
  const source = ts.createSourceFile('schema.ts', readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((n) => {
    if (ts.isInterfaceDeclaration(n)) interfaces.set(n.name.text, n);
  });
  const propName = (m: ts.TypeElement): string => (m.name && (ts.isIdentifier(m.name) || ts.isStringLiteral(m.name)) ? m.name.text : '');
  const tables: Record<string, Record<string, DeclaredColumn>> = {};
  for (const member of interfaces.get('Database')!.members) {
    if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeReferenceNode(member.type)) throw new Error('unexpected member of Database');
    const row = interfaces.get(member.type.typeName.getText(source));
    if (!row) throw new Error(`no interface ${member.type.typeName.getText(source)} in schema.ts`);
    const columns: Record<string, DeclaredColumn> = {};
    for (const m of row.members) {
      if (!ts.isPropertySignature(m) || !m.type) continue;
      const text = m.type.getText(source);
      columns[propName(m)] = { nullable: /\bnull\b/.test(text) };
    }
    tables[propName(member)] = columns;
  }
  return tables;
}
