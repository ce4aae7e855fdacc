// Custom fonts (GitBook's /orgs/{organizationId}/fonts) and the uploads they are made from (generateStorageUploadURL):
// an upload URL, the bytes PUT to it (exact size, a WOFF2/WOFF signature), the file served by its key; fonts made of
// uploaded files, changed weight by weight; a published site whose customization names the font loads it from the
// site itself (`~fonts/<key>`), and falls back to the default font once the font is deleted.
import { describe, expect, it } from 'vitest';
import { createTenant, useTestServer, type Tenant } from '../src/testing/index.js';

const server = useTestServer();
/** A URL the server answered (its public URL) as reachable in the test. */
const local = (url: string) => url.replace(server.ctx.config.publicUrl, server.url);

/** A file with the WOFF2 (or WOFF) signature: the server checks the signature, browsers would parse the rest. */
const font = (format: 'woff2' | 'woff', size = 64) => {
  const b = Buffer.alloc(size, 7);
  b.write(format === 'woff2' ? 'wOF2' : 'wOFF', 0, 'latin1');
  return b;
};

async function uploaded(t: Tenant, data: Buffer, name = 'Brand-Regular.woff2', type = 'font/woff2'): Promise<string> {
  const u = await t.api.post(`/v1/orgs/${t.org}/storage/upload`, { file: { name, type, size: data.length }, kind: 'customization_font' });
  expect(u.status, JSON.stringify(u.body)).toBe(201);
  const put = await fetch(local(u.body.url), { method: 'PUT', headers: { 'content-type': type }, body: data });
  expect(put.status, await put.clone().text()).toBe(204);
  return u.body.key as string;
}

describe('storage uploads', () => {
  it('an upload URL takes one upload of exactly the announced font; the file is served by its key to anyone, immutable, cross-origin', async () => {
    const t = await createTenant(server, { reader: 'read' });
    const data = font('woff2', 100);
    const u = await t.api.post(`/v1/orgs/${t.org}/storage/upload`, { file: { name: 'Brand Bold.woff2', type: 'font/woff2', size: 100 }, kind: 'customization_font' });
    expect(u.status).toBe(201);
    expect(u.body).toMatchObject({ object: 'storage-signed-url', url: expect.stringMatching(/\/v1\/storage\/uploads\/[A-Za-z0-9_-]{40,}$/), key: expect.stringMatching(/^font-[A-Za-z0-9]+-Brand-Bold\.woff2$/) });
    const file = `${server.url}/v1/storage/files/${u.body.key}`;
    expect((await fetch(file)).status).toBe(404);
    // Not the announced size, not a font of the announced type: 400, and the URL stays usable.
    const short = await fetch(local(u.body.url), { method: 'PUT', body: data.subarray(0, 99) });
    expect(short.status).toBe(400);
    expect(((await short.json()) as any).error.message).toContain('100 bytes');
    expect((await fetch(local(u.body.url), { method: 'PUT', body: font('woff', 100) })).status).toBe(400);
    expect((await fetch(local(u.body.url), { method: 'PUT', body: Buffer.alloc(100) })).status).toBe(400);
    expect((await fetch(local(u.body.url), { method: 'PUT', body: data })).status).toBe(204);
    // One upload per URL.
    expect((await fetch(local(u.body.url), { method: 'PUT', body: data })).status).toBe(404);
    const got = await fetch(file);
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(data)).toBe(true);
    expect(got.headers.get('content-type')).toBe('font/woff2');
    expect(got.headers.get('access-control-allow-origin')).toBe('*');
    expect(got.headers.get('cache-control')).toContain('immutable');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await fetch(`${server.url}/v1/storage/files/font-nope.woff2`)).status).toBe(404);
    expect((await fetch(`${server.url}/v1/storage/uploads/nope`, { method: 'PUT', body: data })).status).toBe(404);

    // Only fonts, of the formats browsers load, at most 5 MiB; the create role.
    const ask = (body: unknown, api = t.api) => api.post(`/v1/orgs/${t.org}/storage/upload`, body);
    const bad = await ask({ file: { name: 'a.zip', type: 'application/zip', size: 10 }, kind: 'import_file' });
    expect([bad.status, bad.body.error.message]).toEqual([400, expect.stringContaining('/body/kind')]);
    expect((await ask({ file: { name: 'a.ttf', type: 'font/ttf', size: 10 }, kind: 'customization_font' })).body.error.message).toContain('/body/file/type');
    expect((await ask({ file: { name: 'a.woff2', type: 'font/woff2', size: 6 * 1024 * 1024 }, kind: 'customization_font' })).body.error.message).toContain('/body/file/size');
    expect((await ask({ file: { name: 'a.woff2', type: 'font/woff2', size: 10 }, kind: 'customization_font' }, t.as('reader'))).status).toBe(403);
    const other = await createTenant(server);
    expect((await ask({ file: { name: 'a.woff2', type: 'font/woff2', size: 10 }, kind: 'customization_font' }, other.api)).status).toBe(404);
  });

  it('an upload URL expires after an hour', async () => {
    const t = await createTenant(server);
    const u = (await t.api.post(`/v1/orgs/${t.org}/storage/upload`, { file: { name: 'a.woff', type: 'font/woff', size: 64 }, kind: 'customization_font' })).body;
    server.clock.advance(61 * 60 * 1000);
    try {
      expect((await fetch(local(u.url), { method: 'PUT', body: font('woff') })).status).toBe(410);
    } finally {
      server.clock.advance(-61 * 60 * 1000);
    }
    expect((await fetch(local(u.url), { method: 'PUT', body: font('woff') })).status).toBe(204);
  });
});

describe('custom fonts', () => {
  it('creates a font from uploaded files, lists and gets it, changes it weight by weight, deletes it; who may', async () => {
    const t = await createTenant(server, { reader: 'read' });
    const other = await createTenant(server);
    const regular = await uploaded(t, font('woff2'));
    const bold = await uploaded(t, font('woff', 80), 'Brand-Bold.woff', 'font/woff');
    const base = `/v1/orgs/${t.org}/fonts`;
    const created = await t.api.put(base, { fontFamily: 'Brand Sans', fontFaces: [{ weight: 400, storageKey: regular }] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.headers.get('location')).toBe(`${server.ctx.config.publicUrl}${base}/${created.body.id}`);
    expect(created.body).toEqual({
      id: expect.any(String), custom: true, fontFamily: 'Brand Sans',
      fontFaces: [{ weight: 400, sources: [{ url: `${server.ctx.config.publicUrl}/v1/storage/files/${regular}`, format: 'woff2' }] }], permissions: { edit: true },
    });
    const id = created.body.id as string;
    expect((await t.api.get(base)).body).toMatchObject({ count: 1, items: [{ id, fontFamily: 'Brand Sans' }] });
    expect((await t.as('reader').get(`${base}/${id}`)).body.permissions).toEqual({ edit: false });

    // Weight 400 is required; files must be uploaded fonts of this organization; a weight once.
    expect((await t.api.put(base, { fontFamily: 'X', fontFaces: [{ weight: 700, storageKey: bold }] })).body.error.message).toContain('/body/fontFaces');
    expect((await t.api.put(base, { fontFamily: 'X', fontFaces: [{ weight: 400, storageKey: 'font-nope.woff2' }] })).body.error.message).toContain('/body/fontFaces/0/storageKey');
    const pending = (await t.api.post(`/v1/orgs/${t.org}/storage/upload`, { file: { name: 'p.woff2', type: 'font/woff2', size: 64 }, kind: 'customization_font' })).body.key;
    expect((await t.api.put(base, { fontFamily: 'X', fontFaces: [{ weight: 400, storageKey: pending }] })).body.error.message).toContain('not been uploaded');
    expect((await t.api.put(base, { fontFamily: 'X', fontFaces: [{ weight: 400, storageKey: regular }, { weight: 400, storageKey: bold }] })).body.error.message).toContain('/body/fontFaces/1/weight');
    const theirs = await uploaded(other, font('woff2'));
    expect((await t.api.put(base, { fontFamily: 'X', fontFaces: [{ weight: 400, storageKey: theirs }] })).status).toBe(400);
    expect((await t.api.put(base, { fontFamily: 'Bad"; }', fontFaces: [{ weight: 400, storageKey: regular }] })).status).toBe(400);

    const withBold = await t.api.post(`${base}/${id}`, { fontFamily: 'Brand', fontFaces: [{ weight: 700, storageKey: bold }] });
    expect(withBold.status, JSON.stringify(withBold.body)).toBe(201);
    expect(withBold.body.fontFamily).toBe('Brand');
    expect(withBold.body.fontFaces.map((f: any) => [f.weight, f.sources[0].format])).toEqual([[400, 'woff2'], [700, 'woff']]);
    expect((await t.api.post(`${base}/${id}`, { fontFaces: [{ weight: 400, storageKey: null }] })).body.error.message).toContain('weight 400');
    expect((await t.api.post(`${base}/${id}`, { fontFaces: [{ weight: 700, storageKey: null }] })).body.fontFaces.map((f: any) => f.weight)).toEqual([400]);

    expect((await t.as('reader').get(base)).status).toBe(200);
    expect((await t.as('reader').put(base, { fontFamily: 'X', fontFaces: [{ weight: 400, storageKey: regular }] })).status).toBe(403);
    expect((await t.as('reader').post(`${base}/${id}`, { fontFamily: 'X' })).status).toBe(403);
    expect((await t.as('reader').delete(`${base}/${id}`)).status).toBe(403);
    expect((await other.api.get(base)).status).toBe(404);
    expect((await other.api.get(`/v1/orgs/${other.org}/fonts/${id}`)).status).toBe(404);

    expect((await t.api.delete(`${base}/${id}`)).status).toBe(205);
    expect((await t.api.delete(`${base}/${id}`)).status).toBe(204);
    expect((await t.api.get(`${base}/${id}`)).status).toBe(404);
    expect((await t.api.post(`${base}/${id}`, { fontFamily: 'X' })).status).toBe(404);
  });

  it('a published site whose customization names the font serves its files and declares it; a change or deletion shows on the next page', async () => {
    const t = await createTenant(server);
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body;
    await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: [{ op: 'createPage', page: { id: 'page-intro', title: 'Introduction', markdown: 'Hello.\n' } }] });
    const site = (await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Docs', visibility: 'public', spaces: [space.id] })).body;
    expect((await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/publish`)).status).toBe(200);
    const data = font('woff2', 96);
    const key = await uploaded(t, data);
    const heading = await uploaded(t, font('woff2', 72), 'Display.woff2');
    const f = (await t.api.put(`/v1/orgs/${t.org}/fonts`, { fontFamily: 'Brand', fontFaces: [{ weight: 400, storageKey: key }] })).body;
    const h = (await t.api.put(`/v1/orgs/${t.org}/fonts`, { fontFamily: 'Display', fontFaces: [{ weight: 400, storageKey: heading }] })).body;
    // GitBook's customization holds the whole definition; Bindery reads the font by its id.
    const { permissions: _p, ...definition } = f;
    const current = (await t.api.get(`/v1/orgs/${t.org}/sites/${site.id}/customization`)).body;
    const put = await t.api.put(`/v1/orgs/${t.org}/sites/${site.id}/customization`, { ...current, styling: { ...current.styling, font: definition, headingFont: { id: h.id, custom: true, fontFamily: 'Display', fontFaces: [] } } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);

    const page = await fetch(`${server.url}/sites/${site.id}/`);
    const html = await page.text();
    expect(page.headers.get('content-security-policy')).toContain("font-src 'self'");
    expect(html).toContain(`@font-face{font-family:"bindery-font-${f.id}";src:url("/sites/${site.id}/~fonts/${key}") format("woff2");font-weight:400;font-display:swap}`);
    expect(html).toContain(`--font:"bindery-font-${f.id}",system-ui`);
    expect(html).toContain(`h1,h2,h3,h4,h5,h6{font-family:"bindery-font-${h.id}",system-ui`);
    const file = await fetch(`${server.url}/sites/${site.id}/~fonts/${key}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('font/woff2');
    expect(Buffer.from(await file.arrayBuffer()).equals(data)).toBe(true);
    // Another organization's font file is not served by this site.
    const other = await createTenant(server);
    const theirs = await uploaded(other, font('woff2'));
    expect((await fetch(`${server.url}/sites/${site.id}/~fonts/${theirs}`)).status).toBe(404);

    // A new weight shows on the next page (the site's cached pages are keyed by its version).
    const bold = await uploaded(t, font('woff2', 88), 'Brand-Bold.woff2');
    expect((await t.api.post(`/v1/orgs/${t.org}/fonts/${f.id}`, { fontFaces: [{ weight: 700, storageKey: bold }] })).status).toBe(201);
    expect(await (await fetch(`${server.url}/sites/${site.id}/`)).text()).toContain(`~fonts/${bold}") format("woff2");font-weight:700`);
    expect((await t.api.delete(`/v1/orgs/${t.org}/fonts/${f.id}`)).status).toBe(205);
    const after = await (await fetch(`${server.url}/sites/${site.id}/`)).text();
    expect(after).not.toContain(`bindery-font-${f.id}`);
    expect(after).toContain(`bindery-font-${h.id}`);
  });
});
