// A content worker thread (lib/worker-pool.ts starts it): runs the tasks of tasks.ts on the messages it gets and
// posts back their results, or the error (a ContentLimitError keeps its status and limit).
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort } from 'node:worker_threads';
import { serializeError, type TaskReply } from '../lib/worker-pool.js';
import { TASKS } from './tasks.js';

// A worker's heap is collected when a task leaves it more than GC_GROWTH above what it held after the last
// collection. V8 left alone lets the old generation of a busy worker fill with the garbage of long tasks (objects
// that outlived a scavenge) up to well over a hundred MiB before its first full collection — per worker, and its
// pages are not given back: an import converting thousands of pages in chunks grew a worker by ~120 MiB
// (scripts/bench-import-memory.mjs). A full collection of a worker's heap takes milliseconds, off the event loop.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const GC_GROWTH = 32 * 1024 * 1024;
let heapAfterGc = getHeapStatistics().used_heap_size;
function tidy(): void {
  if (getHeapStatistics().used_heap_size - heapAfterGc < GC_GROWTH) return;
  gc();
  heapAfterGc = getHeapStatistics().used_heap_size;
}

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
        (value) => {
          tidy();
          reply({ id: message.id, ok: true, result: value });
        },
        (err) => {
          tidy();
          reply({ id: message.id, ok: false, error: serializeError(err) });
        },
      );
      return;
    }
    // Before the reply: the worker is busy (as the pool sees it) while it collects, and the next task is not delayed.
    tidy();
    reply({ id: message.id, ok: true, result });
  } catch (err) {
    tidy();
    reply({ id: message.id, ok: false, error: serializeError(err) });
  }
});
port.postMessage({ ready: true });
