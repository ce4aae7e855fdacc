// PostgreSQL: the lease that lets a process answer cached reads without reading the counters for each turn
// (db/read-cache.ts, header: "Leases"). One connection of its own per process (not the pool's): it listens on
// `bindery_cache` (changes) and `bindery_cache_ack` (acknowledgements), renews the process's row of `cache_leases`
// (migration 20261128T0100-read-cache-leases), acknowledges notices and sends this process's own. Its statements
// commit asynchronously (`synchronous_commit = off`): a lease row or a notification is visible to the others at
// commit, whether or not its WAL was flushed, and none of it has to survive a crash of the database (every listening
// connection is cut by it, which ends every process's skipping).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

/** How long a lease row lasts (the database's `expires_at` is `now()` at its renewal plus this). */
export const LEASE_MS = 3_000;
/** Renewed this often (a third of the lease: two renewals may fail before it lapses). */
const RENEW_MS = 1_000;
/**
 * The local lease ends this long before `expires_at` could: it is counted from when the renewal was *sent*, which is
 * before the database's `now()` of it, so only clock rates matter here.
 */
const MARGIN_MS = 500;
/** After the listening connection failed, the next attempt is this much later. */
const RECONNECT_MS = 1_000;
/** A notice that has waited through this many expiries of one unacknowledged lease is given up on (logged). */
const MAX_WAIT_ROUNDS = 4;

export interface LeaseState {
  /** Bumped by every notice received (and by this process's own changes): a skip needs a full read started after. */
  notices: number;
  /** Bumped whenever the lease lapsed or the connection was replaced: a skip needs a full read started after. */
  epoch: number;
}

export class CacheLease {
  readonly processId = `${process.pid}-${randomUUID()}`;
  private client: pg.Client | undefined;
  /** Whether the listening connection is up and listening (any error or end clears it at once). */
  private healthy = false;
  /** performance.now() until which the lease is valid locally (0: none). */
  private deadline = 0;
  readonly state: LeaseState = { notices: 0, epoch: 0 };
  private renewTimer: NodeJS.Timeout | undefined;
  private renewing = false;
  private closed = false;
  private seq = 0;
  /** This process's notices waiting for acknowledgements: nonce → processes still to answer. */
  private readonly waiting = new Map<string, { pending: Set<string>; acked: Set<string>; wake: () => void }>();
  readonly stats = { notices: 0, acks: 0, published: 0, waitedOn: 0, leaseTimeouts: 0, givenUp: 0, renewals: 0, failures: 0 };

  /** The last statement queued on the connection: its statements go one after the other (pg's own queue is deprecated). */
  private queue: Promise<unknown> = Promise.resolve();

  /** A statement on `client`, after those queued before it. */
  private query<R extends pg.QueryResultRow = pg.QueryResultRow>(client: pg.Client, text: string, values?: unknown[]): Promise<pg.QueryResult<R>> {
    const run = this.queue.then(() => client.query<R>(text, values), () => client.query<R>(text, values));
    this.queue = run.catch(() => undefined);
    return run;
  }

  constructor(private readonly url: string, private readonly log: (msg: string, err?: unknown) => void = () => undefined) {}

  /** Starts listening and holding the lease (resolves once the first lease is held, or failed: then it retries). */
  async start(): Promise<void> {
    await this.connect().catch((err) => this.failed(err, this.client));
  }

  /** Whether the lease is held and the listening connection healthy now. */
  valid(now = performance.now()): boolean {
    return this.healthy && now < this.deadline;
  }

  /** Ends skipping at once (a change of this process's own, or a notice): the next request reads the counters. */
  invalidate(): void {
    this.state.notices++;
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.url });
    this.client = client;
    const lost = (err?: unknown) => {
      if (this.client !== client) return;
      this.failed(err ?? new Error('the listening connection ended'));
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (n) => this.onNotification(n));
    await client.connect();
    // Listening first, then the lease: whoever sees the lease row sends its notices after we listen (see read-cache.ts).
    await this.query(client, 'set synchronous_commit = off; listen bindery_cache; listen bindery_cache_ack');
    if (this.client !== client) return;
    this.healthy = true;
    // Rows of processes gone for good (SIGKILL) stay expired; a start clears the old ones.
    this.query(client, `delete from cache_leases where expires_at < now() - interval '1 hour'`).catch(() => undefined);
    await this.renew();
    this.scheduleRenewal(client);
  }

  private failed(err: unknown, client?: pg.Client): void {
    if (client && this.client !== client) return;
    this.stats.failures++;
    this.healthy = false;
    this.deadline = 0;
    this.state.epoch++;
    const old = this.client;
    this.client = undefined;
    old?.removeAllListeners('notification');
    old?.end().catch(() => undefined);
    // Nobody acknowledges to us through a dead connection: the waits end by the leases' expiry.
    if (this.closed) return;
    this.log('cache lease: listening connection lost; reading the counters for every turn until it is back', err);
    clearTimeout(this.renewTimer);
    this.renewTimer = setTimeout(() => {
      this.connect().catch((e) => this.failed(e, this.client));
    }, RECONNECT_MS);
    this.renewTimer.unref();
  }

  private scheduleRenewal(client: pg.Client): void {
    if (this.client !== client || this.closed) return;
    clearTimeout(this.renewTimer);
    this.renewTimer = setTimeout(() => {
      this.renew().then(() => this.scheduleRenewal(client), (err) => this.failed(err, client));
    }, RENEW_MS);
    this.renewTimer.unref();
  }

  /**
   * One renewal (never two at once). The local deadline counts from when it was sent. When the lease had lapsed
   * before the answer came (or never was), the epoch moves: a skip then needs a full read started after this point.
   */
  private async renew(): Promise<void> {
    const client = this.client;
    if (!client || this.renewing || this.closed) return;
    this.renewing = true;
    try {
      const sent = performance.now();
      await this.query(
        client,
        `insert into cache_leases (process_id, expires_at) values ($1, now() + make_interval(secs => $2))
         on conflict (process_id) do update set expires_at = excluded.expires_at`,
        [this.processId, LEASE_MS / 1000],
      );
      if (this.client !== client || !this.healthy) return;
      this.stats.renewals++;
      const now = performance.now();
      if (!(now < this.deadline)) this.state.epoch++;
      this.deadline = sent + LEASE_MS - MARGIN_MS;
    } finally {
      this.renewing = false;
    }
  }

  private onNotification(n: pg.Notification): void {
    const payload = n.payload ?? '';
    if (n.channel === 'bindery_cache') {
      // First leave skipping, then acknowledge: the writer answers its client only after the acknowledgement.
      this.invalidate();
      this.stats.notices++;
      if (payload.startsWith(`${this.processId}:`) || !/^[A-Za-z0-9:-]{1,200}$/.test(payload)) return;
      if (this.client) this.query(this.client, `select pg_notify('bindery_cache_ack', '${payload}/${this.processId}')`).catch(() => undefined);
      return;
    }
    if (n.channel === 'bindery_cache_ack') {
      const slash = payload.lastIndexOf('/');
      const w = this.waiting.get(payload.slice(0, slash));
      if (!w) return;
      this.stats.acks++;
      const from = payload.slice(slash + 1);
      // Kept: an acknowledgement may arrive before the answer that names the processes to wait for.
      w.acked.add(from);
      if (w.pending.delete(from) && w.pending.size === 0) w.wake();
    }
  }

  /**
   * After a commit that moved the counters (or may have): tells every other process and waits until each live lease's
   * holder acknowledged or its lease expired — so that once this resolves no process answers from memory that has not
   * seen the change. One statement (the notice and the live leases, in one transaction); no wait when no other process
   * holds a lease. Throws when the notice could not be sent.
   */
  async publish(): Promise<void> {
    this.invalidate();
    const client = this.client;
    if (!client || !this.healthy) throw new Error('the cache notification connection is down');
    this.stats.published++;
    const nonce = `${this.processId}:${++this.seq}`;
    const waiter = { pending: new Set<string>(), acked: new Set<string>(), wake: () => undefined as void };
    const woken = new Promise<void>((resolve) => (waiter.wake = resolve));
    this.waiting.set(nonce, waiter);
    try {
      const live = async (ids?: string[]) => {
        let timer: NodeJS.Timeout | undefined;
        // A connection that stopped answering fails the notice (the caller falls back) and is replaced.
        const stalled = new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('the cache notification connection did not answer')), LEASE_MS);
        });
        const r = await Promise.race([stalled, this.query<{ process_id: string; ms: number }>(
          client,
          `${ids ? '' : `begin; select pg_notify('bindery_cache', '${nonce}'); `}select process_id, greatest(0, extract(epoch from expires_at - now()) * 1000)::float8 as ms
           from cache_leases where expires_at > now() and process_id <> '${this.processId}'${ids ? ` and process_id = any($1)` : ''}${ids ? '' : '; commit'}`,
          ids ? [ids] : undefined,
        )]).catch((err: unknown) => {
          this.failed(err, client);
          throw err;
        }).finally(() => clearTimeout(timer));
        const rows = Array.isArray(r) ? (r as pg.QueryResult[])[2]!.rows : r.rows;
        return rows as { process_id: string; ms: number }[];
      };
      let rows = await live();
      for (let round = 0; rows.length > 0; round++) {
        // Acknowledgements may have come before the statement's answer: those are not waited for.
        for (const row of rows) if (!waiter.acked.has(row.process_id)) waiter.pending.add(row.process_id);
        this.stats.waitedOn += rows.length;
        if (waiter.pending.size === 0) return;
        const longest = Math.max(...rows.map((x) => Number(x.ms)));
        let timer: NodeJS.Timeout | undefined;
        const expired = new Promise<void>((resolve) => (timer = setTimeout(resolve, longest + 20)));
        await Promise.race([woken, expired]);
        clearTimeout(timer);
        if (waiter.pending.size === 0) return;
        // Unanswered after their leases' expiry as we read it: renewed since? Then they listen, and are waited for again.
        this.stats.leaseTimeouts += waiter.pending.size;
        if (round + 1 >= MAX_WAIT_ROUNDS) {
          this.stats.givenUp++;
          this.log(`cache lease: ${waiter.pending.size} process(es) renewed their lease without acknowledging a change`);
          return;
        }
        rows = await live([...waiter.pending]);
        waiter.pending.clear();
      }
    } finally {
      this.waiting.delete(nonce);
    }
  }

  /** Clean shutdown: the lease row goes (writers stop waiting for this process at once). */
  async close(): Promise<void> {
    this.closed = true;
    this.healthy = false;
    this.deadline = 0;
    clearTimeout(this.renewTimer);
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    await this.query(client, 'delete from cache_leases where process_id = $1', [this.processId]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
