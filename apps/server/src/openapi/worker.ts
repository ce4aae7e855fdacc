// The OpenAPI worker thread (openapi/process.ts `processSpecOffThread` starts it through lib/worker-pool.ts): runs
// `processSpecSource` (fetching through the SSRF guard, parsing and validating: seconds of CPU for a large
// specification) away from the server's event loop, and posts back the processed spec, or the SpecError
// (`{specError: {code, issues}}`) that says what is wrong with the input.
import { parentPort } from 'node:worker_threads';
import { allowPrivateHosts } from '../lib/ssrf.js';
import { serializeError, type TaskReply } from '../lib/worker-pool.js';
import { SpecError } from './documents.js';
import { processSpecSource, type ProcessLimits, type SpecSource } from './process.js';

const port = parentPort;
if (!port) throw new Error('openapi/worker.ts runs in a worker thread');

port.on('message', (message: { id: number; task: string; input: { source: SpecSource; limits: ProcessLimits } }) => {
  void (async () => {
    let reply: TaskReply;
    try {
      if (message.task !== 'processSpecSource') throw new Error(`unknown OpenAPI task: ${message.task}`);
      allowPrivateHosts(message.input.limits.allowedPrivateHosts ?? []);
      reply = { id: message.id, ok: true, result: { processed: await processSpecSource(message.input.source, message.input.limits) } };
    } catch (err) {
      reply = err instanceof SpecError
        ? { id: message.id, ok: true, result: { specError: { code: err.code, issues: err.issues } } }
        : { id: message.id, ok: false, error: serializeError(err) };
    }
    port.postMessage(reply);
  })();
});
port.postMessage({ ready: true });
