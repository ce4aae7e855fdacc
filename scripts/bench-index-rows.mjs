#!/usr/bin/env node
// What one page's index rows cost SQLite at a given point of a space's life, by index: Bindery (this build, in this
// process) creates --pages realistic pages in one space (the first half of --small KB, the rest of --size KB, as
// bench-pipeline's creates come), then stops; the database is copied once per variant, and the last page's search
// rows and link rows are written again and again as a new page (one transaction each: the rows in the slices and
// statements engine/content-index.ts uses, then the commit), the variants alternating so that the load of a shared
// machine falls on all alike. Prints per variant the CPU of a page's rows and commit (median, mean) and the WAL bytes
// per page (independent of the load). The space keeps growing by one page per round in each copy.
// Variants: `as-is` (as migrated; `as-is2`, the same again: the A/A spread), `no-<index>` (that index dropped, e.g.
// `no-page_links_status_idx`), `no-links` (no link rows), `no-fts-pages` / `no-fts-sections` (that FTS5 table's insert
// trigger dropped), `sorted` (the link rows inserted in status and target key order instead of `seq`'s); as if every
// link to a page resolved (the benchmark's pages link to paths that do not exist): `resolved` (those rows written `ok`,
// as engine/content-index.ts writes them since 2026-11-28) and `resolved-refresh` (written `broken`, then made `ok` by
// an update of the page's rows, as the commit's status refresh by page id did before); `targets` (a sketch of a table of
// the space's distinct targets, `link_targets` (id, space, key, status; unique on space and key), the rows carrying its
// integer id with an index on it instead of the status index: per page, its keys inserted or ignored there, their ids
// read back, then the rows) and `targets-noidx` (the same without any per-row index: the lower bound of a design that
// counts a target's rows in the table instead); `contentless` (the page row stored without its text, which goes to a
// contentless FTS5 table with `contentless_delete=1` instead of the external-content `search_fts_pages`).
// Since migration 20261128T0520 (session 20) the rows carry the id of their target (`link_targets`) and no status: on
// a database with that table a page's rows are written as engine/content-index.ts writes them (its target keys
// looked up, the keys the space lacks inserted with their status and their ids read back, then the rows); the
// `targets*`, `resolved*` and `sorted` sketches need the schema before it. The last page's rows are written again
// with its anchors' keys naming the new page (anchors of a new page are new targets). `--against=<worktree>` (built)
// makes the same pages with that build too, in a database of its own: variants named `base:<variant>` (e.g.
// `base:as-is`) run on that one, the others on this build's, alternating in one process. `<variant>+new` (e.g.
// `as-is+new`): every key of the page made new to the space (the realistic pages all link to the same targets).
// `slim` (with the targets table): the rows without their target's columns (kind, page, path, file, name, anchor,
// URL, URL status: their target holds them), a sketch measured in session 20.
//
// Usage: pnpm --filter @bindery/server build && node scripts/bench-index-rows.mjs [--pages=40] [--size=250] [--small=100]
//        [--rounds=24] [--variants=as-is,no-page_links_status_idx,as-is2] [--against=/work/wt/base]
import { copyFileSync, rmSync, statSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { arg, require, dist, apiCaller, startInProcess, median, machineLoad } from './bench-lib.mjs';

const Database = require('better-sqlite3');
const pages = Number(arg('pages', 40));
const sizeKb = Number(arg('size', 250));
const smallKb = Number(arg('small', 100));
const rounds = Number(arg('rounds', 24));
const variants = arg('variants', 'as-is,no-page_links_status_idx,no-links,as-is2').split(',');
const TOKEN = 'bdy_bench_admin_token_0123456789abcdef';
const against = arg('against', undefined);
const { realisticPage } = await dist('testing/docs-corpus.js');

console.log(`${pages} pages (${smallKb} then ${sizeKb} KB) in one space, then the last page's index rows again per round; ${await machineLoad()}`);
const texts = { small: realisticPage(smallKb * 1024), large: realisticPage(sizeKb * 1024) };
/** The pages made by the build at `distDir`; returns its database file (the server closed, its WAL beside it). */
async function source(distDir) {
  const { server } = await startInProcess({ token: TOKEN, prefix: 'bindery-index-rows-', ...(distDir ? { distDir } : {}) });
  const api = apiCaller(server.url, TOKEN);
  const org = await api('POST', '/v1/orgs', { title: 'Index rows' });
  const space = await api('POST', `/v1/orgs/${org.id}/spaces`, { title: 'Index rows' });
  for (let i = 0; i < pages; i++) await api('POST', `/v1/spaces/${space.id}/content/pages`, { title: `Page ${i}`, markdown: i < pages / 2 ? texts.small : texts.large });
  await server.close();
  return { dataDir: server.ctx.config.dataDir, file: join(server.ctx.config.dataDir, 'bindery.sqlite') };
}
const sources = { this: await source(undefined) };
if (variants.some((v) => v.startsWith('base:'))) sources.base = await source(join(against ?? '/work/wt/base', 'apps/server/dist'));
/** `<variant>slim`: a link row without its target's columns (they are its target's). */
const SLIM = ['target_kind', 'target_page', 'target_path', 'target_file', 'target_name', 'anchor', 'url', 'url_status'];
const work = mkdtempSync(join(tmpdir(), 'bindery-index-rows-copies-'));
const dbs = new Map();
for (const name of variants) {
  const from = name.startsWith('base:') ? sources.base : sources.this;
  const v = name.replace(/^base:/, '');
  const file = join(work, `${name.replace(':', '-')}.sqlite`);
  copyFileSync(from.file, file);
  try { copyFileSync(`${from.file}-wal`, `${file}-wal`); } catch {}
  const db = new Database(file);
  // As the server's writer (db/database.ts, db/sqlite-checkpoints.ts).
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('wal_autocheckpoint = 0');
  if (v.startsWith('no-') && !['no-links', 'no-fts-pages', 'no-fts-sections'].includes(v)) db.exec(`drop index ${v.slice(3).replace(/\+new$/, '')}`);
  if (v === 'no-fts-pages') db.exec('drop trigger search_fts_pages_ai');
  if (v === 'no-fts-sections') db.exec('drop trigger search_fts_sections_ai');
  if (v === 'contentless') {
    db.exec(`drop trigger search_fts_pages_ai;
      create virtual table search_fts_pages_cl using fts5(scope, title, heading, body, content='', contentless_delete=1,
        tokenize='porter unicode61 remove_diacritics 2');
      insert into search_fts_pages_cl (rowid, scope, title, heading, body) select id, scope, title, heading, body from search_sections where seq = -1;`);
  }
  if (v.startsWith('targets')) {
    db.exec(`create table link_targets (id integer primary key, space_id text not null, target_key text not null, status text not null, unique (space_id, target_key));
      insert into link_targets (space_id, target_key, status) select space_id, target_key, min(status) from page_links group by space_id, target_key;
      alter table page_links add column target_id integer;
      update page_links set target_id = (select id from link_targets t where t.space_id = page_links.space_id and t.target_key = page_links.target_key);
      drop index page_links_status_idx;`);
    if (v === 'targets') db.exec('create index page_links_target_id_idx on page_links (target_id)');
  }
  if (v.includes('slim')) for (const c of SLIM) db.exec(`alter table page_links drop column ${c}`);
  const targetsTable = !!db.prepare("select 1 from sqlite_master where name = 'link_targets' and type = 'table'").get();
  // The last page's rows, as this database holds them (with their target's columns and status).
  const pageId = db.prepare('select page_id from search_sections order by id desc limit 1').get().page_id;
  const sections = db.prepare('select space_id, page_id, section_id, seq, path, scope, title, heading, body from search_sections where page_id = ? order by seq').all(pageId);
  const links = db.prepare(targetsTable
    ? `select l.space_id, l.page_id, l.seq, l.source, l.target_key, t.target_kind, t.target_page, t.target_path, t.target_file, t.target_name, t.anchor, t.url, t.url_status, t.status
        from page_links l join link_targets t on t.id = l.target_id where l.page_id = ? order by l.seq`
    : 'select space_id, page_id, seq, source, target_key, target_kind, target_page, target_path, target_file, target_name, anchor, url, url_status, status from page_links where page_id = ? order by seq').all(pageId);
  dbs.set(name, { db, file, cpu: [], wal: [], statements: new Map(), targetsTable, pageId, sections, links, v });
}
for (const s of Object.values(sources)) rmSync(s.dataDir, { recursive: true, force: true });
{
  const first = dbs.get(variants[0]);
  console.log(`the last page's rows: ${first.sections.length} search rows, ${first.links.length} link rows (${first.links.filter((l) => l.target_kind === 'anchor').length} anchors)`);
}

/** Rows in statements of up to `per`, as repos/content-index.repo.ts `insertRows` (in slices of `slice`). */
function insert(v, table, rows, slice, per, verb = 'insert') {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]);
  for (let s = 0; s < rows.length; s += slice) {
    const part = rows.slice(s, s + slice);
    for (let i = 0; i < part.length; i += per) {
      const n = Math.min(per, part.length - i);
      let st = v.statements.get(`${table} ${n}`);
      if (!st) {
        st = v.db.prepare(`${verb} into "${table}" (${columns.join(', ')}) values ${Array.from({ length: n }, () => `(${columns.map(() => '?').join(', ')})`).join(', ')}`);
        v.statements.set(`${table} ${n}`, st);
      }
      const params = [];
      for (let r = i; r < i + n; r++) for (const c of columns) params.push(part[r][c]);
      st.run(params);
    }
  }
}
/** A statement prepared once per text (the server keeps its prepared statements by text: db/database.ts). */
const cached = (v, text) => {
  let st = v.statements.get(text);
  if (!st) v.statements.set(text, (st = v.db.prepare(text)));
  return st;
};
const cpu = () => { const c = process.threadCpuUsage(); return (c.user + c.system) / 1000; };
for (let round = 0; round < rounds; round++) {
  for (const variant of round % 2 ? [...variants].reverse() : variants) {
    const v = dbs.get(variant);
    const name = v.v;
    const id = `bench${round}`;
    const s = v.sections.map((r) => ({ ...r, page_id: id, scope: r.seq === -1 ? r.scope : id }));
    // A new page's anchors are its own (new keys).
    const anchorOf = (r) => (r.target_kind === 'anchor' ? { target_key: r.target_key.replace(v.pageId, id), target_page: id } : {});
    // `<variant>+new`: every target of the page new to the space (a page linking only to targets no page uses yet).
    const fresh = name.endsWith('+new') ? (r) => ({ target_key: `${r.target_key}~${id}`, ...(r.target_path !== null ? { target_path: `${r.target_path}~${id}` } : {}), ...(r.url !== null ? { url: `${r.url}~${id}` } : {}) }) : () => ({});
    const l = name === 'no-links' ? [] : v.links.map((r) => ({ ...r, page_id: id, ...anchorOf(r), ...fresh(r) }));
    const resolved = name.startsWith('resolved');
    if (resolved) for (const r of l) if (r.target_kind === 'page') r.status = name === 'resolved' ? 'ok' : 'broken';
    if (name === 'sorted') l.sort((a, b) => (a.status < b.status ? -1 : a.status > b.status ? 1 : a.target_key < b.target_key ? -1 : a.target_key > b.target_key ? 1 : 0));
    const wal0 = statSync(`${v.file}-wal`).size;
    const c0 = cpu();
    v.db.exec('begin immediate');
    if (name === 'contentless') {
      const page = s.find((r) => r.seq === -1);
      insert(v, 'search_sections', s.map((r) => (r === page ? { ...r, body: '' } : r)), 100, 200);
      const id = v.db.prepare('select id from search_sections where page_id = ? and seq = -1').get(page.page_id).id;
      v.db.prepare('insert into search_fts_pages_cl (rowid, scope, title, heading, body) values (?, ?, ?, ?, ?)').run(id, page.scope, page.title, page.heading, page.body);
    } else insert(v, 'search_sections', s, 100, 200);
    if (name.startsWith('targets')) {
      const keys = [...new Map(l.map((r) => [r.target_key, { space_id: r.space_id, target_key: r.target_key, status: r.status }])).values()];
      insert(v, 'link_targets', keys, 500, 200, 'insert or ignore');
      const ids = new Map();
      for (let i = 0; i < keys.length; i += 500) {
        const part = keys.slice(i, i + 500);
        for (const t of v.db.prepare(`select id, target_key from link_targets where space_id = ? and target_key in (${part.map(() => '?').join(', ')})`).all(part[0].space_id, ...part.map((k) => k.target_key))) ids.set(t.target_key, t.id);
      }
      for (const r of l) r.target_id = ids.get(r.target_key);
    }
    if (v.targetsTable && name !== 'no-links') {
      // As engine/content-index.ts assignTargets: the page's keys looked up, the missing ones inserted with their
      // status (ids read back), then the rows with their target's id and no status.
      const first = new Map();
      for (const r of l) if (!first.has(r.target_key)) first.set(r.target_key, r);
      const ids = new Map();
      const keys = [...first.keys()];
      for (let i = 0; i < keys.length; i += 500) {
        const part = keys.slice(i, i + 500);
        for (const t of cached(v, `select id, target_key from link_targets where space_id = ? and target_key in (${part.map(() => '?').join(', ')})`).all(l[0].space_id, ...part)) ids.set(t.target_key, t.id);
      }
      const fresh = [...first.values()].filter((r) => !ids.has(r.target_key));
      for (let i = 0; i < fresh.length; i += 100) {
        const part = fresh.slice(i, i + 100);
        const cols = ['space_id', 'target_key', 'target_kind', 'target_page', 'target_path', 'target_file', 'target_name', 'anchor', 'url', 'url_status', 'status'];
        const st = cached(v, `insert into link_targets (${cols.join(', ')}) values ${part.map(() => `(${cols.map(() => '?').join(', ')})`).join(', ')} returning id, target_key`);
        for (const t of st.all(part.flatMap((r) => cols.map((c) => r[c] ?? null)))) ids.set(t.target_key, t.id);
      }
      const rows = l.map(({ status, ...r }) => ({ ...r, target_id: ids.get(r.target_key) }));
      if (name.includes('slim')) for (const r of rows) for (const c of SLIM) delete r[c];
      insert(v, 'page_links', rows, 500, 200);
    } else insert(v, 'page_links', l, 500, 200);
    if (name === 'resolved-refresh') v.db.prepare("update page_links set status = 'ok' where space_id = ? and page_id = ? and target_kind = 'page' and status <> 'ok'").run(l[0].space_id, id);
    v.db.exec('commit');
    v.cpu.push(cpu() - c0);
    v.wal.push(statSync(`${v.file}-wal`).size - wal0);
    if (statSync(`${v.file}-wal`).size > 64 * 1024 * 1024) v.db.pragma('wal_checkpoint(TRUNCATE)');
  }
}
const skip = Math.min(2, rounds - 1);
for (const name of variants) {
  const v = dbs.get(name);
  const c = v.cpu.slice(skip);
  const w = v.wal.slice(skip).filter((x) => x > 0);
  console.log(`${name.padEnd(28)} rows + commit ${median(c).toFixed(2)} ms (mean ${(c.reduce((a, b) => a + b, 0) / c.length).toFixed(2)}), WAL ${(median(w) / 1024).toFixed(0)} KB per page`);
  v.db.close();
}
console.log(`at the end: ${await machineLoad()}`);
rmSync(work, { recursive: true, force: true });
