#!/usr/bin/env node
// What a page's search rows cost SQLite, by FTS5 setting: the realistic page's rows (its page row and one row per
// section, as engine/content-index.ts writes them: statements of 100 rows, then the commit) written again and again
// into one growing index, one database per variant, the variants alternating page by page in this process so that
// the load of a shared machine falls on all alike. Prints per variant the CPU of a page's rows and commit (median and
// mean: FTS5's merges come in bursts), the WAL written per page (independent of the load), then the CPU of a few
// searches over the grown index and whether every variant answers them with the same rows and scores.
// Variants: `default` (the tables as migration 20261122T0200 made them), `amN` (FTS5 `automerge` set to N, as
// migration 20261127T1600 sets 16), `notrigger` (no insert triggers: each statement's rows copied into the FTS
// tables by `insert … select`). Flags combine with `+` (`am16+dcols`): `dcol` / `dcols` / `dcolp` (`detail=column` on
// both tables / the sections' / the pages'), `cs0` / `cs0s` / `cs0p` (`columnsize=0` likewise), `scopeun` (`scope`
// UNINDEXED: the searches' scope filters then match nothing), `noporter` / `ascii` (another tokenizer: other matches),
// `pgszN` (FTS5 `pgsz`), `titlep` (the page rows' FTS5 document is their title only: the text indexed once), `nofts` / `nopages` / `nosections` (no rows copied into both / that FTS5 table: the share of
// each). A variant may be given twice (an A/A pair). Prints the commit's own share of the CPU too.
//
// Usage: pnpm --filter @bindery/server build && node scripts/bench-search-rows.mjs [--variants=default,am16] [--pages=160] [--size=250]
import { rmSync, statSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { arg, require, dist } from './bench-lib.mjs';

const Database = require('better-sqlite3');
const { realisticPage } = await dist('testing/docs-corpus.js');
const { extractSections } = await dist('content/extract.js');
const variants = arg('variants', 'default,am16').split(',');
const pages = Number(arg('pages', 160));
const sections = extractSections(realisticPage(Number(arg('size', 250)) * 1024));
const all = sections.map((s) => (s.level === 0 ? s.body : `${s.title}\n${s.body}`)).join('\n');
const rowsOf = (page) => {
  const rows = [['space1', page, '', -1, 'p', 'space1', 'Title', '', all.slice(0, 200_000)]];
  let seq = 1;
  for (const s of sections) {
    if (s.level === 0) rows.push(['space1', page, '', 0, 'p', page, '', '', s.body]);
    else rows.push(['space1', page, s.id, seq++, `p#${s.id}`, page, '', s.title, s.body.slice(0, 20_000)]);
  }
  return rows;
};
const dir = mkdtempSync(join(tmpdir(), 'bindery-search-rows-'));

let dbCount = 0;
function open(variant) {
  const file = join(dir, `${variant}-${dbCount++}.sqlite`);
  const db = new Database(file);
  db.pragma('journal_mode = wal');
  db.pragma('synchronous = normal');
  db.pragma('wal_autocheckpoint = 0');
  db.exec(`create table search_sections (id integer primary key autoincrement, space_id text not null, page_id text not null, section_id text not null,
    seq integer not null, path text not null, scope text not null, title text not null, heading text not null, body text not null);
    create index search_sections_page_idx on search_sections(space_id, page_id);`);
  for (const [t, cond] of [['search_fts_pages', 'new.seq = -1'], ['search_fts_sections', 'new.seq >= 0']]) {
    const flags = new Set(variant.split('+'));
    const pagesTable = t === 'search_fts_pages';
    const opts = [
      flags.has('dcol') || flags.has(pagesTable ? 'dcolp' : 'dcols') ? 'detail=column' : '',
      flags.has('cs0') || flags.has(pagesTable ? 'cs0p' : 'cs0s') ? 'columnsize=0' : '',
    ].filter(Boolean).map((o) => `, ${o}`).join('');
    db.exec(`create virtual table ${t} using fts5(${flags.has('scopeun') ? 'scope unindexed' : 'scope'}, title, heading, body, content='search_sections', content_rowid='id', tokenize='${flags.has('ascii') ? 'ascii' : flags.has('noporter') ? 'unicode61 remove_diacritics 2' : 'porter unicode61 remove_diacritics 2'}'${opts})`);
    const skip = flags.has('notrigger') || flags.has('nofts') || flags.has(pagesTable ? 'nopages' : 'nosections');
    // `titlep`: the page rows' FTS5 document holds the title only (pages matched from their sections: scripts/compare-search-sections.mjs).
    const values = flags.has('titlep') && pagesTable ? "new.title, '', ''" : 'new.title, new.heading, new.body';
    if (!skip) db.exec(`create trigger ${t}_ai after insert on search_sections when ${cond} begin insert into ${t}(rowid, scope, title, heading, body) values (new.id, new.scope, ${values}); end`);
    const am = /(?:^|\+)am(\d+)(?:\+|$)/.exec(variant);
    if (am) db.exec(`insert into ${t}(${t}, rank) values ('automerge', ${Number(am[1])})`);
    const pg = /(?:^|\+)pgsz(\d+)(?:\+|$)/.exec(variant);
    if (pg) db.exec(`insert into ${t}(${t}, rank) values ('pgsz', ${Number(pg[1])})`);
  }
  const copy = ['seq = -1', 'seq >= 0'].map((cond, i) => db.prepare(`insert into ${i ? 'search_fts_sections' : 'search_fts_pages'}(rowid, scope, title, heading, body)
    select id, scope, title, heading, body from search_sections where id between ? and ? and ${cond}`));
  const statements = new Map();
  return {
    variant, db, file, cpu: [], commit: [], wal: 0, walAt: 0,
    write(rows) {
      for (let i = 0; i < rows.length; i += 100) {
        const part = rows.slice(i, i + 100);
        let st = statements.get(part.length);
        if (!st) statements.set(part.length, (st = db.prepare(`insert into search_sections (space_id, page_id, section_id, seq, path, scope, title, heading, body) values ${part.map(() => '(?,?,?,?,?,?,?,?,?)').join(',')}`)));
        const last = Number(st.run(part.flat()).lastInsertRowid);
        if (variant.split('+').includes('notrigger')) for (const c of copy) c.run(last - part.length + 1, last);
      }
    },
  };
}

const cpuMs = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const dbs = variants.map(open);
const warm = Math.min(10, pages >> 2);
for (let p = 0; p < pages; p++) {
  for (const d of p % 2 ? [...dbs].reverse() : dbs) {
    const t0 = cpuMs();
    d.db.exec('begin');
    d.write(rowsOf(`page${p}`));
    const t1 = cpuMs();
    d.db.exec('commit');
    if (p >= warm) { d.cpu.push(cpuMs() - t0); d.commit.push(cpuMs() - t1); }
    const size = statSync(`${d.file}-wal`).size;
    if (p >= warm) d.wal += size - d.walAt;
    d.walAt = size;
    if (p % 20 === 19) { d.db.pragma('wal_checkpoint(TRUNCATE)'); d.walAt = 0; }
  }
}
const queries = [
  `select rowid, bm25(search_fts_pages, 0, 10, 5, 1) s from search_fts_pages where search_fts_pages match '{title heading body} : ("request" AND "token"*) AND scope : ("space1")' order by rowid desc limit 50`,
  `select rowid, bm25(search_fts_sections, 0, 10, 5, 1) s from search_fts_sections where search_fts_sections match '{title heading body} : ("request" OR "token"*) AND scope : ("page3" OR "page77")' order by s limit 50`,
  `select rowid, bm25(search_fts_sections, 0, 10, 5, 1) s from search_fts_sections where search_fts_sections match '{title heading body} : ("space" OR "page"*)' order by s limit 50`,
];
console.log(`search rows of a realistic page (${sections.length + 1} rows, ${all.length} characters of page text), ${pages} pages into one index per variant; load average ${(await import('node:os')).loadavg().map((x) => x.toFixed(2)).join(' ')}`);
const answers = [];
for (const d of dbs) {
  const t0 = cpuMs();
  for (let k = 0; k < 20; k++) for (const q of queries) d.db.prepare(q).all();
  answers.push(JSON.stringify(queries.map((q) => d.db.prepare(q).all())));
  console.log(`  ${d.variant.padEnd(10)} rows + commit: median ${median(d.cpu).toFixed(2)} ms, mean ${mean(d.cpu).toFixed(2)} ms cpu (commit ${median(d.commit).toFixed(2)} / ${mean(d.commit).toFixed(2)}); WAL ${(d.wal / d.cpu.length / 1e6).toFixed(3)} MB per page; the three searches ${((cpuMs() - t0) / 20).toFixed(2)} ms cpu`);
  d.db.close();
}
console.log(`same rows and scores in every variant: ${answers.every((a) => a === answers[0])}`);
rmSync(dir, { recursive: true, force: true });
