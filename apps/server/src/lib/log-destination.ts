// Where the server's log lines go: pino's asynchronous SonicBoom destination, written a few kilobytes at a time
// (pino flushes what is left when the process exits). Every answered request writes one line into it
// (http/middlewares.ts#requestLog), so a line must cost its own length: sonic-boom 4.2.1 measured the byte length of
// the whole chunk it was appending to (a string built by `+=`, flattened again on every write, up to 16 KB) for every
// line — 2–4 µs a line, most of the cost of the request log. patches/sonic-boom@4.2.1.patch remembers that length
// with the chunk instead.
import pino from 'pino';

export const LOG_MIN_WRITE = 4096;

export function logDestination(dest: number | string): ReturnType<typeof pino.destination> {
  return pino.destination({ dest, sync: false, minLength: LOG_MIN_WRITE });
}
