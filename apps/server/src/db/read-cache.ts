// Caches of what nearly every request reads and rarely changes — a token and its user, a caller's membership of an
// organization, their role grants, an organization's collections, and what content reads show next to a revision
// (page times, Git Sync metadata) — kept correct across every server process on one database:
//
// - Invalidation lives in the database. Triggers (migration 20261126T1000-read-cache-epochs) bump a counter of
//   `cache_epochs` (one column per domain below) in the same transaction as any change to the rows a domain caches,
//   whoever makes it: this process, another one, or someone at a SQL prompt. On PostgreSQL the bump runs at commit
//   (a deferred constraint trigger, once per transaction), so the counter row is locked only while committing.
// - A request reads the counters once, before its first cached read (the read is shared by the requests that
//   arrive while one is in flight, and always starts after they arrived). A domain whose counter moved is emptied
//   first. So whatever committed before a request arrived is seen by it — a revoked token, a removed member, a
//   changed role or grant — in every process: no notification to miss, no time-to-live. If the counters cannot be
//   read, the request fails rather than trusting the cache.
// - A value loaded while the domain was emptied is not kept. Reads inside a transaction, and reads outside a
//   request (jobs, start-up), never use the caches. After a request writes, its next cached read checks the
//   counters again (its own change may have moved them).
import { AsyncLocalStorage } from 'node:async_hooks';
import type SQLite from 'better-sqlite3';
import type { Db, DbOrTx } from './database.js';
import { prepared } from './prepared.js';

/** What is cached, each with its counter column in `cache_epochs`. */
export const CACHE_DOMAINS = ['tokens', 'members', 'grants', 'collections', 'history'] as const;
export type CacheDomain = (typeof CACHE_DOMAINS)[number];

/** One request's view: whether (and by which read) the counters were checked for it. */
export interface ReadScope {
  synced?: Map<ReadCache, Promise<void>>;
}

const scopes = new AsyncLocalStorage<ReadScope>();
const caches = new WeakMap<object, ReadCache>();

export const newReadScope = (): ReadScope => ({});

/** Runs `fn` (a request's work) in `scope`: cached reads made inside it check the counters once for the request. */
export function inReadScope<T>(scope: ReadScope, fn: () => Promise<T>): Promise<T> {
  return scopes.run(scope, fn);
}

/** Called by the database layer for every statement that may write, and for every commit. */
export function noteWrite(): void {
  const scope = scopes.getStore();
  if (scope?.synced) scope.synced.clear();
}

const readEpochs = prepared((db) => db.selectFrom('cache_epochs').select([...CACHE_DOMAINS]).where('id', '=', 1));

const MAX_ENTRIES = 20_000;

export class ReadCache {
  private readonly maps = new Map<CacheDomain, Map<string, unknown>>(CACHE_DOMAINS.map((d) => [d, new Map()]));
  /** The counters the cached values are valid for (undefined: not read yet). */
  private epochs: Record<CacheDomain, unknown> | undefined;
  /** Bumped whenever a domain is emptied: a value loaded across an emptying is not kept. */
  private readonly generations = new Map<CacheDomain, number>(CACHE_DOMAINS.map((d) => [d, 0]));
  private readsStarted = 0;
  private current: { n: number; done: Promise<void> } | undefined;
  /** Counter reads made, and values served from memory (for the benchmark and the tests). */
  readonly stats = { epochReads: 0, hits: 0, misses: 0 };

  /** SQLite: the counters read synchronously on the connection itself (a few microseconds, no query builder). */
  private readonly readNow: (() => Record<CacheDomain, unknown> | undefined) | undefined;

  constructor(private readonly db: Db, sqlite?: SQLite.Database) {
    if (sqlite) {
      // On the connection Kysely uses, outside its queue: inside another request's open transaction this may see
      // a counter that transaction moved and has not committed — that only empties a domain once more.
      const stmt = sqlite.prepare(`select ${CACHE_DOMAINS.join(', ')} from cache_epochs where id = 1`);
      this.readNow = () => stmt.get() as Record<CacheDomain, unknown> | undefined;
    }
  }

  /** Makes `db` (the database of one server) use this cache; `sqlite`: its connection, when it is SQLite. */
  static attach(db: Db, sqlite?: SQLite.Database): ReadCache {
    const cache = new ReadCache(db, sqlite);
    caches.set(db, cache);
    return cache;
  }

  static of(db: DbOrTx): ReadCache | undefined {
    return caches.get(db);
  }

  /** Resolves once the counters were read by a read that started after this call. */
  sync(): Promise<void> {
    const need = this.readsStarted + 1;
    return this.waitForRead(need);
  }

  private async waitForRead(need: number): Promise<void> {
    for (;;) {
      const current = this.current;
      if (current && current.n >= need) return current.done;
      if (current) {
        await current.done.catch(() => undefined);
        continue;
      }
      const n = ++this.readsStarted;
      const done = this.readEpochs().finally(() => {
        if (this.current?.n === n) this.current = undefined;
      });
      this.current = { n, done };
      return done;
    }
  }

  private async readEpochs(): Promise<void> {
    this.stats.epochReads++;
    const row = this.readNow ? this.readNow() : (await readEpochs(this.db, {}))[0];
    if (!row) throw new Error('cache_epochs has no row: the database is not migrated');
    const before = this.epochs;
    for (const d of CACHE_DOMAINS) {
      if (before && before[d] === row[d]) continue;
      this.maps.get(d)!.clear();
      this.generations.set(d, this.generations.get(d)! + 1);
    }
    this.epochs = row;
  }

  async read<T>(scope: ReadScope, domain: CacheDomain, key: string, load: () => Promise<T>): Promise<T> {
    const synced = (scope.synced ??= new Map());
    let ready = synced.get(this);
    if (!ready) {
      ready = this.sync();
      synced.set(this, ready);
    }
    await ready;
    const map = this.maps.get(domain)!;
    if (map.has(key)) {
      this.stats.hits++;
      return map.get(key) as T;
    }
    this.stats.misses++;
    const generation = this.generations.get(domain);
    const value = await load();
    if (this.generations.get(domain) === generation) {
      if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value as string);
      map.set(key, value);
    }
    return value;
  }

  /** `read` for many keys at once: `load` is called once with the keys not in memory and must answer each of them. */
  async readMany<T>(scope: ReadScope, domain: CacheDomain, keys: readonly string[], load: (missing: string[]) => Promise<Map<string, T>>): Promise<Map<string, T>> {
    const synced = (scope.synced ??= new Map());
    let ready = synced.get(this);
    if (!ready) {
      ready = this.sync();
      synced.set(this, ready);
    }
    await ready;
    const map = this.maps.get(domain)!;
    const out = new Map<string, T>();
    const missing: string[] = [];
    for (const key of keys) {
      if (map.has(key)) out.set(key, map.get(key) as T);
      else if (!out.has(key)) missing.push(key);
    }
    this.stats.hits += out.size;
    if (missing.length === 0) return out;
    this.stats.misses += missing.length;
    const generation = this.generations.get(domain);
    const loaded = await load(missing);
    const keep = this.generations.get(domain) === generation;
    for (const key of missing) {
      if (!loaded.has(key)) throw new Error(`cachedReadMany: the loader did not answer ${key}`);
      const value = loaded.get(key) as T;
      out.set(key, value);
      if (!keep) continue;
      if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value as string);
      map.set(key, value);
    }
    return out;
  }
}

/**
 * A read through the cache of `domain`: inside a request, outside transactions, on a database with a cache;
 * otherwise `load()` as is. `load` must read only rows whose changes bump the domain's counter (see the migration).
 */
export function cachedRead<T>(db: DbOrTx, domain: CacheDomain, key: string, load: () => Promise<T>): Promise<T> {
  const scope = scopes.getStore();
  const cache = scope && !db.isTransaction ? caches.get(db) : undefined;
  return cache ? cache.read(scope!, domain, key, load) : load();
}

/** `cachedRead` of many keys: `load(missing)` answers every key not in memory (one query for all of them). */
export function cachedReadMany<T>(
  db: DbOrTx, domain: CacheDomain, keys: readonly string[], load: (missing: string[]) => Promise<Map<string, T>>,
): Promise<Map<string, T>> {
  const scope = scopes.getStore();
  const cache = scope && !db.isTransaction ? caches.get(db) : undefined;
  return cache ? cache.readMany(scope!, domain, keys, load) : load([...new Set(keys)]);
}
