// A lock file for work that must not run twice at once on one SQLite database from several processes (the
// migrator's own lock is a no-op on SQLite). PostgreSQL needs none: the migrator locks a table there.
import { closeSync, openSync, rmSync, statSync } from 'node:fs';

export async function withFileLock<T>(lockFile: string, fn: () => Promise<T>, opts: { staleMs?: number; timeoutMs?: number } = {}): Promise<T> {
  const staleMs = opts.staleMs ?? 120_000;
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  for (;;) {
    try {
      closeSync(openSync(lockFile, 'wx'));
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      try {
        if (Date.now() - statSync(lockFile).mtimeMs > staleMs) rmSync(lockFile, { force: true });
      } catch {
        /* released meanwhile */
      }
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${lockFile}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lockFile, { force: true });
  }
}
