// Starts Bindery: open the database, migrate, make sure there is an instance administrator, build the app,
// listen, warm the validator up, then report ready. Stops gracefully: in-flight requests finish first.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import pino, { type Logger } from 'pino';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { configureContentProcessing } from './content/process.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { isUniqueViolation } from './db/dialect.js';
import { withFileLock } from './db/file-lock.js';
import { ReadCache } from './db/read-cache.js';
import { buildApp } from './http/app.js';
import { startJobWorker, type JobWorker } from './jobs/worker.js';
import type { HandlerTable } from './http/operations.js';
import { systemClock, type Clock } from './lib/clock.js';
import { settingsRepo } from './repos/settings.repo.js';
import { tokensRepo } from './repos/tokens.repo.js';
import { usersRepo } from './repos/users.repo.js';
import { handlerTable } from './routes/index.js';
import { createToken, generateTokenSecret, hashToken } from './services/auth.js';
import { insertUser } from './services/users.js';
import { setLocalApiUrl } from './services/integration-runtime.js';
import { secretBox } from './lib/secret-box.js';
import { allowPrivateHosts } from './lib/ssrf.js';
import { logDestination } from './lib/log-destination.js';
import { closeSandbox } from './sandbox/index.js';
import { flushSiteViews } from './services/site-views.js';
import { flushInsights } from './services/site-insights.js';

export interface StartOptions {
  clock?: Clock;
  logger?: Logger;
  table?: HandlerTable;
  /** Print the first-start admin token hint (the CLI does; tests don't). */
  announce?: boolean;
  /** How long in-flight requests may run once closing starts (default 25 s). */
  shutdownGraceMs?: number;
  /**
   * Run the durable job worker in this process (every process may run one). Default: yes with the system clock;
   * no with an injected clock, whose owner (a test) controls time and runs due jobs itself with `runDueJobs`.
   */
  jobWorker?: boolean;
  /** How often the job worker looks for due jobs (default 1 s). */
  jobPollMs?: number;
}

export interface RunningServer {
  url: string;
  ctx: AppContext;
  server: Server;
  /** The admin token generated on first start (undefined when it already existed or came from configuration). */
  generatedAdminToken?: string;
  /** The request-path caches of this process (db/read-cache.ts). */
  readCache: ReadCache;
  close(): Promise<void>;
}

export const ADMIN_EMAIL = 'admin@bindery.local';

async function ensureJwtSecret(ctx: Omit<AppContext, 'jwtSecret'>): Promise<Uint8Array> {
  if (ctx.config.jwtSecret) return new TextEncoder().encode(ctx.config.jwtSecret);
  await settingsRepo.insertIfAbsent(ctx.db, 'jwt_secret', randomBytes(32).toString('base64url'));
  const secret = await settingsRepo.get(ctx.db, 'jwt_secret');
  if (secret === undefined) throw new Error('instance setting jwt_secret is missing');
  return new TextEncoder().encode(secret);
}

/**
 * Every process on one database must seal secrets with the same key: the first start records the key's fingerprint;
 * a process with another key refuses to start (its secrets, and everyone else's, would not open).
 */
async function checkSecretsKey(ctx: Omit<AppContext, 'jwtSecret'>): Promise<void> {
  const keyId = secretBox(ctx.config).keyId();
  await settingsRepo.insertIfAbsent(ctx.db, 'secrets_key_id', keyId);
  if ((await settingsRepo.get(ctx.db, 'secrets_key_id')) !== keyId) {
    throw new Error(
      ctx.config.secretsKey
        ? 'BINDERY_SECRETS_KEY is not the key the secrets in this database were sealed with: every server process on one database must be given the same BINDERY_SECRETS_KEY'
        : `${join(ctx.config.dataDir, 'secrets.key')} is not the key the secrets in this database were sealed with: set the same BINDERY_SECRETS_KEY on every server process sharing this database`,
    );
  }
}

/** The instance administrator holds BINDERY_ADMIN_TOKEN, or a token generated (and returned) on first start. */
async function ensureAdmin(ctx: AppContext): Promise<string | undefined> {
  let admin = await usersRepo.findInstanceAdmin(ctx.db);
  if (!admin) {
    // Several servers may start at once on one new database: whoever loses the race uses the winner's admin.
    try {
      admin = await insertUser(ctx, { email: ADMIN_EMAIL, displayName: 'Bindery Admin' }, { instanceAdmin: true });
    } catch (err) {
      admin = await usersRepo.findInstanceAdmin(ctx.db);
      if (!admin) throw err;
    }
  }
  if (ctx.config.adminToken) {
    const hash = hashToken(ctx.config.adminToken);
    if (!(await tokensRepo.existsWithHash(ctx.db, hash))) {
      try {
        await createToken(ctx, admin.id, 'BINDERY_ADMIN_TOKEN', { secret: ctx.config.adminToken });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
      }
    }
    return undefined;
  }
  if (await tokensRepo.userHasAny(ctx.db, admin.id)) return undefined;
  const { secret } = await createToken(ctx, admin.id, 'first start');
  return secret;
}

/**
 * Requests Node's HTTP parser refuses before the app sees them (a request line or headers over 16 KB, a malformed
 * request) still get the error body every client expects, then the connection closes.
 */
function answerClientError(err: NodeJS.ErrnoException, socket: import('node:stream').Duplex): void {
  if (!socket.writable || err.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const [status, reason, message] = err.code === 'HPE_HEADER_OVERFLOW'
    ? [431, 'Request Header Fields Too Large', 'The request line and headers exceed 16 KB: shorten the URL or the headers']
    : err.code === 'HPE_REQUEST_TIMEOUT' || err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'The request did not arrive in time']
      : [400, 'Bad Request', 'The request is not valid HTTP'];
  const body = JSON.stringify({ error: { code: status, message } });
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

/**
 * PostgreSQL: the migrations on a connection of their own without the pool's bounds — a migration may take a lock
 * that requests hold, or run long on a large table, and the processes starting together wait for one another's
 * migration lock.
 */
async function migrateUnbounded(databaseUrl: string): Promise<string[]> {
  const { db, close } = openDatabase({ databaseUrl, sqliteFile: ':memory:', poolSize: 1 });
  try {
    return await migrateToLatest(db);
  } finally {
    await close();
  }
}

export async function startServer(config: Config, opts: StartOptions = {}): Promise<RunningServer> {
  // Logs go out asynchronously, a few kilobytes per write (pino flushes what is left when the process exits).
  allowPrivateHosts(config.allowedPrivateHosts);
  const logger = opts.logger ?? pino({ level: config.logLevel, redact: ['req.headers.authorization', 'headers.authorization', '*.token'] }, logDestination(1));
  const sqliteFile = join(config.dataDir, 'bindery.sqlite');
  const { db, dialect, sqlite, close: closeDb } = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile,
    onIdleError: (err) => logger.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'database: an idle pooled connection failed and was dropped'),
    bounds: { lockMs: config.pgLockTimeoutMs, statementMs: config.pgStatementTimeoutMs, acquireMs: config.pgAcquireTimeoutMs },
  });
  const applied = dialect === 'sqlite' ? await withFileLock(`${sqliteFile}.migrate.lock`, () => migrateToLatest(db)) : await migrateUnbounded(config.databaseUrl!);
  if (applied.length) logger.info({ migrations: applied }, 'migrations applied');
  const readCache = ReadCache.attach(db, sqlite);
  // PostgreSQL: the lease that lets turns skip the counters' read (db/read-cache.ts, "Leases").
  if (dialect === 'postgres' && config.databaseUrl) {
    await readCache.startLease(config.databaseUrl, (msg, err) => logger.warn({ err }, msg));
  }
  configureContentProcessing({ workers: config.contentWorkers, budgetMs: config.contentBudgetMs, inlineBytes: config.contentInlineBytes });
  const base = { config, db, dialect, clock: opts.clock ?? systemClock, logger };
  let ctx: AppContext;
  try {
    await checkSecretsKey(base);
    ctx = { ...base, jwtSecret: await ensureJwtSecret(base) };
  } catch (err) {
    await readCache.closeLease();
    await closeDb();
    throw err;
  }
  const generatedAdminToken = await ensureAdmin(ctx);
  if (generatedAdminToken && opts.announce) {
    mkdirSync(config.dataDir, { recursive: true });
    const file = join(config.dataDir, 'admin-token');
    writeFileSync(file, generatedAdminToken + '\n', { mode: 0o600 });
    chmodSync(file, 0o600);
    process.stdout.write(
      `\nBindery: first start. The instance administrator's API token was written to ${file}\n` +
        `  export TOKEN=$(cat ${file})\n  curl -H "Authorization: Bearer $TOKEN" http://localhost:${config.port}/v1/user\n\n`,
    );
  }

  const built = buildApp(ctx, opts.table ?? handlerTable);
  const server = createServer(built.serverOptions, built.app);
  server.on('clientError', answerClientError);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${host}:${port}`;
  setLocalApiUrl(ctx, url);

  // Warm-up: the validator loads and compiles the spec on its first request; report ready only after that.
  const warm = await fetch(`${url}/v1`);
  if (warm.status !== 200) throw new Error(`Warm-up request failed with ${warm.status}: ${await warm.text()}`);
  built.markReady();
  const runWorker = opts.jobWorker ?? opts.clock === undefined;
  const worker: JobWorker | undefined = runWorker ? startJobWorker(ctx, { intervalMs: opts.jobPollMs }) : undefined;
  logger.info({ url, dialect }, 'Bindery is ready');

  let closing: Promise<void> | undefined;
  return {
    url,
    ctx,
    server,
    generatedAdminToken,
    readCache,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Keep-alive connections become idle once their in-flight request is answered: close them as they do,
          // and cut whatever is left after the grace period.
          server.closeIdleConnections();
          const sweep = setInterval(() => server.closeIdleConnections(), 50);
          const cut = setTimeout(() => server.closeAllConnections(), opts.shutdownGraceMs ?? 25_000);
          server.once('close', () => {
            clearInterval(sweep);
            clearTimeout(cut);
          });
        });
        // The page views queued for integrations (services/site-views.ts) are written before the database closes.
        await flushSiteViews(ctx);
        await worker?.stop();
        // The site Insights events still waiting in this process (services/site-insights.ts).
        await flushInsights(ctx);
        await closeSandbox(ctx);
        await readCache.closeLease();
        await closeDb();
      })();
      return closing;
    },
  };
}
