// Caches of what nearly every request reads and rarely changes — a token and its user, a caller's membership of an
// organization, their role grants, an organization's collections, and what content reads show next to a revision
// (page times, Git Sync metadata) — kept correct across every server process on one database:
//
// - Invalidation lives in the database. Triggers (migration 20261126T1000-read-cache-epochs) bump a counter of
//   `cache_epochs` (one column per domain below) in the same transaction as any change to the rows a domain caches,
//   whoever makes it: this process, another one, or someone at a SQL prompt. On PostgreSQL the bump runs at commit
//   (a deferred constraint trigger, once per transaction), so the counter row is locked only while committing.
// - A request reads the counters once, before its first cached read (the read is shared by the requests that
//   reach it in the same turn of the event loop or while one is in flight, and always starts after they arrived).
//   A domain whose counter moved is emptied first. So whatever committed before a request arrived is seen by it —
//   a revoked token, a removed member, a changed role or grant — in every process: no notification to miss, no
//   time-to-live. If the counters cannot be read, the request fails rather than trusting the cache. On PostgreSQL a
//   process holding a lease skips the read (see "Leases" below): there, what any Bindery request committed and
//   answered before a request arrived is seen by it; what changed otherwise, within SKIP_FRESH_MS.
// - A value loaded while the domain was emptied is not kept. Reads outside a request (jobs, start-up) never use
//   the caches. After a request writes, its next cached read checks the counters again (its own change may have
//   moved them).
// - Inside a transaction (a write checking the caller's access), a cached value is used only after the counters were
//   read again inside that transaction, before it wrote anything, and only while they equal those the cache is valid
//   for: then nothing the domain caches changed between the cached read and this point of the transaction, so the
//   cached value is what the transaction would have read (a revoked grant is never acted on). Otherwise — the
//   counters moved, the transaction already wrote (on PostgreSQL its own counter bumps wait for its commit, so its
//   own changes would not show in them), or the request wrote since the check — the value is read in the
//   transaction as before.
// - Leases (PostgreSQL; db/cache-lease.ts, migration 20261128T0100-read-cache-leases). Reading the counters is a round
//   trip that every request of a turn waits for (measured in docs/performance.md, session 16: it was the whole gap to
//   the stack). A process may skip that read — answer a turn from memory as if the read had shown nothing new — while
//   it holds a lease, by this protocol:
//   1. Start: it opens one connection of its own and LISTENs on `bindery_cache` and `bindery_cache_ack`, then
//      inserts its row in `cache_leases` (expires_at = the database's now() + LEASE_MS), renewed every LEASE_MS / 3
//      on that connection. Its local lease ends LEASE_MS − margin after the renewal was *sent* (so before the
//      database's expires_at of it). A renewal answered after the local lease had lapsed (or the first one) moves the
//      lease's epoch.
//   2. Skip (`ReadCache.mayskip`) only while: the local lease holds and the listening connection is up (any error or
//      end: no skipping until it is back and a full read followed); the last full read that completed *started* after
//      the last notice received, after the lease's epoch last moved, and less than SKIP_FRESH_MS (1 s) ago.
//   3. A request whose commit moved a counter or logged a changed key (asked in the commit's message: `set constraints
//      all immediate; select bindery_cache_moved(); commit` — db/database.ts; a request's write outside a
//      transaction asks it in its own message, `<write>; set constraints all immediate; select
//      bindery_cache_moved()`, one implicit transaction, when its parameters can be written in, and is otherwise
//      taken as one that did: a token's `last_used_at` touch moves nothing and tells nobody) tells the others before it answers, even with an error (`publishChanges`, from
//      http/middlewares.ts): in one round trip of the lease connection, a transaction that NOTIFYs `bindery_cache`
//      with a nonce and reads the other live leases (expires_at > now()); then it waits until each acknowledged the
//      nonce or its lease, as read, expired — and reads those again: a lease renewed meanwhile is waited for again
//      (at most MAX_WAIT_ROUNDS, then logged). A process receiving the notice first stops skipping, then acknowledges
//      (NOTIFY `bindery_cache_ack`). So when the writer's client gets its answer, every process either acknowledged —
//      its next turn reads the counters, which started after the commit — or had lost its lease before the writer
//      read the leases, and needs a renewal answered after that read and then a full read to skip again; a process
//      whose row the writer did not see inserted it after that read, and reads fully after inserting it. (A row seen
//      means its holder listened before the NOTIFY committed: it LISTENs before it inserts.)
//   4. Any commit of this process, and any write outside a transaction, ends its own skipping when answered
//      (`noteLocalChange`): a process sees its own changes at its next turn, as before — except a request's write
//      asked by (3) that moved nothing: no cached value depends on it (every cached value is covered by a counter or
//      a logged key, the very argument that lets other processes ignore it), so this process keeps skipping too; and
//      a write outside requests that declared its whole effect (`withKnownChanges`: the keys it logs, no counter —
//      the comments' group statement): when answered, those keys are dropped from this process's keyed caches (their
//      loads in flight not kept) or, where the write says how it moved a row kept since before it was sent, that row
//      is moved so; either shows it to this process's next request as a full read would, and the process keeps skipping (docs/performance.md, session 20: a full read after each group commit was most of the
//      round trips of the read-heavy mix).
//   5. Clean shutdown deletes the row; a killed process's row makes writers wait until it expires (≤ LEASE_MS).
//   Bounded, not immediate: a change that no Bindery request told of — made at a SQL prompt, by a process of an
//   older build, outside any request (jobs: imports, Git Sync, sweeps; comment posts by group commit, which do not
//   notify: a space's comment count), or committed by a process that died before notifying (its client got no
//   answer) — is seen by a skipping process within SKIP_FRESH_MS plus one turn. Commits need no lock for any of this:
//   the NOTIFY is its own transaction after the commit (session 14's NOTIFY inside writing transactions serialized
//   every commit of the database: migrations 20261127T1900/1910).
import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import type SQLite from 'better-sqlite3';
import { PostgresAdapter, sql } from 'kysely';
import { CacheLease } from './cache-lease.js';
import type { Db, DbOrTx } from './database.js';
import { endOfTurn, prepared } from './prepared.js';

/** What is cached, each with its counter column in `cache_epochs`. */
export const CACHE_DOMAINS = ['tokens', 'members', 'grants', 'collections', 'history', 'git'] as const;
export type CacheDomain = (typeof CACHE_DOMAINS)[number];

/** One request's view: whether (and by which read) the counters were checked for it. */
export interface ReadScope {
  synced?: Map<ReadCache, Promise<void>>;
  /** Statements that may write made by the request so far. */
  writes?: number;
  /** The caches whose counters were read for the request by a read that has completed (since its last write). */
  fresh?: Set<ReadCache>;
  /** PostgreSQL: the request committed a change that moved (or may have moved) the counters: `publishChanges` is due. */
  moved?: boolean;
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
  if (!scope) return;
  scope.writes = (scope.writes ?? 0) + 1;
  scope.synced?.clear();
  scope.fresh?.clear();
}

/** The leases held by this process (one per server on PostgreSQL), and the caches holding them. */
const leases = new Set<CacheLease>();
const leasedCaches = new Set<ReadCache>();

/** Whether any lease is held here and a request is running: then its commits ask whether they moved the counters. */
export function leaseCheckWanted(): boolean {
  return leases.size > 0 && scopes.getStore() !== undefined;
}

/** Whether any lease is held in this process. */
export function leasesHeld(): boolean {
  return leases.size > 0;
}

/**
 * PostgreSQL, for every commit and every statement that may write outside a transaction (db/database.ts): this
 * process stops skipping at once (every lease: the servers of one process share it), so its next turn reads the
 * counters and sees its own change. `moved`: the change moved the counters or logged a key (or may have: a statement
 * outside a transaction) — a request then tells the other processes before it answers (`publishChanges`).
 */
export function noteLocalChange(moved: boolean): void {
  for (const l of leases) l.invalidate();
  if (!moved) return;
  const scope = scopes.getStore();
  if (scope) scope.moved = true;
}

/**
 * PostgreSQL: writes made outside requests whose whole effect on the caches is declared — the keys their statements'
 * triggers log into the change log, and no counter (`withKnownChanges`). db/database.ts sends such a write as any
 * other but does not end the process's skipping: once it is answered (committed), `withKnownChanges` drops those keys
 * from this process's keyed caches (and marks their loads in flight stale), or updates the value it knows the write
 * moved, so that this process's next request shows what it committed, as a full read would have — without a read of
 * the counters for every turn after each of its commits. Other processes are told nothing, as before (they see it at
 * their next full read: within SKIP_FRESH_MS).
 */
const knownChanges = new AsyncLocalStorage<{ keys: readonly string[]; sent: boolean }>();

/**
 * Runs `fn` — one write outside requests, e.g. the comments' group statement — declaring that it logs at most the
 * change-log keys `keys` and moves no counter of `cache_epochs` (its tables' triggers: a test compares what they log
 * with the declaration). Once it answered, each key is dropped from the keyed caches of every server of this process
 * holding a lease (they may share the database: `noteLocalChange` ends the skipping of all of them alike) — except
 * where `moved(result)` gives, for a key, how the write changed its row (`row => row'`) and `db`'s cache still holds
 * the very row it held when the write was sent: then that row, changed so, replaces it. Why that row is right: it was
 * in memory before the write started, so it does not show the write; no read of the log listed its key since (that
 * drops it), so it shows every change committed before the last read's snapshot; with the write's own change it is
 * what a full read would leave for this process's next request, but for other processes' changes committed after that
 * snapshot (they are listed by the next read, within SKIP_FRESH_MS, as without the write). A failure drops the keys,
 * and the process stops skipping. Inside a request (whose commits tell every process) or with no lease held here, as is.
 */
export async function withKnownChanges<T>(
  db: DbOrTx, keys: readonly string[], fn: () => Promise<T>, moved?: (result: T) => Map<string, (row: object) => object>,
): Promise<T> {
  if (leases.size === 0 || scopes.getStore() || db.isTransaction) return fn();
  const cache = caches.get(db);
  const before = new Map(keys.map((k) => [k, cache?.keyedRow(k)]));
  let result: T;
  try {
    result = await knownChanges.run({ keys, sent: false }, fn);
  } catch (err) {
    for (const c of leasedCaches) c.dropKeys(keys);
    throw err;
  }
  const changes = moved?.(result);
  for (const c of leasedCaches) {
    if (c === cache && changes) c.settleKeys(keys, before, changes);
    else c.dropKeys(keys);
  }
  return result;
}

/**
 * db/database.ts: the keys declared for the write being sent outside requests (`withKnownChanges`), if any — for the
 * first write sent in it only: a declaration covers one statement, and any other write made in its context (or by
 * something it started) ends the process's skipping as any write does.
 */
export function declaredChanges(): readonly string[] | undefined {
  const declared = scopes.getStore() ? undefined : knownChanges.getStore();
  if (!declared || declared.sent) return undefined;
  declared.sent = true;
  return declared.keys;
}

/** How long after a full read of the counters (from its start) a process may still skip them, holding a lease. */
export const SKIP_FRESH_MS = 1_000;

/**
 * SQLite: changes committed (or about to be) by this process's writing connections — every statement that may write
 * and every commit (db/database.ts). The memo of reads (`ReadCache.memoRead`) is valid only for the count it was
 * labelled with: the writing connection's `data_version` does not move for its own commits.
 */
let localChanges = 0;
export function noteDataChange(): void {
  localChanges++;
}

/** At most this many changed keys are read per read of the counters; past it every keyed cache is emptied. */
const KEYED_CHANGES_MAX = 256;

/**
 * The counters on PostgreSQL (SQLite reads them synchronously: `readNow`), with the keyed caches' change log
 * (migration 20261127T0600-read-cache-changes, function `bindery_cache_read`): the keys logged by the transactions that
 * committed since the snapshot `since` (the previous read's: invisible to it, visible to this statement), lowest txids
 * first, at most KEYED_CHANGES_MAX + 1 of them; this statement's snapshot; and the txid below which the log was pruned.
 * One statement, one snapshot; a function, so that its statement is planned once per connection. Under load it goes
 * with the other reads of its turn (db/prepared.ts `pipelinedRead`: `since` written in).
 */
const readEpochsAndChanges = prepared((db, p: { since: string | null }) =>
  db.selectFrom(sql<Record<CacheDomain, string> & { pruned: string; snapshot: string; changed: string[] | null }>`bindery_cache_read(${p.since}, ${sql.lit(KEYED_CHANGES_MAX + 1)})`.as('r'))
    .select([...CACHE_DOMAINS.map((d) => `r.${d}` as const), 'r.pruned', 'r.snapshot', 'r.changed']));

/** The xmin of a snapshot's text (`xmin:xmax:xip,…`): every txid below it had completed when it was taken. */
const xminOf = (snapshot: string): bigint => BigInt(snapshot.slice(0, snapshot.indexOf(':')));

/** How often a process prunes the change log, and how old (at least) the snapshot whose xmin it prunes below is. */
const PRUNE_EVERY_MS = 30_000;

/**
 * The counters as a transaction sees them, and on PostgreSQL whether it already wrote (has a transaction id: any
 * insert, update, delete or row lock assigns one). SQLite's triggers move the counters at once, so a transaction's
 * own earlier changes show in them there.
 */
const readEpochsInTransaction = prepared((db) =>
  db.selectFrom('cache_epochs').select([...CACHE_DOMAINS, sql<null>`null`.as('wrote')]).where('id', '=', 1));

/**
 * The same on PostgreSQL, as fixed text: db/database.ts sends it with a transaction's `begin` and answers it from
 * there while the transaction has sent no statement that may write since (one round trip less per write).
 */
export const PG_TRANSACTION_CHECK = `select ${CACHE_DOMAINS.join(', ')}, txid_current_if_assigned()::text as wrote from cache_epochs where id = 1`;

async function checkInTransaction(tx: DbOrTx): Promise<Record<CacheDomain, unknown> | undefined> {
  const [row] = tx.getExecutor().adapter instanceof PostgresAdapter
    ? (await sql.raw<Record<CacheDomain, unknown> & { wrote: string | null }>(PG_TRANSACTION_CHECK).execute(tx)).rows
    : await readEpochsInTransaction(tx, {});
  return row && row.wrote === null ? row : undefined;
}

/** SQLite's two connections to one file (db/sqlite-split.ts). */
export interface SqliteConnections {
  writer: SQLite.Database;
  reader: SQLite.Database;
}

/** A transaction's check of the counters: what it read, and the request's write count when it did. */
interface TransactionCheck {
  epochs: Promise<Record<CacheDomain, unknown> | undefined>;
  writes: number;
}

const MAX_ENTRIES = 20_000;
/**
 * The memo of SQLite reads (`ReadCache.memoRead`), and the keyed lists on PostgreSQL: each at most this many bytes
 * (estimated: strings' lengths).
 */
const MEMO_MAX_BYTES = 16 * 1024 * 1024;

/** At most this many statement texts are numbered for the memo's keys (`ReadCache.memoTexts`). */
const MEMO_TEXTS_MAX = 1024;

/** The memory a cached list of rows takes, estimated from its strings' lengths (linear in its values). */
function estimatedSize(key: string, rows: readonly object[]): number {
  let size = key.length + 64;
  for (const r of rows) for (const v of Object.values(r)) size += typeof v === 'string' ? v.length + 16 : 16;
  return size;
}

/** Keeps `value` in a domain's map, the oldest entry making room once it holds MAX_ENTRIES. */
function remember(map: Map<string, unknown>, key: string, value: unknown): void {
  if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value as string);
  map.set(key, value);
}

export class ReadCache {
  private readonly maps = new Map<CacheDomain, Map<string, unknown>>(CACHE_DOMAINS.map((d) => [d, new Map()]));
  /** The counters the cached values are valid for (undefined: not read yet). */
  private epochs: Record<CacheDomain, unknown> | undefined;
  /** Bumped whenever a domain is emptied: a value loaded across an emptying is not kept. */
  private readonly generations = new Map<CacheDomain, number>(CACHE_DOMAINS.map((d) => [d, 0]));
  /** The next read of the counters, scheduled and not started yet: callers of `sync` join it. */
  private next: Promise<void> | undefined;
  /** The last read scheduled (it may be in flight): the next one starts after it. */
  private last: Promise<void> | undefined;
  /** Counter reads made, and values served from memory (for the benchmark and the tests). */
  readonly stats = {
    epochReads: 0, hits: 0, misses: 0, transactionChecks: 0, transactionHits: 0, stampedWrites: 0, memoHits: 0,
    keyedHits: 0, keyedMisses: 0, keyedDropped: 0, keyedEmptied: 0, prunes: 0, skips: 0, localDrops: 0, localUpdates: 0,
  };
  /** PostgreSQL: the lease that lets turns skip the counters' read (db/cache-lease.ts; undefined: never skip). */
  lease: CacheLease | undefined;
  /** The lease's state when the last full read that completed started, and when (performance.now()). */
  private lastFull: { notices: number; epoch: number; at: number } | undefined;
  /** Per open transaction (a Transaction object), its check of the counters. */
  private readonly checks = new WeakMap<object, TransactionCheck>();

  /**
   * PostgreSQL: rows cached by key (`keyedRead`: a space by id), each dropped when the change log shows its key
   * changed. `snapshot`: the last read's, from which the next read of the log starts; `loading`: the loads in flight per
   * key, marked stale when their key is dropped meanwhile (such a value is not kept).
   */
  private readonly keyed = new Map<string, unknown>();
  private readonly loading = new Map<string, { stale: boolean }[]>();
  /**
   * PostgreSQL: lists of rows cached by key (`keyedListRead`), each dropped when the change log shows a change to any
   * key it depends on (its own keys, and each of its rows'); `dependents`: per such key, the lists depending on it;
   * `listLoads`: the lists being loaded, with the keys the log showed changed meanwhile (all of them once emptied).
   */
  private readonly keyedLists = new Map<string, { rows: readonly object[]; deps: readonly string[]; size: number }>();
  /** The estimated size of `keyedLists` (bounded like the memo of SQLite reads: search answers carry text). */
  private keyedListBytes = 0;
  private readonly dependents = new Map<string, Set<string>>();
  private readonly listLoads = new Set<{ dropped: Set<string> | 'all' }>();
  private snapshot: string | undefined;
  /** The txid to prune below next (a read's snapshot's xmin, read at least PRUNE_EVERY_MS before), and when. */
  private pruneCandidate: { at: number; below: string } | undefined;

  /**
   * SQLite: the counters read synchronously (a few microseconds, no query builder), with the reading connection's
   * label for the memo of reads (undefined when they were read on the reading connection).
   */
  private readonly readNow: (() => { row: Record<CacheDomain, unknown> | undefined; version?: { dataVersion: number; changes: number } }) | undefined;

  /**
   * SQLite: rows of prepared reads made outside transactions (`memoRead`), by SQL and parameters, valid for the label
   * `memoVersion`: the writing connection's `data_version` (it moves when any other connection — another process —
   * commits) and this process's `localChanges`, as the last read of the counters saw them. Emptied when the label
   * moves. Bounded by an estimate of its size.
   */
  private readonly memo = new Map<string, { rows: readonly object[]; size: number }>();
  private memoSize = 0;
  /** The statements' texts seen by the memo, each with its number in the memo's keys. */
  private readonly memoTexts = new Map<string, number>();
  private memoVersion: { dataVersion: number; changes: number } | undefined;

  constructor(private readonly db: Db, sqlite?: SqliteConnections) {
    if (sqlite) {
      // On the writing connection while no transaction is open on it: its page cache survives its own commits,
      // whereas the reading connection's is dropped by every commit of the writer (one reload per request under
      // writes). While a transaction is open there (it may have moved a counter it will roll back), on the reading
      // connection, which sees only what was committed.
      // On the writer, with its `data_version` (what any other connection committed since moves it) for the memo.
      const sql = `select ${CACHE_DOMAINS.join(', ')} from cache_epochs where id = 1`;
      const onWriter = sqlite.writer.prepare(`select ${CACHE_DOMAINS.join(', ')}, (select data_version from pragma_data_version) as data_version from cache_epochs where id = 1`);
      const onReader = sqlite.reader.prepare(sql);
      this.readNow = () => {
        if (sqlite.writer.inTransaction) return { row: onReader.get() as Record<CacheDomain, unknown> | undefined };
        const changes = localChanges;
        const row = onWriter.get() as (Record<CacheDomain, unknown> & { data_version: number }) | undefined;
        return { row, version: row ? { dataVersion: row.data_version, changes } : undefined };
      };
    }
  }

  /** Makes `db` (the database of one server) use this cache; `sqlite`: its connections, when it is SQLite. */
  static attach(db: Db, sqlite?: SqliteConnections): ReadCache {
    const cache = new ReadCache(db, sqlite);
    caches.set(db, cache);
    // Transactions share their database's adapter.
    caches.set(db.getExecutor().adapter, cache);
    return cache;
  }

  static of(db: DbOrTx): ReadCache | undefined {
    return caches.get(db);
  }

  /**
   * Resolves once the counters were read by a read that started after this call. Callers share reads: a read is
   * scheduled for the end of the current turn of the event loop (`setImmediate`: after every request whose bytes
   * this I/O phase read has reached here), and after the previous read finished; every call made until it starts
   * joins it. A read is never joined once it started, so it always started after the request arrived and sees what
   * committed before — the guarantee is the same as one read per request; only fewer reads are made (on SQLite, where
   * a read is synchronous, one per request before; on PostgreSQL, one per round trip).
   */
  sync(): Promise<void> {
    if (this.mayskip()) {
      this.stats.skips++;
      // Resumed at the end of the turn, as a read would be, not at once: answers written at once, one per request
      // as it is parsed, cost twice the server's CPU a request (GET /v1/user 152-155 against 72-80 us, bench-pg-statements
      // at load 10: docs/performance.md, session 17).
      return endOfTurn();
    }
    return (this.next ??= this.scheduleRead());
  }

  /**
   * PostgreSQL: whether this turn may go without reading the counters (header: "Leases"): the lease is held and its
   * connection healthy, and the last full read started after the last notice (or change of this process's own), after
   * the lease was last (re)gained, and less than SKIP_FRESH_MS ago.
   */
  private mayskip(): boolean {
    const lease = this.lease;
    const last = this.lastFull;
    if (!lease || !last) return false;
    const now = performance.now();
    return last.notices === lease.state.notices && last.epoch === lease.state.epoch && now - last.at < SKIP_FRESH_MS && lease.valid(now);
  }

  /** Starts holding a lease (PostgreSQL, `url`: the database's). */
  async startLease(url: string, log?: (msg: string, err?: unknown) => void): Promise<void> {
    const lease = new CacheLease(url, log);
    this.lease = lease;
    leases.add(lease);
    leasedCaches.add(this);
    await lease.start();
  }

  /** Gives the lease up (its row deleted): before the database closes. */
  async closeLease(): Promise<void> {
    const lease = this.lease;
    if (!lease) return;
    this.lease = undefined;
    leases.delete(lease);
    leasedCaches.delete(this);
    await lease.close();
  }

  /**
   * After a request committed a change that moved the counters (`scope.moved`), before it answers: every process
   * holding a lease has stopped skipping once this resolves (db/cache-lease.ts `publish`). Without a lease, nothing.
   */
  async publishChanges(scope: ReadScope): Promise<void> {
    if (!scope.moved) return;
    scope.moved = false;
    const lease = this.lease;
    if (!lease) return;
    await lease.publish();
  }

  private scheduleRead(): Promise<void> {
    const previous = this.last;
    const read: Promise<void> = endOfTurn()
      .then(() => previous?.catch(() => undefined))
      .then(() => {
        // From here on the read has started: later callers need the next one.
        if (this.next === read) this.next = undefined;
        return this.readEpochs();
      });
    this.last = read;
    read.catch(() => undefined);
    return read;
  }

  private async readEpochs(): Promise<void> {
    this.stats.epochReads++;
    let row: Record<CacheDomain, unknown> | undefined;
    if (this.readNow) {
      const now = this.readNow();
      row = now.row;
      const [was, is] = [this.memoVersion, now.version];
      if (!is || !was || is.dataVersion !== was.dataVersion || is.changes !== was.changes) {
        this.memo.clear();
        this.memoSize = 0;
      }
      this.memoVersion = is;
    } else {
      const lease = this.lease;
      const started = lease ? { notices: lease.state.notices, epoch: lease.state.epoch, at: performance.now() } : undefined;
      const pgRow = (await readEpochsAndChanges(this.db, { since: this.snapshot ?? null }))[0];
      if (started && pgRow) this.lastFull = started;
      if (pgRow) this.applyChanges(pgRow);
      row = pgRow;
    }
    if (!row) throw new Error('cache_epochs has no row: the database is not migrated');
    const before = this.epochs;
    for (const d of CACHE_DOMAINS) {
      if (before && before[d] === row[d]) continue;
      this.maps.get(d)!.clear();
      this.generations.set(d, this.generations.get(d)! + 1);
    }
    this.epochs = row;
  }

  /**
   * PostgreSQL: drops the keyed values whose keys the log shows changed since the last read (all of them when the
   * log was pruned past what that read had seen complete, or shows more keys than a read takes), and keeps the
   * snapshot for the next read.
   */
  private applyChanges(row: { pruned: string; snapshot: string; changed: string[] | null }): void {
    const was = this.snapshot;
    if (was !== undefined) {
      const changed = row.changed ?? [];
      if (BigInt(row.pruned) > xminOf(was) || changed.length > KEYED_CHANGES_MAX) {
        this.stats.keyedEmptied++;
        this.keyed.clear();
        for (const marks of this.loading.values()) for (const m of marks) m.stale = true;
        this.keyedLists.clear();
        this.keyedListBytes = 0;
        this.dependents.clear();
        for (const l of this.listLoads) l.dropped = 'all';
      } else {
        for (const key of changed) this.dropKey(key);
      }
    }
    this.snapshot = row.snapshot;
    const now = Date.now();
    const candidate = this.pruneCandidate;
    const below = String(xminOf(row.snapshot));
    if (!candidate) this.pruneCandidate = { at: now, below };
    else if (now - candidate.at >= PRUNE_EVERY_MS) {
      this.pruneCandidate = { at: now, below };
      this.pruneChanges(candidate.below).catch(() => undefined);
    }
  }

  /** Drops the keyed row and the lists depending on `key`; its loads in flight are not kept (they may predate a change). */
  private dropKey(key: string): void {
    if (this.keyed.delete(key)) this.stats.keyedDropped++;
    for (const m of this.loading.get(key) ?? []) m.stale = true;
    const lists = this.dependents.get(key);
    if (lists) {
      for (const list of [...lists]) this.dropList(list);
      this.stats.keyedDropped++;
    }
    for (const l of this.listLoads) if (l.dropped !== 'all') l.dropped.add(key);
  }

  /**
   * After this process's own write declared by `withKnownChanges` was answered: its keys are dropped as a read of the
   * log showing them would drop them (a load in flight may have read before the commit: not kept). The next full read
   * lists them again (their transaction committed after the last read's snapshot) and drops them once more: harmless.
   */
  dropKeys(keys: readonly string[]): void {
    this.stats.localDrops++;
    for (const key of keys) this.dropKey(key);
  }

  /** The row kept for `key` now (the object itself: `withKnownChanges` compares it), if any. */
  keyedRow(key: string): object | undefined {
    return this.keyed.get(key) as object | undefined;
  }

  /**
   * `withKnownChanges` after its write was answered: each key dropped, and where `changes` says how the write moved
   * its row and the row kept is still the one kept before the write (`before`: neither dropped nor loaded again
   * since), that row so changed kept instead.
   */
  settleKeys(keys: readonly string[], before: ReadonlyMap<string, object | undefined>, changes: ReadonlyMap<string, (row: object) => object>): void {
    for (const key of keys) {
      const row = this.keyed.get(key) as object | undefined;
      const change = changes.get(key);
      this.dropKey(key);
      if (change && row !== undefined && row === before.get(key)) {
        this.stats.localUpdates++;
        this.keyed.set(key, change(row));
      } else {
        this.stats.localDrops++;
      }
    }
  }

  /**
   * PostgreSQL: deletes the change log below the txid `below` (a snapshot's xmin read at least PRUNE_EVERY_MS ago:
   * every process that read the log since has a snapshot whose xmin is at or past it, snapshots' xmin never moving
   * back) and records it in `changes_pruned_below`, in one statement: a process whose last snapshot is older (it
   * read nothing meanwhile) sees the mark and empties its keyed caches.
   */
  async pruneChanges(below: string): Promise<void> {
    this.stats.prunes++;
    await outsideRequests(() => sql`with gone as (delete from cache_changes where txid < ${below}) update cache_epochs set changes_pruned_below = greatest(changes_pruned_below, ${below}) where id = 1`.execute(this.db));
  }

  /** Whether this cache keeps rows by key (PostgreSQL: `keyedRead`). */
  get keyedReads(): boolean {
    return !this.readNow;
  }

  /**
   * `keyedRead` (see there): the rows of `key` from memory when the change log, read for this request, does not show
   * the key changed since they were read; otherwise `load()`, kept when it answered exactly one row and its key was
   * not dropped while it ran (a load may have started before a change the log showed meanwhile). Each caller gets its own row objects.
   */
  readKeyed<R extends object>(scope: ReadScope, key: string, load: () => Promise<R[]>): Promise<R[]> {
    if (scope.fresh?.has(this)) {
      const hit = this.keyed.get(key) as R | undefined;
      if (hit) {
        this.stats.keyedHits++;
        return Promise.resolve([{ ...hit }]);
      }
    }
    return this.readKeyedAfterSync(scope, key, load);
  }

  private async readKeyedAfterSync<R extends object>(scope: ReadScope, key: string, load: () => Promise<R[]>): Promise<R[]> {
    await this.synced(scope);
    const hit = this.keyed.get(key) as R | undefined;
    if (hit) {
      this.stats.keyedHits++;
      return [{ ...hit }];
    }
    this.stats.keyedMisses++;
    const mark = { stale: false };
    const marks = this.loading.get(key);
    if (marks) marks.push(mark);
    else this.loading.set(key, [mark]);
    let rows: R[];
    try {
      rows = await load();
    } finally {
      const now = this.loading.get(key)!;
      now.splice(now.indexOf(mark), 1);
      if (now.length === 0) this.loading.delete(key);
    }
    if (rows.length === 1 && !mark.stale && this.snapshot !== undefined) {
      if (this.keyed.size >= MAX_ENTRIES) this.keyed.delete(this.keyed.keys().next().value as string);
      this.keyed.set(key, { ...rows[0]! });
    }
    return rows;
  }

  /**
   * `keyedListRead` (see there): the rows of the list `key` from memory when the change log, read for this request,
   * shows no change to any key it depends on — `deps`, and `rowKey` of each of its rows — since they were read;
   * otherwise `load()`, kept when the log showed none of them changed while it ran. Each caller gets its own row objects.
   */
  async readKeyedList<R extends object>(scope: ReadScope, key: string, deps: readonly string[], rowKey: (row: R) => string, load: () => Promise<R[]>): Promise<R[]> {
    await this.synced(scope);
    const hit = this.keyedLists.get(key);
    if (hit) {
      this.stats.keyedHits++;
      return hit.rows.map((r) => ({ ...r }) as R);
    }
    this.stats.keyedMisses++;
    const mark: { dropped: Set<string> | 'all' } = { dropped: new Set() };
    this.listLoads.add(mark);
    let rows: R[];
    try {
      rows = await load();
    } finally {
      this.listLoads.delete(mark);
    }
    const all = [...deps, ...rows.map(rowKey)];
    const dropped = mark.dropped;
    const size = dropped !== 'all' && this.snapshot !== undefined && !all.some((k) => dropped.has(k)) ? estimatedSize(key, rows) : Infinity;
    if (size <= MEMO_MAX_BYTES / 64) {
      this.dropList(key);
      while (this.keyedLists.size && (this.keyedLists.size >= MAX_ENTRIES || this.keyedListBytes + size > MEMO_MAX_BYTES)) {
        this.dropList(this.keyedLists.keys().next().value as string);
      }
      this.keyedLists.set(key, { rows: rows.map((r) => ({ ...r })), deps: all, size });
      this.keyedListBytes += size;
      for (const k of all) {
        const lists = this.dependents.get(k);
        if (lists) lists.add(key);
        else this.dependents.set(k, new Set([key]));
      }
    }
    return rows;
  }

  /** Forgets the cached list `key` and its entries in `dependents`. */
  private dropList(key: string): void {
    const entry = this.keyedLists.get(key);
    if (!entry) return;
    this.keyedLists.delete(key);
    this.keyedListBytes -= entry.size;
    for (const k of entry.deps) {
      const lists = this.dependents.get(k);
      if (!lists) continue;
      lists.delete(key);
      if (lists.size === 0) this.dependents.delete(k);
    }
  }

  /** The counters checked once for the request of `scope` (shared by all its cached reads until it writes). */
  private synced(scope: ReadScope): Promise<void> {
    const synced = (scope.synced ??= new Map());
    let ready = synced.get(this);
    if (!ready) {
      const r = (ready = this.sync());
      synced.set(this, r);
      // Completed (and not cleared by a write since): the request may use the memo of reads (SQLite), and its cached
      // reads answer from memory without waiting for `r` again (`read`, `readKeyed`).
      r.then(() => {
        if (scope.synced?.get(this) === r) (scope.fresh ??= new Set()).add(this);
      }, () => undefined);
    }
    return ready;
  }

  /**
   * SQLite: a prepared read outside transactions (db/prepared.ts), answered from the memo when the database has not
   * changed since the counters were last read, by a read that completed for this request (`scope.fresh`): then what
   * `load()` would answer now is what it answered then (no commit by this process — `localChanges` — nor by another
   * connection — `data_version` — in between; and a value is labelled with a version seen *before* it was read, so
   * it is never older than its label). That read started after the request arrived, so the request sees whatever
   * committed before it arrived, as with the other caches. A request that wrote is not fresh until it read the
   * counters again. Each caller gets its own row objects.
   */
  memoRead(scope: ReadScope | undefined, sql: string, parameters: readonly unknown[], load: () => object[]): object[] {
    const version = this.memoVersion;
    if (!scope?.fresh?.has(this) || version === undefined || version.changes !== localChanges) return load();
    let key: string;
    try {
      // The statement's text by a number (hashing a long text once per call, not a longer key made of it).
      let id = this.memoTexts.get(sql);
      if (id === undefined) {
        if (this.memoTexts.size >= MEMO_TEXTS_MAX) {
          // Many texts built per call (readSql): start over, the memo with them (its keys use these numbers).
          this.memoTexts.clear();
          this.memo.clear();
          this.memoSize = 0;
        }
        this.memoTexts.set(sql, (id = this.memoTexts.size));
      }
      key = `${id}\u0000${JSON.stringify(parameters)}`;
    } catch {
      return load();
    }
    const hit = this.memo.get(key);
    if (hit) {
      this.stats.memoHits++;
      return hit.rows.map((r) => ({ ...r }));
    }
    const rows = load();
    const size = estimatedSize(key, rows);
    if (size <= MEMO_MAX_BYTES / 64) {
      while (this.memoSize + size > MEMO_MAX_BYTES && this.memo.size) {
        const [oldest, entry] = this.memo.entries().next().value as [string, { size: number }];
        this.memo.delete(oldest);
        this.memoSize -= entry.size;
      }
      this.memo.set(key, { rows: rows.map((r) => ({ ...r })), size });
      this.memoSize += size;
    }
    return rows;
  }

  read<T>(scope: ReadScope, domain: CacheDomain, key: string, load: () => Promise<T>): Promise<T> {
    // The request's read of the counters completed (no write since): what `readAfterSync` would find in memory now.
    if (scope.fresh?.has(this)) {
      const map = this.maps.get(domain)!;
      if (map.has(key)) {
        this.stats.hits++;
        return Promise.resolve(map.get(key) as T);
      }
    }
    return this.readAfterSync(scope, domain, key, load);
  }

  private async readAfterSync<T>(scope: ReadScope, domain: CacheDomain, key: string, load: () => Promise<T>): Promise<T> {
    await this.synced(scope);
    const map = this.maps.get(domain)!;
    if (map.has(key)) {
      this.stats.hits++;
      return map.get(key) as T;
    }
    this.stats.misses++;
    const generation = this.generations.get(domain);
    const value = await load();
    if (this.generations.get(domain) === generation) {
      remember(map, key, value);
    }
    return value;
  }

  /** `read` for many keys at once: `load` is called once with the keys not in memory and must answer each of them. */
  async readMany<T>(scope: ReadScope, domain: CacheDomain, keys: readonly string[], load: (missing: string[]) => Promise<Map<string, T>>): Promise<Map<string, T>> {
    await this.synced(scope);
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
      if (keep) remember(map, key, value);
    }
    return out;
  }

  /** The emptying counts of `domains` (see `stampAccess`). */
  generationsOf(domains: readonly CacheDomain[]): number[] {
    return domains.map((d) => this.generations.get(d)!);
  }

  /** The counters of `domains` the cached values are valid for, as text; undefined before the first read of them. */
  epochsOf(domains: readonly CacheDomain[]): string[] | undefined {
    const e = this.epochs;
    return e ? domains.map((d) => String(e[d])) : undefined;
  }

  /** `read` inside the transaction `tx` (see the header: the counters are checked in the transaction). */
  async readInTransaction<T>(scope: ReadScope, tx: DbOrTx, domain: CacheDomain, key: string, load: () => Promise<T>): Promise<T> {
    let check = this.checks.get(tx);
    if (!check) {
      this.stats.transactionChecks++;
      const epochs = checkInTransaction(tx);
      check = { epochs, writes: scope.writes ?? 0 };
      this.checks.set(tx, check);
    }
    const seen = await check.epochs;
    const valid = () => !!seen && !!this.epochs && seen[domain] === this.epochs[domain] && (scope.writes ?? 0) === check.writes;
    if (!valid()) return load();
    const map = this.maps.get(domain)!;
    if (map.has(key)) {
      this.stats.transactionHits++;
      return map.get(key) as T;
    }
    // Read in the transaction; kept when the counters it is valid for are still those of the cache.
    const generation = this.generations.get(domain);
    const value = await load();
    if (this.generations.get(domain) === generation && valid()) {
      remember(map, key, value);
    }
    return value;
  }
}

/**
 * A read through the cache of `domain`: inside a request, on a database with a cache (inside a transaction, once
 * the transaction checked the counters: `readInTransaction`); otherwise `load()` as is. `load` must read only rows
 * whose changes bump the domain's counter (see the migration).
 */
export function cachedRead<T>(db: DbOrTx, domain: CacheDomain, key: string, load: () => Promise<T>): Promise<T> {
  const scope = scopes.getStore();
  if (!scope) return load();
  if (db.isTransaction) {
    const cache = caches.get(db.getExecutor().adapter);
    return cache ? cache.readInTransaction(scope, db, domain, key, load) : load();
  }
  const cache = caches.get(db);
  return cache ? cache.read(scope, domain, key, load) : load();
}

/**
 * A read of the row with `key` (e.g. `space:<id>`: a key the change log's triggers write, migration
 * 20261127T0600-read-cache-changes) through the keyed cache of `db`: inside a request, outside transactions, on
 * PostgreSQL. Answered from memory when the request's read of the counters (which started after the request arrived)
 * shows no change to the key since the row was read: what committed before the request arrived is seen, as with the
 * other caches. Elsewhere `load()` as is (SQLite has its memo of reads; transactions read for themselves). `load`
 * must read only what a change logged under `key` changes.
 */
export function keyedRead<R extends object>(db: DbOrTx, key: string, load: () => Promise<R[]>): Promise<R[]> {
  const scope = scopes.getStore();
  const cache = scope && !db.isTransaction ? caches.get(db) : undefined;
  return cache?.keyedReads ? cache.readKeyed(scope!, key, load) : load();
}

/**
 * A read of a list of rows (e.g. a page of an organization's spaces) through the keyed caches of `db`, as `keyedRead`:
 * inside a request, outside transactions, on PostgreSQL; `key` names the list (with everything its statement depends
 * on: its text and parameters; a function: built only where the cache is used). Answered from memory when the
 * request's read of the counters shows no change since the rows were read to any key in `deps` (logged whenever a row
 * may enter or leave the list or change place in it, e.g. `spaces-of:<org>`, migrations 20261127T1200 and T1300) nor
 * to `rowKey` of any of its rows (logged whenever such a row changes, e.g. `space:<id>`). Elsewhere `load()` as is.
 * `load` must read only what a change logged under those keys changes.
 */
export function keyedListRead<R extends object>(db: DbOrTx, key: string | (() => string), deps: readonly string[], rowKey: (row: R) => string, load: () => Promise<R[]>): Promise<R[]> {
  const scope = scopes.getStore();
  const cache = scope && !db.isTransaction ? caches.get(db) : undefined;
  return cache?.keyedReads ? cache.readKeyedList(scope!, typeof key === 'string' ? key : key(), deps, rowKey, load) : load();
}

/** SQLite: a prepared read outside transactions, through the memo of the cache of `db` (`ReadCache.memoRead`). */
export function memoRead(db: DbOrTx, sql: string, parameters: readonly unknown[], load: () => object[]): object[] {
  const cache = caches.get(db);
  return cache ? cache.memoRead(scopes.getStore(), sql, parameters, load) : load();
}

/** `cachedRead` of many keys: `load(missing)` answers every key not in memory (one query for all of them). */
export function cachedReadMany<T>(
  db: DbOrTx, domain: CacheDomain, keys: readonly string[], load: (missing: string[]) => Promise<Map<string, T>>,
): Promise<Map<string, T>> {
  const scope = scopes.getStore();
  const cache = scope && !db.isTransaction ? caches.get(db) : undefined;
  return cache ? cache.readMany(scope!, domain, keys, load) : load([...new Set(keys)]);
}

/**
 * What a write that checks the caller's access in its own statement needs from the caches: the counters the cached
 * values it used are valid for. `stampAccess` before the access is computed (outside any transaction), `stampedEpochs`
 * after: the counters of `domains` as text, or undefined when they cannot vouch for the values used — the request
 * is not in a request scope or was not checked against the counters, wrote since the stamp, or a domain was emptied
 * in between (its counter moved: some values used may be older than others). A statement that writes only while
 * `cache_epochs` still holds these counters (and the uncached rows it read are unchanged) acts on what a read of
 * the domains in it would have seen: every change to their rows bumps the counter in the same transaction.
 */
export interface AccessStamp {
  cache: ReadCache;
  scope: ReadScope;
  domains: readonly CacheDomain[];
  generations: number[];
  writes: number;
}

export function stampAccess(db: Db, domains: readonly CacheDomain[]): AccessStamp | undefined {
  const scope = scopes.getStore();
  const cache = caches.get(db);
  if (!scope || !cache || db.isTransaction) return undefined;
  return { cache, scope, domains, generations: cache.generationsOf(domains), writes: scope.writes ?? 0 };
}

export function stampedEpochs(stamp: AccessStamp): string[] | undefined {
  const { cache, scope, domains } = stamp;
  if (!scope.synced?.has(cache) || (scope.writes ?? 0) !== stamp.writes) return undefined;
  const now = cache.generationsOf(domains);
  if (now.some((g, i) => g !== stamp.generations[i])) return undefined;
  return cache.epochsOf(domains);
}

/** Counts a write made with the stamped access (for the tests and the benchmark: `stats.stampedWrites`). */
export function noteStampedWrite(stamp: AccessStamp): void {
  stamp.cache.stats.stampedWrites++;
}

/** Runs `fn` outside any request scope (work shared by several requests, e.g. one statement for all of them). */
export function outsideRequests<T>(fn: () => T): T {
  return scopes.exit(fn);
}
