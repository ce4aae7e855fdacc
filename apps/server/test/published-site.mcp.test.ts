// GitBook's MCP server of a published site (`<site>/~gitbook/mcp`, site/mcp.ts), driven by the MCP SDK's own client
// (@modelcontextprotocol/sdk, streamable HTTP) over real HTTP: offered only when the page actions include `mcp`, its
// two read-only tools answering what the visitor of the site sees (claims, page conditions, `{% if %}` blocks, share
// keys, visitor tokens), and the limits named in 4xx answers.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, publishSite, startTestServer, type TestServer } from '../src/testing/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const CUSTOM = {
  title: 'Zoo Docs', styling: { theme: 'clean', primaryColor: { light: '#E11D48', dark: '#FB7185' } },
  favicon: {}, header: { links: [] }, footer: { groups: [] }, themes: { default: 'light', toggeable: false }, feedback: { enabled: false }, ai: { mode: 'none' },
  pagination: { enabled: true }, trademark: { enabled: true }, externalLinks: { target: 'self' },
};

async function site(visibility = 'public', pageActions: Record<string, unknown> = { items: ['markdown', 'mcp'] }) {
  const t = await createTenant(server);
  const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body;
  const edits = await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: [
    { op: 'createPage', page: { id: 'page-intro', title: 'Introduction', markdown: 'Hello quokka. See [the setup](/pages/page-setup) and [premium](/pages/page-secret).\n' } },
    { op: 'createPage', page: { id: 'page-setup', title: 'Setup', markdown: '## Install\n\nRun the platypus installer.\n\n{% if visitor.claims.unsigned.beta %}\nBeta wombat steps.\n{% endif %}\n' } },
    { op: 'createPage', page: { id: 'page-secret', title: 'Premium', markdown: 'Secret narwhal.\n', condition: 'visitor.claims.unsigned.premium === true' } },
    { op: 'createPage', page: { id: 'page-hidden', title: 'Unlisted notes', markdown: 'Hidden dugong.\n', hidden: true } },
  ] });
  expect(edits.status, JSON.stringify(edits.body)).toBe(200);
  const created = await publishSite(t, { title: 'Zoo', visibility, spaces: [space.id] });
  const put = await t.api.put(`/v1/orgs/${t.org}/sites/${created.id}/customization`, { ...CUSTOM, pageActions });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return { t, site: created, base: `/sites/${created.id}` };
}

/** An MCP client connected to the site's server (`query` added to its URL, `headers` to each request). */
async function connect(base: string, query = '', headers: Record<string, string> = {}) {
  const client = new Client({ name: 'bindery-test', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}${base}/~gitbook/mcp${query}`), { requestInit: { headers } }));
  return client;
}

type ToolAnswer = { content: { type: string; text: string }[]; isError?: boolean };
const call = async (client: Client, name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as ToolAnswer;
const textOf = (a: ToolAnswer) => a.content.map((c) => c.text).join('\n---\n');

const json = async (r: Response): Promise<any> => r.json();

const post = (base: string, body: string, headers: Record<string, string> = {}) => fetch(`${server.url}${base}/~gitbook/mcp`, {
  method: 'POST', body, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
});

describe('~gitbook/mcp', () => {
  it('answers 404 unless the page actions include mcp (GitBook spelling: items, or the mcp flag)', async () => {
    const { t, site: s, base } = await site('public', { items: ['markdown', 'pdf'] });
    const init = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } });
    expect((await post(base, init)).status).toBe(404);
    expect((await fetch(`${server.url}${base}/~gitbook/mcp`)).status).toBe(404);
    // The default customization leaves it off (GitBook's default), as does `mcp: false`.
    expect((await t.api.put(`/v1/orgs/${t.org}/sites/${s.id}/customization`, { ...CUSTOM, pageActions: { markdown: true } })).status).toBe(200);
    expect((await post(base, init)).status).toBe(404);
    // The seed's flag turns it on.
    expect((await t.api.put(`/v1/orgs/${t.org}/sites/${s.id}/customization`, { ...CUSTOM, pageActions: { mcp: true } })).status).toBe(200);
    const on = await post(base, init);
    expect(on.status).toBe(200);
    expect(on.headers.get('cache-control')).toBe('no-store');
    expect((await json(on)).result.protocolVersion).toBe('2025-06-18');
  });

  it("answers below a section or site space by that site space's page actions, and searches the whole site", async () => {
    const { t, site: s, base } = await site('public', { items: ['markdown'] });
    const other = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Version two' })).body;
    expect((await t.api.post(`/v1/spaces/${other.id}/content/edits`, { edits: [{ op: 'createPage', page: { id: 'page-version2', title: 'Welcome to v2', markdown: 'The axolotl release.\n' } }] })).status).toBe(200);
    const ss = (await t.api.post(`/v1/orgs/${t.org}/sites/${s.id}/site-spaces`, { spaceId: other.id })).body;
    const override = await t.api.patch(`/v1/orgs/${t.org}/sites/${s.id}/site-spaces/${ss.id}/customization`, { pageActions: { items: ['markdown', 'mcp'] } });
    expect(override.status, JSON.stringify(override.body)).toBe(200);
    const init = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } });
    expect((await post(base, init)).status).toBe(404);
    expect((await post(`${base}/nothing/here`, init)).status).toBe(404);
    const client = await connect(`${base}/${ss.path}`);
    expect(textOf(await call(client, 'searchDocumentation', { query: 'quokka' }))).toContain('Title: Introduction');
    expect(textOf(await call(client, 'getPage', { url: `${server.url}${base}/${ss.path}/` }))).toContain('axolotl');
    await client.close();
  });

  it('lists two read-only tools; searchDocumentation and getPage answer what the visitor sees', async () => {
    const { base } = await site();
    const client = await connect(base);
    expect(client.getServerVersion()?.name).toBe('bindery-site');
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name).sort()).toEqual(['getPage', 'searchDocumentation']);
    for (const tool of tools) expect(tool.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });

    const found = await call(client, 'searchDocumentation', { query: 'platypus' });
    expect(found.isError).toBeFalsy();
    const text = textOf(found);
    expect(text).toContain('Title: Setup');
    const link = /Link: (\S+)/.exec(text)?.[1];
    expect(link).toBe(`${server.ctx.config.publicUrl}${base}/setup#install`);
    // What search answers, getPage reads (its anchor ignored), as the page's markdown twin.
    const page = textOf(await call(client, 'getPage', { url: link }));
    expect(page).toContain('# Setup');
    expect(page).toContain('Run the platypus installer.');
    expect(page).not.toContain('wombat'); // an `{% if %}` branch this visitor does not see
    expect(page).toBe(await (await fetch(`${server.url}${base}/setup.md`)).text());
    // GitBook's forms: a host and path without a scheme; the `.md` twin's URL; other capitals; the site's root.
    const hostPath = `${new URL(server.url).host}${base}/setup`;
    expect(textOf(await call(client, 'getPage', { url: hostPath }))).toContain('platypus');
    expect(textOf(await call(client, 'getPage', { url: `${server.url}${base}/setup.md` }))).toContain('platypus');
    expect(textOf(await call(client, 'getPage', { url: `${server.url}${base}/SETUP` }))).toContain('platypus');
    const home = textOf(await call(client, 'getPage', { url: `${server.url}${base}/` }));
    expect(home).toContain('Hello quokka');
    // The link to a page hidden from this visitor is its text only (as in the twin).
    expect(home).toContain('premium');
    expect(home).not.toContain('page-secret');
    expect(home).not.toContain('/premium');
    // A hidden page (GitBook's `hidden`) is served at its URL, as on the site.
    expect(textOf(await call(client, 'getPage', { url: `${server.url}${base}/unlisted-notes` }))).toContain('dugong');

    // Pages the visitor may not see, other sites, other hosts, unknown pages: an error naming no content.
    for (const url of [`${server.url}${base}/premium`, `${server.url}/sites/other/setup`, `https://evil.example${base}/setup`, `${server.url}${base}/nothing-here`, 'javascript:alert(1)', '']) {
      const miss = await call(client, 'getPage', { url });
      expect(miss.isError, url).toBe(true);
      expect(textOf(miss), url).not.toContain('narwhal');
    }
    expect(textOf(await call(client, 'searchDocumentation', { query: 'narwhal' }))).toBe('No results found.');
    expect(textOf(await call(client, 'searchDocumentation', { query: 'wombat' }))).toBe('No results found.');
    // As GitBook's site search: a query of one character finds nothing.
    expect(textOf(await call(client, 'searchDocumentation', { query: 'q' }))).toBe('No results found.');
    await client.close();

    // With the claims (GitBook's `?visitor.<claim>=` on the server's URL): the premium page and the beta branch.
    const premium = await connect(base, '?visitor.premium=true&visitor.beta=true');
    expect(textOf(await call(premium, 'searchDocumentation', { query: 'narwhal' }))).toContain('Title: Premium');
    expect(textOf(await call(premium, 'getPage', { url: `${server.url}${base}/premium` }))).toContain('Secret narwhal.');
    expect(textOf(await call(premium, 'getPage', { url: `${server.url}${base}/setup` }))).toContain('Beta wombat steps.');
    expect(textOf(await call(premium, 'searchDocumentation', { query: 'wombat' }))).toContain('Title: Setup');
    await premium.close();
  });

  it('names its limits: the query, the URL, the body, the method, the content type, the protocol version', async () => {
    const { base } = await site();
    const client = await connect(base);
    await expect(client.callTool({ name: 'searchDocumentation', arguments: { query: 'a'.repeat(513) } })).rejects.toThrow(/longer than 512 characters/);
    await expect(client.callTool({ name: 'getPage', arguments: { url: `https://x.example/${'a'.repeat(2048)}` } })).rejects.toThrow(/longer than 2048 characters/);
    await expect(client.callTool({ name: 'searchDocumentation', arguments: {} })).rejects.toThrow(/query must be a string/);
    await expect(client.callTool({ name: 'deletePage', arguments: {} })).rejects.toThrow(/Unknown tool/);
    expect(textOf(await call(client, 'searchDocumentation', { query: 'quokka ' + 'z'.repeat(500) }))).toBe('No results found.');
    await client.close();

    const big = await post(base, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(70_000) } }));
    expect(big.status).toBe(413);
    expect((await json(big)).error.message).toContain('64 KiB');
    const get = await fetch(`${server.url}${base}/~gitbook/mcp`, { headers: { accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
    expect((await fetch(`${server.url}${base}/~gitbook/mcp`, { method: 'DELETE' })).status).toBe(405);
    expect((await post(base, '{"jsonrpc":"2.0","id":1,"method":"ping"}', { 'content-type': 'text/plain' })).status).toBe(415);
    const bad = await post(base, '{not json');
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.code).toBe(-32700);
    expect((await post(base, '{"jsonrpc":"2.0","id":1,"method":"ping"}', { 'mcp-protocol-version': '1999-01-01' })).status).toBe(400);
    const batch = await json(await post(base, '[{"jsonrpc":"2.0","id":1,"method":"ping"}]'));
    expect(batch.error.code).toBe(-32600);
    const unknown = await json(await post(base, '{"jsonrpc":"2.0","id":7,"method":"resources/read","params":{}}'));
    expect([unknown.id, unknown.error.code]).toEqual([7, -32601]);
    expect((await post(base, '{"jsonrpc":"2.0","method":"notifications/initialized"}')).status).toBe(202);
    // Other site routes still take no POST.
    expect((await fetch(`${server.url}${base}/`, { method: 'POST' })).status).toBe(405);
  });

  it("follows the site's visibility: a share key, a visitor token as a Bearer token, an unpublished site", async () => {
    const shared = await site('share-link');
    const init = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } });
    expect((await post(shared.base, init)).status).toBe(404);
    const links = (await shared.t.api.get(`/v1/orgs/${shared.t.org}/sites/${shared.site.id}/share-links`)).body.items;
    const key = new URL(links[0].urls.published).searchParams.get('share')!;
    const viaKey = await connect(shared.base, `?share=${key}`);
    expect(textOf(await call(viaKey, 'searchDocumentation', { query: 'quokka' }))).toContain('Title: Introduction');
    await viaKey.close();
    // The link deactivated: closed at once.
    expect((await shared.t.api.patch(`/v1/orgs/${shared.t.org}/sites/${shared.site.id}/share-links/${links[0].id}`, { active: false })).status).toBeLessThan(300);
    expect((await fetch(`${server.url}${shared.base}/~gitbook/mcp?share=${key}`, { method: 'POST', body: init, headers: { 'content-type': 'application/json' } })).status).toBe(404);

    const authed = await site('visitor-auth');
    const auth = `/v1/orgs/${authed.t.org}/sites/${authed.site.id}/visitor-auth`;
    const settings = (await authed.t.api.get(auth)).body;
    await authed.t.api.put(auth, { fallbackURL: 'https://login.example.com/sso' });
    const anonymous = await post(authed.base, init);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const forged = await new SignJWT({ premium: true }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode('not the key'));
    expect((await post(authed.base, init, { authorization: `Bearer ${forged}` })).status).toBe(401);
    const token = await new SignJWT({ plan: 'pro' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode(settings.key));
    const signedIn = await connect(authed.base, '', { authorization: `Bearer ${token}` });
    expect(textOf(await call(signedIn, 'getPage', { url: `${server.url}${authed.base}/setup` }))).toContain('platypus');
    await signedIn.close();
    // The token given as a Bearer token is not kept in a cookie.
    expect((await post(authed.base, init, { authorization: `Bearer ${token}` })).headers.get('set-cookie')).toBeNull();

    // Unpublished: nothing.
    expect((await authed.t.api.post(`/v1/orgs/${authed.t.org}/sites/${authed.site.id}/unpublish`, {})).status).toBeLessThan(300);
    expect((await post(authed.base, init, { authorization: `Bearer ${token}` })).status).toBe(404);
  });
});
