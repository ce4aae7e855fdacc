#!/usr/bin/env node
import { loadConfig } from './config.js';
import { startServer } from './server.js';

const config = loadConfig();
const running = await startServer(config, { announce: true });
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    running.ctx.logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    running.close().then(() => process.exit(0), () => process.exit(1));
  });
}
