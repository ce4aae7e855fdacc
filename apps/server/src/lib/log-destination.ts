// Where the server's log lines go: pino's asynchronous SonicBoom destination, written 16-64 KB at a time, what is
// gathered flushed every LOG_FLUSH_MS (and by pino when the process exits). Every answered request writes one line into
// it (http/middlewares.ts#requestLog), so a line must cost its own length:
// - sonic-boom 4.2.1 measured the byte length of the whole chunk it was appending to (a string built by `+=`,
//   flattened again on every write, up to 16 KB) for every line — 2–4 µs a line, most of the cost of the request log.
//   patches/sonic-boom@4.2.1.patch remembers that length with the chunk instead.
// - Each write is a round trip through libuv's thread pool (the main thread queues it and wakes a pool thread, which
//   writes and wakes the main thread back, which runs its callback and encodes the chunk again to trim it): a fixed
//   cost per write, paid once per 4 KB (~20 request lines) before session 23, once per 16 KB now. In a harness
//   writing 20 lines a turn between ~26 µs of work a line, into a pipe: a median 1.4 µs of CPU a line beyond the work
//   with 4 KB writes, 0.9 µs with 16 KB (all threads, `process.cpuUsage`; docs/performance.md, session 23).
// - A quiet server would keep its last lines until 16 KB gathered: a timer flushes what is there every LOG_FLUSH_MS.
import pino from 'pino';

/** Bytes gathered before a write starts (below them, lines wait for more or for the periodic flush). */
export const LOG_MIN_WRITE = 16 * 1024;
/** The most bytes one write carries (lines that arrive while a write is in flight gather up to it). */
export const LOG_MAX_WRITE = 64 * 1024;
/** The longest a line waits in memory before it is written. */
export const LOG_FLUSH_MS = 500;

export function logDestination(dest: number | string): ReturnType<typeof pino.destination> {
  // minLength must be below maxWrite (sonic-boom refuses it otherwise).
  const stream = pino.destination({ dest, sync: false, minLength: LOG_MIN_WRITE, maxWrite: LOG_MAX_WRITE });
  // sonic-boom's own `periodicFlush` writes even when nothing is gathered (an empty write each period): only when
  // something is (`_len`: the bytes gathered and not yet written; a write in flight takes them on when it ends).
  const gathered = stream as unknown as { _len: number; _writing: boolean; destroyed: boolean };
  const timer = setInterval(() => {
    if (gathered.destroyed) clearInterval(timer);
    else if (gathered._len > 0 && !gathered._writing) stream.flush();
  }, LOG_FLUSH_MS);
  timer.unref();
  stream.once('close', () => clearInterval(timer));
  return stream;
}
