// Graceful shutdown: a request in flight when the server starts closing still gets its answer.
import { describe, expect, it } from 'vitest';
import type { HandlerTable } from '../src/http/operations.js';
import { handlerTable } from '../src/routes/index.js';
import { startTestServer } from '../src/testing/index.js';

describe('lifecycle', () => {
  it('finishes in-flight requests when closing, then refuses new connections', async () => {
    let armed = false;
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const table: HandlerTable = {
      ...handlerTable,
      getApiInformation: async () => {
        if (armed) {
          entered();
          await gate;
        }
        return { status: 200, body: { version: 'slow', build: 'test' } };
      },
    };
    const server = await startTestServer({}, { table });
    armed = true;
    const inflight = fetch(`${server.url}/v1`);
    await inside;
    let closed = false;
    const closing = server.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 150));
    expect(closed).toBe(false);
    release();
    const res = await inflight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ version: 'slow', build: 'test' });
    await closing;
    expect(closed).toBe(true);
    await expect(fetch(`${server.url}/v1`)).rejects.toThrow();
  });
});
