// `~gitbook/mcp` (site/mcp.ts) over real HTTP: a JSON-RPC message whose `id` is neither a string nor a number (null,
// an object, an array, a boolean) is an invalid request answered with -32600 and a null id, not taken for a
// notification (HTTP 202, no answer: the client would wait for a reply that never comes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, publishSite, startTestServer, type TestServer } from '../src/testing/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const CUSTOM = {
  title: 'Ids', styling: { theme: 'clean', primaryColor: { light: '#E11D48', dark: '#FB7185' } },
  favicon: {}, header: { links: [] }, footer: { groups: [] }, themes: { default: 'light', toggeable: false }, feedback: { enabled: false }, ai: { mode: 'none' },
  pagination: { enabled: true }, trademark: { enabled: true }, externalLinks: { target: 'self' }, pageActions: { items: ['markdown', 'mcp'] },
};

describe('~gitbook/mcp request ids', () => {
  it('answers -32600 to an id that is not a string or a number, and still takes notifications and good ids', async () => {
    const t = await createTenant(server);
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body;
    const made = await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: [{ op: 'createPage', page: { title: 'Intro', markdown: 'Hello ocelot.\n' } }] });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const site = await publishSite(t, { title: 'Ids', visibility: 'public', spaces: [space.id] });
    expect((await t.api.put(`/v1/orgs/${t.org}/sites/${site.id}/customization`, CUSTOM)).status).toBe(200);
    const post = (body: unknown) => fetch(`${server.url}/sites/${site.id}/~gitbook/mcp`, {
      method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    });
    for (const id of [null, { a: 1 }, [1], true]) {
      const r = await post({ jsonrpc: '2.0', id, method: 'ping' });
      expect(r.status, JSON.stringify(id)).toBe(200);
      expect(await r.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'id must be a string or a number' } });
    }
    expect((await post({ jsonrpc: '2.0', method: 'notifications/initialized' })).status).toBe(202);
    for (const id of [7, 'seven']) {
      const r = await post({ jsonrpc: '2.0', id, method: 'ping' });
      expect(r.status).toBe(200);
      expect(await r.json()).toEqual({ jsonrpc: '2.0', id, result: {} });
    }
  });
});
