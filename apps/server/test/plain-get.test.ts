// A plain GET (no body, path and query parameters that meet the spec's simple rules) is answered without the request
// validator's steps when responses are not validated (production), its query coerced and completed with the defaults
// as the validator would; everything else still goes through it, and is answered as before: the same 400 naming the
// parameter for a path or query parameter the spec refuses, the same refusal of an unknown query parameter.
// http/middlewares.ts `passesPlainGet`, http/spec.ts `plainGet` (src/http/plain-get.test.ts compares it with the
// validator for every GET of the spec).
import { describe, expect, it } from 'vitest';
import { validatorStats } from '../src/http/middlewares.js';
import { createPage, createSpaceTenant, useTestServer } from '../src/testing/index.js';

const server = useTestServer({ validateResponses: false });

async function get(token: string, path: string, init: RequestInit = {}) {
  const res = await fetch(server.url + path, { ...init, headers: { Authorization: `Bearer ${token}`, ...(init.headers ?? {}) } });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** What `fn` answered, and how many requests it made skipped the validator. */
async function skipsOf<T>(fn: () => Promise<T>): Promise<{ result: T; skipped: number }> {
  const before = validatorStats.skipped;
  const result = await fn();
  return { result, skipped: validatorStats.skipped - before };
}

describe('plain GETs without the request validator', () => {
  it('answers GET space, list spaces and GET /v1/user without it, the same answers as through it', async () => {
    const t = await createSpaceTenant(server);
    const token = t.owner.token;
    const plain = await skipsOf(() => get(token, t.base));
    expect(plain.result.status).toBe(200);
    expect(plain.skipped).toBe(1);
    // The same space through the validator (a query parameter the spec declares, its name escaped): the same answer.
    const viaValidator = await skipsOf(() => get(token, `${t.base}?%73hareKey=x`));
    expect(viaValidator.skipped).toBe(0);
    expect(viaValidator.result).toEqual(plain.result);
    const list = await skipsOf(() => get(token, `/v1/orgs/${t.org}/spaces`));
    expect(list.result.status).toBe(200);
    expect(list.result.body.items.map((s: { id: string }) => s.id)).toEqual([t.spaceId]);
    expect(list.skipped).toBe(1);
    const user = await skipsOf(() => get(token, '/v1/user'));
    expect(user.result.status).toBe(200);
    expect(user.skipped).toBe(1);
  });

  it('sends what the spec refuses through the validator: the same 400 naming the parameter or the limit', async () => {
    const t = await createSpaceTenant(server);
    const token = t.owner.token;
    const refused = [
      '/v1/spaces/a.b', // the pattern
      '/v1/spaces/a%2Eb', // the pattern, once decoded
      `/v1/spaces/${'a'.repeat(101)}`, // maxLength
      '/v1/spaces/%E2%82%AC', // a character outside the pattern
      '/v1/spaces/%ZZ', // a malformed escape
      `/v1/orgs/${t.org}.x/spaces`,
    ];
    for (const path of refused) {
      const r = await skipsOf(() => get(token, path));
      expect(r.skipped, path).toBe(0);
      expect(r.result.status, path).toBe(400);
      expect(r.result.body.error.code, path).toBe(400);
      expect(JSON.stringify(r.result.body.error.message), path).toMatch(/spaceId|organizationId|malformed|URI|path/i);
    }
    // At the limit (100 characters): plain, and found or not as any id.
    const hundred = await skipsOf(() => get(token, `/v1/spaces/${'a'.repeat(100)}`));
    expect(hundred.skipped).toBe(1);
    expect(hundred.result.status).toBe(404);
    // Escaped characters the pattern allows: decoded as the validator decodes them.
    const escapedFirst = `%${t.spaceId.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
    const escaped = await skipsOf(() => get(token, `/v1/spaces/${escapedFirst}${t.spaceId.slice(1)}`));
    expect(escaped.skipped).toBe(1);
    expect(escaped.result.status).toBe(200);
    expect(escaped.result.body.id).toBe(t.spaceId);
    // An unknown query parameter, and a query string of a declared one, go through the validator.
    const unknown = await skipsOf(() => get(token, `${t.base}?nope=1`));
    expect(unknown.skipped).toBe(0);
    expect(unknown.result.status).toBe(400);
    expect(JSON.stringify(unknown.result.body.error.message)).toMatch(/nope/);
    for (const [query, name] of [['limit=x', 'limit'], ['limit=1001', 'limit'], ['limit=-1', 'limit'], ['limit=', 'limit'], ['limit=1&limit=2', 'limit'], ['page=%ZZ&page=1', 'page']]) {
      const bad = await skipsOf(() => get(token, `/v1/orgs/${t.org}/spaces?${query}`));
      expect(bad.skipped, query).toBe(0);
      expect(bad.result.status, query).toBe(400);
      expect(JSON.stringify(bad.result.body.error.message), query).toContain(name);
    }
    // HEAD goes through it too.
    const head = await skipsOf(() => fetch(server.url + t.base, { method: 'HEAD', headers: { Authorization: `Bearer ${token}` } }));
    expect(head.skipped).toBe(0);
  });
  it('answers GETs with simple query parameters without it: coerced, defaults filled in, the same answers as through it', async () => {
    const t = await createSpaceTenant(server);
    const token = t.owner.token;
    const page = await createPage(t.api, t.base, { title: 'Install', markdown: '# Install\n\nRun **it**.\n' });
    const pagePath = `${t.base}/content/page/${page.id}`;
    // No query string, then each way of asking for the page: the plain path, and the same request through the
    // validator (one parameter's name escaped: it looks parameters up by the name as sent).
    for (const query of ['', '?format=markdown', '?format=document&metadata=false', '?computed=false&evaluated=true', '?dereferenced=reusable-contents&format.markdown.refs=stable']) {
      const plain = await skipsOf(() => get(token, pagePath + query));
      expect(plain.skipped, query).toBe(1);
      expect(plain.result.status, query).toBe(200);
      const escaped = query === '' ? '?%6Detadata=true' : query.replace(/^\?(.)/, (_m, c: string) => `?%${c.charCodeAt(0).toString(16)}`);
      const viaValidator = await skipsOf(() => get(token, pagePath + escaped));
      expect(viaValidator.skipped, escaped).toBe(0);
      expect(viaValidator.result, escaped).toEqual(plain.result);
    }
    expect((await get(token, `${pagePath}?format=markdown`)).body.markdown).toContain('Run **it**.');
    // An integer coerced: a page of one space of two.
    await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Second' });
    const one = await skipsOf(() => get(token, `/v1/orgs/${t.org}/spaces?limit=1`));
    expect(one.skipped).toBe(1);
    expect(one.result.body.items).toHaveLength(1);
    expect(one.result.body.next?.page).toEqual(expect.any(String));
    const next = await skipsOf(() => get(token, `/v1/orgs/${t.org}/spaces?limit=1&page=${encodeURIComponent(one.result.body.next.page)}`));
    expect(next.skipped).toBe(1);
    expect(next.result.body.items).toHaveLength(1);
    expect(next.result.body.items[0].id).not.toBe(one.result.body.items[0].id);
    expect((await get(token, `/v1/orgs/${t.org}/spaces?%6Cimit=1`)).body).toEqual(one.result.body);
    // A required parameter (search's `query`, allowReserved): plain when given, the validator's 400 when not.
    const found = await skipsOf(() => get(token, `${t.base}/search?query=install`));
    expect(found.skipped).toBe(1);
    expect(found.result.status).toBe(200);
    const missing = await skipsOf(() => get(token, `${t.base}/search`));
    expect(missing.skipped).toBe(0);
    expect(missing.result.status).toBe(400);
    expect(JSON.stringify(missing.result.body.error.message)).toContain('query');
    // Values the spec refuses: the validator's 400 naming the parameter.
    for (const [query, name] of [['format=html', 'format'], ['metadata=yes', 'metadata'], ['evaluated=maybe', 'evaluated'], ['format=markdown&x=1', 'x'], ['format=mark:down', 'format']]) {
      const bad = await skipsOf(() => get(token, `${pagePath}?${query}`));
      expect(bad.skipped, query).toBe(0);
      expect(bad.result.status, query).toBe(400);
      expect(JSON.stringify(bad.result.body.error.message), query).toContain(name);
    }
  });
});
