// A plain GET with a query string (http/spec.ts `plainGet`, http/middlewares.ts `passesPlainGet`) is answered without
// the request validator only when the validator would pass it, and leaves `req.query` as the validator leaves it:
// values coerced, defaults filled in, in its order. Two apps with the same steps — one takes the plain path
// (responses not validated), the other always the validator (responses validated: the echo below writes its answer
// without `res.json`, so nothing of it is validated) — get the same requests, sent raw over loopback, for every GET
// of the spec: each query parameter with values that pass and values that do not, all of them at once, none, unknown,
// repeated, empty and escaped names. Status and body must be the same; the plain path must have answered the ones
// that pass.
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../context.js';
import { errorHandler } from './errors.js';
import { inSequence, matchOperation, validateAgainstSpec } from './middlewares.js';
import { RouteTable } from './route-table.js';
import { loadBundledSpec, specOperations, type QueryParamRule, type SpecOperation } from './spec.js';
import { refuseUnsafeQuery } from './text-guard.js';

const spec = loadBundledSpec();
const operations = specOperations(spec);

function echoApp(validateResponses: boolean): express.Express {
  const app = express();
  app.set('query parser', 'simple');
  const ctx = { config: { validateResponses } } as unknown as AppContext;
  app.use(inSequence([
    matchOperation(new RouteTable(operations)),
    refuseUnsafeQuery,
    ...validateAgainstSpec(ctx, spec),
    (req, res) => {
      res.setHeader('X-Via', (req as { openapi?: unknown }).openapi ? 'validator' : 'plain');
      res.end(JSON.stringify({ query: req.query }));
    },
  ]));
  app.use(errorHandler(pino({ level: 'silent' })));
  return app;
}

let plainServer: Server;
let validatorServer: Server;
beforeAll(async () => {
  plainServer = echoApp(false).listen(0, '127.0.0.1');
  validatorServer = echoApp(true).listen(0, '127.0.0.1');
  await Promise.all([plainServer, validatorServer].map((s) => new Promise((r) => s.once('listening', r))));
});
afterAll(async () => {
  await Promise.all([plainServer, validatorServer].map((s) => new Promise((r) => s.close(r))));
});

/** The answer to a raw request target (sent as written: no client normalises it). */
function send(server: Server, path: string): Promise<{ status: number; body: string; via: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, path, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString('utf8'), via: String(res.headers['x-via'] ?? '') }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Raw values of one query parameter: some meet its rule, some do not. */
function valuesFor(rule: QueryParamRule): string[] {
  const common = ['', '%ZZ', 'a%2Cb', 'a,b', 'a+b', 'a:b', '%E2%82%AC'];
  switch (rule.type) {
    case 'boolean':
      return [...common, 'true', 'false', 'TRUE', '1', '0', 'yes', 'tru%65'];
    case 'booleanOrEnum':
      return [...common, 'true', 'false', ...rule.enum!, 'nope'];
    case 'integer': {
      const lo = rule.minimum ?? 0;
      const hi = rule.maximum ?? 50;
      return [...common, String(lo), String(hi), String(lo - 1), String(hi + 1), '7', 'x', '1.5', '007', '+3', '-0', '1e2', '%33', '0x10', '9'.repeat(16)];
    }
    case 'string': {
      const max = rule.maxLength ?? 20;
      return [...common, 'abc', 'a-b_c.d~e', 'a.b', 'a%20b', 'x'.repeat(max), 'x'.repeat(max + 1), '%F0%9F%9A%80'.repeat(Math.min(max, 300)), ...(rule.enum ?? [])];
    }
    default:
      return ['abc', '1', 'true'];
  }
}

/** A value of the rule that passes it (undefined: none is known). */
function passing(rule: QueryParamRule): string | undefined {
  if (rule.type === 'boolean' || rule.type === 'booleanOrEnum') return 'true';
  if (rule.type === 'integer') return String(rule.minimum ?? 1);
  if (rule.type === 'string') return rule.enum ? [...rule.enum][0] : rule.pattern ? 'abc' : 'a-b';
  return undefined;
}

/** `plain: false`: must go through the validator; `mayFallBack`: may, though the validator passes it. */
interface Case { op: SpecOperation; target: string; plain?: false; mayFallBack?: true }

function casesOf(op: SpecOperation): Case[] {
  const path = op.path.replace(/\{[^}]+\}/g, 'abc');
  const cases: Case[] = [{ op, target: path }];
  const rules = op.plainGet ? [...op.plainGet.query.values()] : [];
  for (const rule of rules) for (const v of valuesFor(rule)) cases.push({ op, target: `${path}?${rule.name}=${v}`, ...(rule.type === 'other' ? { mayFallBack: true } : {}) });
  const valid = rules.flatMap((r) => (passing(r) === undefined ? [] : [`${r.name}=${passing(r)}`]));
  if (op.plainGet && valid.length > 0) {
    // Every simple parameter at once: the plain path, whatever the order; then unknown, repeated, escaped, empty pairs.
    cases.push({ op, target: `${path}?${valid.join('&')}` });
    cases.push({ op, target: `${path}?${[...valid].reverse().join('&')}` });
    cases.push({ op, target: `${path}?${valid[0]}&zzz=1`, plain: false });
    cases.push({ op, target: `${path}?${valid[0]}&${valid[0]}`, plain: false });
    cases.push({ op, target: `${path}?%${valid[0]!.charCodeAt(0).toString(16)}${valid[0]!.slice(1)}`, plain: false, mayFallBack: true });
    cases.push({ op, target: `${path}?${valid[0]}&`, plain: false, mayFallBack: true });
    cases.push({ op, target: `${path}?${valid[0]}=x`, mayFallBack: true });
    cases.push({ op, target: `${path}?${valid[0]!.split('=')[0]}` });
  }
  cases.push({ op, target: `${path}?` }, { op, target: `${path}?zzz=1`, plain: false }, { op, target: `${path}?a[b]=1`, plain: false });
  return cases;
}

describe('plain GETs with a query string', () => {
  it('spec: the simple GETs have their query parameters, defaults in the validator\'s order', () => {
    const page = operations.find((o) => o.method === 'get' && o.path === '/v1/spaces/{spaceId}/content/page/{pageId}')!;
    expect(page.plainGet?.defaults).toEqual([['evaluated', 'false'], ['format.markdown.refs', 'relative'], ['dereferenced', 'false'], ['metadata', true], ['computed', true]]);
    expect(page.plainGet?.query.get('format')?.enum).toEqual(new Set(['document', 'markdown']));
    const list = operations.find((o) => o.method === 'get' && o.path === '/v1/orgs/{organizationId}/spaces')!;
    expect(list.plainGet?.query.get('limit')).toMatchObject({ type: 'integer', minimum: 0, maximum: 1000 });
    const search = operations.find((o) => o.method === 'get' && o.path === '/v1/spaces/{spaceId}/search')!;
    expect(search.plainGet?.required).toEqual(['query']);
    expect(search.plainGet?.query.get('query')?.allowReserved).toBe(true);
    // An array parameter with a default (an organization's change requests' `status`): the validator fills it in.
    expect(operations.find((o) => o.method === 'get' && o.path === '/v1/orgs/{organizationId}/change-requests')?.plainGet).toBeUndefined();
  });

  it('answers every GET of the spec as the validator does, without it when the validator would pass', async () => {
    const cases = operations.filter((o) => o.method === 'get').flatMap(casesOf);
    expect(cases.length).toBeGreaterThan(3000);
    let plainAnswers = 0;
    let differences = 0;
    for (let i = 0; i < cases.length; i += 16) {
      await Promise.all(cases.slice(i, i + 16).map(async (c) => {
        const [plain, viaValidator] = await Promise.all([send(plainServer, c.target), send(validatorServer, c.target)]);
        expect(viaValidator.via === 'validator' || viaValidator.status !== 200, c.target).toBe(true);
        if (plain.status !== viaValidator.status || plain.body !== viaValidator.body) differences++;
        expect({ target: c.target, status: plain.status, body: plain.body }).toEqual({ target: c.target, status: viaValidator.status, body: viaValidator.body });
        if (plain.via === 'plain') plainAnswers++;
        // What the validator passes, the plain path takes (but the forms it leaves to the validator).
        if (c.op.plainGet && viaValidator.status === 200 && !c.mayFallBack) expect(plain.via, c.target.slice(0, 300)).toBe('plain');
        if (c.plain === false) expect(plain.via, c.target.slice(0, 300)).not.toBe('plain');
      }));
    }
    expect(differences).toBe(0);
    // Most requests whose parameters pass took the plain path.
    expect(plainAnswers).toBeGreaterThan(1000);
  }, 120_000);
});
