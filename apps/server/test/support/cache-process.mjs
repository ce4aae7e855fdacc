// A Bindery server in a process of its own (test/cache-lease.test.ts): the built server (dist/), configured from the
// environment as `main.js` is, that answers `stats` messages over IPC with its read cache's and lease's counters.
import { startServer } from '../../dist/server.js';
import { loadConfig } from '../../dist/config.js';

const running = await startServer({ ...loadConfig(), port: 0, host: '127.0.0.1' });
process.on('message', (m) => {
  if (m === 'stats') process.send?.({ stats: { ...running.readCache.stats }, lease: running.readCache.lease ? { ...running.readCache.lease.stats, processId: running.readCache.lease.processId } : null });
  if (m === 'close') running.close().then(() => process.exit(0));
});
process.send?.({ url: running.url });
