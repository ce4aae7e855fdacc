// Extra PostgreSQL databases for tests that need an empty one (migrations, several servers on a new database).
import pg from 'pg';

export const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

export interface TestDatabase {
  name: string;
  url: string;
  /** Drops the database once every connection to it has closed (it never kills a connection still in use). */
  drop(): Promise<void>;
}

export async function createTestDatabase(prefix: string): Promise<TestDatabase> {
  const name = `${prefix}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await admin(`create database ${name}`);
  return {
    name,
    url: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`),
    async drop() {
      for (let attempt = 0; ; attempt++) {
        try {
          await admin(`drop database if exists ${name}`);
          return;
        } catch (err) {
          // 55006: still in use by a connection that is closing; wait for it rather than killing it.
          if ((err as { code?: string }).code !== '55006' || attempt > 100) throw err;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    },
  };
}
