// Extra PostgreSQL databases for tests: a test file's own copy of the run's migrated template (`fileDatabaseUrl`),
// and empty ones for tests that need them (migrations, several servers on a new database).
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

/** Runs `sql`, waiting while PostgreSQL answers 55006 (a database still in use by a connection that is closing). */
async function adminWhenFree(sql: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin(sql);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt > 100) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
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
    drop: () => adminWhenFree(`drop database if exists ${name}`),
  };
}

const fileDatabases = new Map<string, Promise<string>>();

/**
 * The database of one test file: a copy of the run's migrated database `templateUrl` (pg-global-setup.ts), made on
 * the file's first call and shared by every server the file starts. Named after the template, so that the run's
 * teardown drops it with the template.
 */
export function fileDatabaseUrl(templateUrl: string, testFile: string): Promise<string> {
  let url = fileDatabases.get(testFile);
  if (!url) {
    const template = templateUrl.slice(templateUrl.lastIndexOf('/') + 1);
    const name = `${template}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    url = adminWhenFree(`create database ${name} template ${template}`).then(() => templateUrl.replace(/\/[^/]*$/, `/${name}`));
    fileDatabases.set(testFile, url);
  }
  return url;
}
