// A transaction begun with the database handle (`ctx.db`) while the code runs inside another transaction's callback on
// the same database. On SQLite the inner one waits for the writer that its own outer transaction holds: when the outer
// transaction awaits it, it waits forever, and every later write of the process waits behind both (session 19 found one
// in site redirects: a page read that first caught a space's indexes up, in a write of its own). On PostgreSQL it takes
// a second pooled connection and waits on any row the outer one locked (until lock_timeout: a 503). Either way its
// writes are not part of the outer transaction: a rollback keeps them.
//
// Every transaction's callback runs in an async-local scope naming its database handle. `checkNotInTransaction`
// (called where a transaction begins, where SQLite waits for the writer outside a transaction, and at the start of
// functions that MAY begin one of their own, such as engine/content.ts `ensureIndexed`) then sees such a call while
// the outer transaction is still open: under test (BINDERY_STRICT_TRANSACTIONS=1, set by the test configuration) it
// throws, so a code path that does this fails its test even when, that time, it did not need its own transaction;
// otherwise it logs a warning once per call site and goes on (work started inside a transaction without awaiting it
// — waiting for the writer until the outer transaction ends — is legitimate and must not fail in production).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely } from 'kysely';

interface TransactionScope {
  /** The database handle whose transaction this is (the root `Kysely`, not the `Transaction`). */
  owner: object;
  /** False once the transaction has committed or rolled back. */
  open: boolean;
}

const scopes = new AsyncLocalStorage<TransactionScope>();
const warned = new Set<string>();

/** Whether the strict mode (throw) is on: the test configuration sets it. */
const strict = () => process.env.BINDERY_STRICT_TRANSACTIONS === '1';

export class NestedTransactionError extends Error {}

/**
 * Refuses (strict) or reports `what` — a transaction or a write about to wait for the writer — when the caller runs
 * inside an open transaction of `owner`.
 */
export function checkNotInTransaction(owner: object, what: string): void {
  const scope = scopes.getStore();
  if (!scope || !scope.open || scope.owner !== owner) return;
  const message = `${what} was begun with the database handle inside an open transaction of the same database (use the transaction, or do it before or after)`;
  if (strict()) {
    const err = new NestedTransactionError(message);
    // Also on stderr: the request answers a 500 whose body does not say why.
    console.error(`BINDERY_NESTED_TRANSACTION ${what}\n${err.stack}`);
    throw err;
  }
  const site = new Error().stack?.split('\n').slice(2, 6).join('\n') ?? '';
  if (warned.has(site)) return;
  warned.add(site);
  process.emitWarning(`${message}\n${site}`, { code: 'BINDERY_NESTED_TRANSACTION' });
}

/** Makes every `db.transaction().execute(fn)` of `db` run `fn` in a scope naming `db`, and check it is not nested. */
export function markTransactions<DB>(db: Kysely<DB>): void {
  const begin = db.transaction.bind(db);
  db.transaction = () => {
    const builder = begin();
    const execute = builder.execute.bind(builder);
    builder.execute = async <T>(fn: (tx: Parameters<Parameters<typeof execute>[0]>[0]) => Promise<T>): Promise<T> => {
      checkNotInTransaction(db, 'A transaction');
      const scope: TransactionScope = { owner: db, open: true };
      try {
        return await execute((tx) => scopes.run(scope, () => fn(tx)));
      } finally {
        scope.open = false;
      }
    };
    return builder;
  };
}
