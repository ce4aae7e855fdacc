#!/usr/bin/env node
// Every answer of the link API of the active revision (a space's links, all and by status, paged; each page's links;
// each page's and file's backlinks), from this build and from another (`--against=<worktree>`, built), on the same
// scenario of writes: pages linking to each other by path, stable id, anchor, to files by id and name, to URLs (in the
// app and not), to targets that come and go (pages created, deleted, renamed, moved; files uploaded and deleted;
// edits that add and drop links; a change request merged; a change request left open with broken links). The
// answers are compared after every write, with the ids of the scenario's objects replaced by their labels, revision
// ids by `<rev>` and the page cursors by whether there is one. Ids are random, so the orders they give (targets in
// key order: anchors' keys hold page ids; pages in id order) differ between the runs: every array is compared as a
// sorted list (a paged list as the union of its pages; test/links.test.ts checks the orders). Prints the first
// differences and exits 1 when there are any.
//
// Usage: pnpm -s build && node scripts/compare-links-api.mjs --against=/work/wt/base [--db=sqlite|postgres]
import { join } from 'node:path';
import { arg, apiCaller, createPgDatabase, root, startInProcess } from './bench-lib.mjs';

const TOKEN = 'bdy_compare_links_token_0123456789abcdef';
const against = arg('against', '/work/wt/base');
const dbKind = arg('db', 'sqlite');

async function scenario(distDir) {
  const pg = dbKind === 'postgres' ? await createPgDatabase('bindery_targets20_cmp') : undefined;
  const { server, stop } = await startInProcess({ distDir, token: TOKEN, databaseUrl: pg?.url, prefix: 'bindery-compare-links-' });
  const api = apiCaller(server.url, TOKEN);
  const labels = new Map();
  const label = (id, name) => { labels.set(id, `<${name}>`); return id; };
  const snapshots = [];
  try {
    const org = await api('POST', '/v1/orgs', { title: 'Links' });
    label(org.id, 'org');
    const space = await api('POST', `/v1/orgs/${org.id}/spaces`, { title: 'Links' });
    label(space.id, 'space');
    const base = `/v1/spaces/${space.id}`;
    const app = server.ctx.config.appUrl;
    const pages = new Map();
    const files = new Map();
    const page = async (name, body) => { const p = await api('POST', `${base}/content/pages`, body); pages.set(name, label(p.id, name)); return p.id; };
    const upload = async (name, file) => { const f = await api('POST', `${base}/content/files?name=${file}`, 'x', 'text/plain'); files.set(name, label(f.id, name)); return f.id; };
    const snap = async (step) => {
      const out = { step };
      const all = async (path) => {
        const items = [];
        let next;
        let first;
        do {
          const r = await api('GET', `${path}${path.includes('?') ? '&' : '?'}limit=3${next ? `&page=${next}` : ''}`);
          first ??= { count: r.count, stats: r.stats };
          items.push(...r.items);
          next = r.next?.page;
        } while (next);
        return { ...first, items };
      };
      out.links = await api('GET', `${base}/links`);
      for (const s of ['ok', 'broken', 'in-app']) out[`links:${s}`] = await api('GET', `${base}/links?status=${s}`);
      out.paged = await all(`${base}/links`);
      out.pagedBroken = await all(`${base}/links?status=broken`);
      for (const [name, id] of pages) {
        if (!(await fetch(`${server.url}${base}/content/page/${id}`, { headers: { authorization: `Bearer ${TOKEN}` } })).ok) continue;
        out[`page ${name}`] = await all(`${base}/content/page/${id}/links`);
        out[`page ${name} broken`] = await api('GET', `${base}/content/page/${id}/links?status=broken`);
        out[`back ${name}`] = await all(`${base}/content/page/${id}/backlinks`);
      }
      for (const [name, id] of files) {
        const r = await fetch(`${server.url}${base}/content/files/${id}/backlinks`, { headers: { authorization: `Bearer ${TOKEN}` } });
        out[`fileback ${name}`] = r.ok ? await r.json() : r.status;
      }
      snapshots.push(out);
    };

    const logo = await upload('logo', 'logo.png');
    const home = await page('home', { title: 'Home', markdown: 'Welcome [self](#top) [guide](guide/install.md)' });
    const guide = await page('guide', { title: 'Guide', type: 'group' });
    const install = await page('install', { title: 'Install', parent: guide, markdown: '# Install\n[home](../home.md) [usage](usage.md) ![l](logo.png)' });
    await page('usage', {
      title: 'Usage', parent: guide,
      markdown: [
        '# Top', '',
        `[Install](install.md) [Install again](./install) [Home](/pages/${home}) [Home by path](../home.md) [Home#a](../home.md#a)`,
        `[Gone](missing.md) [External](https://example.com/docs) [In app](${app}/s/${space.id}/home) [Anchor](#top) [Anchor2](#nope)`,
        `![Logo](/files/${logo}) ![Old](../assets/old.png) [Dead id](/pages/nopenope) [Dead file](/files/nofile) [later](later.md)`,
        `[x](https://a.example/${'y'.repeat(500)}) [x2](https://a.example/${'y'.repeat(500)}z)`,
      ].join('\n'),
    });
    for (let i = 0; i < 6; i++) {
      await page(`p${i}`, { title: `P${i}`, markdown: `[h](home.md) [g](guide/usage.md) [n${i}](p${(i + 1) % 6}.md) [m](missing-${i % 2}.md) [u](https://u.example/${i % 3}) ![o](old.png) ![l](/files/${logo})` });
    }
    await snap('created');
    await upload('old', 'old.png');
    await snap('old.png uploaded');
    await page('later', { title: 'Later', parent: guide });
    await snap('a page created after a link to its path');
    await api('DELETE', `${base}/content/page/${install}`);
    await snap('install deleted');
    await api('PATCH', `${base}/content/page/${home}`, { slug: 'start' });
    await snap('home renamed');
    await api('PATCH', `${base}/content/page/${pages.get('p1')}`, { markdown: '[only](https://only.example) [h](home.md)' });
    await snap('p1 edited: drops most of its links');
    await api('PATCH', `${base}/content/page/${pages.get('p2')}`, { markdown: '[new](brand-new.md) ![l](logo.png)' });
    await snap('p2 edited: new targets');
    await api('DELETE', `${base}/content/files/${logo}`);
    await snap('logo deleted');
    const batch = await api('POST', `${base}/content/edits`, { edits: [
      { op: 'createPage', page: { title: 'Brand new', markdown: '[back](p2.md)' } },
      { op: 'deletePage', pageId: pages.get('p3') },
      { op: 'movePage', pageId: pages.get('p4'), parent: guide },
    ] });
    pages.set('brand-new', label(batch.pages[0], 'brand-new'));
    await snap('a batch: create, delete, move');
    const cr = await api('POST', `${base}/change-requests`, { subject: 'Links' });
    label(cr.id, 'cr');
    await api('POST', `${base}/change-requests/${cr.id}/content/edits`, { edits: [
      { op: 'updatePage', pageId: pages.get('p5'), page: { markdown: '[a](gone-a.md) [b](gone-b.md) [h](start.md)' } },
      { op: 'deletePage', pageId: pages.get('p0') },
    ] });
    await api('POST', `${base}/change-requests/${cr.id}/merge`);
    await snap('change request merged');
    const open = await api('POST', `${base}/change-requests`, { subject: 'Open' });
    label(open.id, 'open');
    await api('POST', `${base}/change-requests/${open.id}/content/edits`, { edits: [{ op: 'updatePage', pageId: pages.get('p1'), page: { markdown: '[x](nowhere.md) [y](nowhere2.md)' } }] });
    await snap('a change request open with broken links');
  } finally {
    await stop();
    await pg?.drop?.();
  }
  // Ids to labels; cursors to their presence.
  let text = JSON.stringify(snapshots, (k, v) => (k === 'next' ? (v ? 'next' : v) : k === 'revision' ? '<rev>' : v));
  for (const [id, name] of labels) text = text.split(id).join(name);
  const sorted = (v) => (Array.isArray(v) ? v.map(sorted).map((x) => JSON.stringify(x)).sort().map((x) => JSON.parse(x))
    : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, sorted(x)])) : v);
  return JSON.parse(text).map((s) => Object.fromEntries(Object.entries(s).map(([k, x]) => [k, k === 'step' ? x : sorted(x)])));
}

const mine = await scenario(join(root, 'apps/server/dist'));
const theirs = await scenario(join(against, 'apps/server/dist'));
let differences = 0;
for (let i = 0; i < Math.max(mine.length, theirs.length); i++) {
  const a = mine[i] ?? {};
  const b = theirs[i] ?? {};
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = JSON.stringify(a[key]);
    const y = JSON.stringify(b[key]);
    if (x !== y) {
      differences++;
      if (differences <= 10) console.log(`after "${a.step ?? b.step}", ${key}:\n  this:    ${x?.slice(0, 600)}\n  against: ${y?.slice(0, 600)}`);
    }
  }
}
const answers = mine.reduce((n, s) => n + Object.keys(s).length - 1, 0);
console.log(`${dbKind}: ${mine.length} steps, ${answers} answers compared with ${against}: ${differences} differences`);
process.exit(differences ? 1 : 0);
