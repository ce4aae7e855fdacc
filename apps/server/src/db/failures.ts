// What a failure of the database itself (not of the request) means for the client: the connection was lost, the
// server is shutting down, a lock or statement waited past its bound, the disk is full, the file is read-only.
// Such a request is answered 503 (or 507: no space) naming the cause, never a 500 with a stack; its transaction
// rolled back (or, when the connection was lost while committing, may have committed: the client retries an
// idempotent request, or reads before it repeats a write).
import { ApiError } from '../errors.js';

/** PostgreSQL SQLSTATEs (and classes) of failures that are the database's, with what the client is told. */
const PG_CODES: Record<string, string> = {
  '57P01': 'the database connection was terminated by the database administrator',
  '57P02': 'the database server crashed',
  '57P03': 'the database is not accepting connections yet',
  '57P05': 'the database connection was idle too long',
  '57014': 'a database statement ran past its time limit (statement_timeout) or was cancelled',
  '55P03': 'a database row or table stayed locked past the lock wait limit (lock_timeout)',
  '40001': 'the database could not serialize this transaction with a concurrent one',
  '40P01': 'the database detected a deadlock with a concurrent transaction',
  '53000': 'the database is out of resources',
  '53100': 'the database server has no disk space left',
  '53200': 'the database server is out of memory',
  '53300': 'the database has too many connections',
  '25006': 'the database is read-only (a standby, or default_transaction_read_only)',
  '58030': 'the database server could not read or write a file',
  '57P04': 'the database was dropped',
  '3D000': 'the database does not exist',
  '28000': "the database refused this server's credentials",
  '28P01': "the database refused this server's credentials",
};

/** Messages node-postgres (and pg-pool) gives failures of the connection itself, which carry no SQLSTATE. */
const PG_CONNECTION_MESSAGE = /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect|Connection ended|terminating connection)/i;
/** Socket errors of a database connection. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Whether `err` (as a query of node-postgres rejected with it) says the connection itself was lost — terminated
 * (57P01, 57P02, 57P05), failed (08xxx), cut (ECONNRESET, EPIPE) or closed ('Connection terminated…') — rather than
 * that the statement failed. A read outside transactions that failed so is run again on a new connection
 * (db/database.ts `wrapClient`): it never reached a live session, or its session is gone with nothing to undo.
 */
export function isConnectionLost(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | undefined;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (code === '57P01' || code === '57P02' || code === '57P05' || /^08[0-9A-Z]{3}$/.test(code)) return true;
  if (code === 'ECONNRESET' || code === 'EPIPE') return true;
  return !code && typeof e.message === 'string' && PG_CONNECTION_MESSAGE.test(e.message);
}

/** SQLite result codes (better-sqlite3's `code`, extended codes included by prefix). */
function sqliteCause(code: string): [number, string] | undefined {
  if (code.startsWith('SQLITE_FULL')) return [507, 'the disk holding the database is full'];
  if (code.startsWith('SQLITE_READONLY')) return [503, 'the database file or its folder is read-only'];
  if (code.startsWith('SQLITE_IOERR')) return [503, `the database file could not be read or written (${code})`];
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return [503, 'the database stayed locked by another connection past the wait limit'];
  if (code.startsWith('SQLITE_CANTOPEN')) return [503, 'the database file could not be opened'];
  if (code === 'SQLITE_NOMEM') return [503, 'the database is out of memory'];
  if (code === 'SQLITE_PROTOCOL') return [503, 'the database lock protocol failed'];
  return undefined;
}

/** Errors of the file system under the data folder (blobs, exports, checkpoints). */
function fileCause(code: string): [number, string] | undefined {
  if (code === 'ENOSPC' || code === 'EDQUOT') return [507, 'the disk holding the data folder is full'];
  if (code === 'EROFS') return [503, 'the data folder is on a read-only file system'];
  if (code === 'EIO') return [503, 'the data folder could not be read or written (EIO)'];
  if (code === 'EACCES' || code === 'EPERM') return [503, `a file of the data folder could not be written (${code}: permission denied)`];
  return undefined;
}

/**
 * The answer to a failure of the database (or the data folder), or undefined when `err` is something else. Looks
 * through `cause` chains (a few levels) so a wrapped failure is recognised too.
 */
export function databaseFailureAnswer(err: unknown): ApiError | undefined {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && typeof e === 'object' && depth < 4; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    const message = typeof e.message === 'string' ? e.message : '';
    let found: [number, string] | undefined;
    if (code && PG_CODES[code]) found = [code === '53100' ? 507 : 503, PG_CODES[code]!];
    else if (code === '55000' && /not currently accepting connections/.test(message)) found = [503, 'the database is not accepting connections'];
    else if (/^08[0-9A-Z]{3}$/.test(code)) found = [503, 'the database connection failed'];
    else if (code.startsWith('SQLITE_')) found = sqliteCause(code);
    else if (SOCKET_CODES.has(code) && depth === 0) found = [503, `a connection to the database (or a service the request needed) failed (${code})`];
    else if (code) found = fileCause(code);
    if (!found && !code && PG_CONNECTION_MESSAGE.test(message)) found = [503, 'the database connection was lost'];
    if (found) {
      const [status, cause] = found;
      const detail = message && !message.includes('\n') ? `: ${message.slice(0, 200)}` : '';
      const retry = status === 503 ? { 'Retry-After': '1' } : undefined;
      const what = status === 507 ? 'Insufficient storage' : 'Service unavailable';
      return new ApiError(status, `${what}: ${cause}${detail}. The request's transaction was rolled back (unless the connection was lost while it committed); try again later`, undefined, retry);
    }
  }
  return undefined;
}
