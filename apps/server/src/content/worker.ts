// A content worker thread (lib/worker-pool.ts starts it): runs the tasks of tasks.ts on the messages it gets and
// posts back their results, or the error (a ContentLimitError keeps its status and limit).
import { parentPort } from 'node:worker_threads';
import { serializeError, type TaskReply } from '../lib/worker-pool.js';
import { TASKS } from './tasks.js';

const port = parentPort;
if (!port) throw new Error('content/worker.ts runs in a worker thread');

port.on('message', (message: { id: number; task: string; input: unknown }) => {
  const reply = (r: TaskReply) => port.postMessage(r);
  try {
    const task = (TASKS as Record<string, (input: unknown) => unknown>)[message.task];
    if (!task) throw new Error(`unknown content task: ${message.task}`);
    const result = task(message.input);
    // Asynchronous tasks (mammoth) answer when they settle.
    if (result instanceof Promise) {
      result.then(
        (value) => reply({ id: message.id, ok: true, result: value }),
        (err) => reply({ id: message.id, ok: false, error: serializeError(err) }),
      );
      return;
    }
    reply({ id: message.id, ok: true, result });
  } catch (err) {
    reply({ id: message.id, ok: false, error: serializeError(err) });
  }
});
port.postMessage({ ready: true });
