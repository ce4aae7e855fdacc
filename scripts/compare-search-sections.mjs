#!/usr/bin/env node
// Issue 9 (a page write's second FTS5 document per token): would page-level full-text matches answered from the
// section rows find the same pages as the page rows do today? On SQLite, a page's text is indexed twice: its page row
// (seq -1: title, and the whole text in `body`, `search_fts_pages`) and its section rows (`search_fts_sections`).
// Without the page row's body, a page would match a query when every term matches one of its sections or its title
// (one FTS5 query per term over the section rows, plus the title over a title-only page row, intersected by page).
//
// This script writes a generated corpus through a real server (HTTP creates, so the rows are those the server writes),
// then runs a generated set of searches both ways straight on the database file and compares the sets of pages found
// (no cap: every match), and their ranking (the page row's bm25 against the sections' best bm25 plus the title's).
// Searches: single terms (whole words and, as the API sends its last term, prefixes), several terms (from one section,
// from different sections of one page, at random), prefixes of 2-4 letters, and FTS5 phrases of two adjacent words
// (within a section and across a section boundary: the API never sends phrases: `searchTerms` keeps letters and
// digits only, so each term is one token; measured for completeness). Also the CPU of both forms of each query.
// The corpus: pages of generated words (a vocabulary of 3,000 made-up words, Zipf-like frequencies), three spaces,
// and a few of the realistic generated pages (testing/docs-corpus.ts), one beyond the page row's 200,000 characters.
//
// Usage: pnpm --filter @bindery/server build && node scripts/compare-search-sections.mjs [--pages=240] [--large=1]
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { arg, dist, require, startInProcess } from './bench-lib.mjs';

const Database = require('better-sqlite3');
const { realisticPage } = await dist('testing/docs-corpus.js');
const pageCount = Number(arg('pages', 240));
const large = arg('large', '1') === '1';
const TOKEN = 'bdy_bench_admin_token_0123456789abcdefgh';

function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}
const rnd = random(23);
const SYLLABLES = ['ka', 'lo', 'mi', 'ren', 'tu', 'sa', 'vek', 'dor', 'pi', 'zan', 'el', 'qua', 'bri', 'nox', 'fi', 'gal', 'hu', 'jor', 'wen', 'ty'];
const vocab = [...new Set(Array.from({ length: 3400 }, () => Array.from({ length: 2 + Math.floor(rnd() * 3) }, () => SYLLABLES[Math.floor(rnd() * SYLLABLES.length)]).join('')))].slice(0, 3000);
// Zipf-like: word i chosen with weight 1/(i+1).
const cumulative = [];
vocab.reduce((sum, _, i) => (cumulative[i] = sum + 1 / (i + 1)), 0);
const total = cumulative[cumulative.length - 1];
const word = () => {
  const x = rnd() * total;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return vocab[lo];
};
const words = (n) => Array.from({ length: n }, word).join(' ');
const generatedPage = () => {
  const lines = [words(8 + Math.floor(rnd() * 30)) + '.', ''];
  for (let s = 0, n = Math.floor(rnd() * 8); s < n; s++) {
    lines.push(`## ${words(1 + Math.floor(rnd() * 3))}`, '');
    for (let p = 0, m = 1 + Math.floor(rnd() * 4); p < m; p++) lines.push(words(5 + Math.floor(rnd() * 40)) + '.', '');
  }
  return lines.join('\n');
};

const prefix = `bindery-cmpsearch-${process.pid}-`;
const server = await startInProcess({ token: TOKEN, prefix });
const url = server.server.url;
const call = async (method, path, body) => {
  const res = await fetch(url + path, { method, headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text);
};
const org = await call('POST', '/v1/orgs', { title: 'Search comparison' });
const spaces = [];
for (let i = 0; i < 3; i++) spaces.push((await call('POST', `/v1/orgs/${org.id}/spaces`, { title: `Space ${i}` })).id);
for (let i = 0; i < pageCount; i++) {
  const body = { title: `${words(1 + Math.floor(rnd() * 3))} ${i}`, markdown: generatedPage() };
  if (i % 5 === 0) body.description = words(6);
  await call('POST', `/v1/spaces/${spaces[i % 3]}/content/pages`, body);
}
// A page with one section longer than a section row keeps (20,000 characters), a word only past that point.
await call('POST', `/v1/spaces/${spaces[2]}/content/pages`, { title: 'Long section', markdown: `## One long section\n\n${words(5000)}.\n\nzzlasttailword ${words(20)}.\n` });
if (large) {
  for (const [i, bytes] of [[0, 250 * 1024], [1, 400 * 1024]]) await call('POST', `/v1/spaces/${spaces[i]}/content/pages`, { title: `Realistic ${bytes >> 10} KB`, markdown: realisticPage(bytes, 40 + i) });
}
const dataDir = readdirSync(tmpdir()).filter((d) => d.startsWith(prefix)).map((d) => join(tmpdir(), d))[0];
const file = readdirSync(dataDir).filter((f) => /\.(sqlite|db)$/.test(f)).map((f) => join(dataDir, f))[0];
const db = new Database(file, { readonly: true });

// Queries --------------------------------------------------------------------------------------------------------
const sections = db.prepare('select space_id, page_id, seq, heading, body from search_sections where seq >= 0 order by id').all();
const pageRows = db.prepare('select space_id, page_id, title, body from search_sections where seq = -1 order by id').all();
const tokens = (text) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
const queries = [];
const add = (kind, terms, prefixLast, phrase = false) => terms.length && queries.push({ kind, terms, prefixLast, phrase });
for (let i = 0; i < 120; i++) add('one word', [word()], false);
for (let i = 0; i < 60; i++) add('one word (uniform)', [pick(vocab)], false);
for (let i = 0; i < 120; i++) add('one word, as a prefix', [word()], true);
for (let i = 0; i < 60; i++) add('title word', [pick(tokens(pick(pageRows).title))], true);
for (let i = 0; i < 80; i++) add('prefix of 2-4 letters', [word().slice(0, 2 + Math.floor(rnd() * 3))], true);
for (let i = 0; i < 120; i++) {
  const t = tokens(`${pick(sections).heading} ${pick(sections).body}`);
  const s = tokens(`${pick(sections).body}`);
  if (s.length > 3) add('two words of one section', [pick(s), pick(s)], true);
  if (t.length > 3) add('three words of one section', [pick(t), pick(t), pick(t)], rnd() < 0.5);
}
const byPage = new Map();
for (const s of sections) byPage.set(`${s.space_id}/${s.page_id}`, [...(byPage.get(`${s.space_id}/${s.page_id}`) ?? []), s]);
const multi = [...byPage.values()].filter((l) => l.length >= 3);
for (let i = 0; i < 160; i++) {
  const l = pick(multi);
  const a = tokens(pick(l).body);
  const b = tokens(`${pick(l).heading} ${pick(l).body}`);
  if (a.length && b.length) add('words of two sections of one page', [pick(a), pick(b)], rnd() < 0.5);
}
for (let i = 0; i < 100; i++) add('two or three random words', Array.from({ length: 2 + Math.floor(rnd() * 2) }, word), true);
for (let i = 0; i < 60; i++) add('title word and body word', [pick(tokens(pick(pageRows).title)), word()], false);
for (let i = 0; i < 60; i++) {
  const t = tokens(pick(sections).body);
  if (t.length > 2) {
    const k = Math.floor(rnd() * (t.length - 1));
    add('phrase in a section (not sent by the API)', [`${t[k]} ${t[k + 1]}`], false, true);
  }
}
for (let i = 0; i < 60; i++) {
  const l = pick(multi);
  const k = Math.floor(rnd() * (l.length - 1));
  const end = tokens(l[k].body).pop();
  const start = tokens(l[k + 1].heading || l[k + 1].body)[0];
  if (end && start) add('phrase across a section boundary (not sent by the API)', [`${end} ${start}`], false, true);
}

// Words a page's sections hold and its page row does not (past the page row's 200,000 characters), and the other
// way (past a section row's 20,000 characters): where the two forms must differ.
const pageTokens = new Map(pageRows.map((r) => [`${r.space_id}/${r.page_id}`, new Set(tokens(`${r.title} ${r.body}`))]));
const sectionTokens = new Map();
for (const s of sections) {
  const k = `${s.space_id}/${s.page_id}`;
  const set = sectionTokens.get(k) ?? new Set();
  for (const t of tokens(`${s.heading} ${s.body}`)) set.add(t);
  sectionTokens.set(k, set);
}
for (const [k, set] of pageTokens) {
  const inSections = sectionTokens.get(k) ?? new Set();
  const title = new Set(tokens(pageRows.find((r) => `${r.space_id}/${r.page_id}` === k).title));
  const missing = [...inSections].filter((t) => !set.has(t)).slice(0, 20);
  const extra = [...set].filter((t) => !inSections.has(t) && !title.has(t)).slice(0, 20);
  for (const t of missing) add("a word of a page's sections past its page row's 200,000 characters", [t], false);
  for (const t of extra) add("a word of a page row past its section row's 20,000 characters", [t], false);
}

// Both forms ------------------------------------------------------------------------------------------------------
const q = (t, prefix) => `"${t}"${prefix ? '*' : ''}`;
const termsOf = (x) => x.terms.map((t, i) => q(t, x.prefixLast && i === x.terms.length - 1));
const scope = (ids) => `scope : (${ids.map((s) => `"${s}"`).join(' OR ')})`;
const pagesStmt = db.prepare(`select s.space_id, s.page_id, -bm25(search_fts_pages, 0, 10, 5, 1) as score from search_fts_pages f join search_sections s on s.id = f.rowid where search_fts_pages match ?`);
const sectionStmt = db.prepare(`select s.space_id, s.page_id, -bm25(search_fts_sections, 0, 10, 5, 1) as score from search_fts_sections f join search_sections s on s.id = f.rowid where search_fts_sections match ?`);
const cpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const today = (x, ids) => pagesStmt.all(`{title heading body} : (${termsOf(x).join(' AND ')}) AND ${scope(ids)}`);
// From the sections: each term matched by a section of the page (any space: the sections' scope is their page) or
// by the page's title (a title-only page row; here the page row restricted to its title column), intersected by page.
const fromSections = (x, ids) => {
  const allowed = new Set(ids);
  let pages;
  for (const t of termsOf(x)) {
    const found = new Map();
    for (const r of sectionStmt.all(`{title heading body} : (${t})`)) {
      if (!allowed.has(r.space_id)) continue;
      const k = `${r.space_id}/${r.page_id}`;
      found.set(k, Math.max(found.get(k) ?? 0, r.score));
    }
    for (const r of pagesStmt.all(`{title} : (${t}) AND ${scope(ids)}`)) {
      const k = `${r.space_id}/${r.page_id}`;
      found.set(k, (found.get(k) ?? 0) + r.score);
    }
    if (!pages) pages = found;
    else for (const [k, s] of pages) found.has(k) ? pages.set(k, s + found.get(k)) : pages.delete(k);
  }
  return pages ?? new Map();
};
const kinds = new Map();
const examples = [];
/** The pages behind the differences of the searches the API can send (no phrases), with how often. */
const behind = new Map();
let cpuToday = 0;
let cpuSections = 0;
let top10 = 0;
let top10Same = 0;
for (const x of queries) {
  const ids = rnd() < 0.5 ? spaces : [pick(spaces)];
  let c0 = cpu();
  const a = new Map(today(x, ids).map((r) => [`${r.space_id}/${r.page_id}`, r.score]));
  cpuToday += cpu() - c0;
  c0 = cpu();
  const b = fromSections(x, ids);
  cpuSections += cpu() - c0;
  const onlyToday = [...a.keys()].filter((k) => !b.has(k));
  const onlySections = [...b.keys()].filter((k) => !a.has(k));
  if (!x.phrase) for (const p of [...onlyToday, ...onlySections]) behind.set(p, (behind.get(p) ?? 0) + 1);
  const k = kinds.get(x.kind) ?? { queries: 0, same: 0, matched: 0, onlyToday: 0, onlySections: 0 };
  k.queries++;
  k.matched += a.size;
  k.onlyToday += onlyToday.length;
  k.onlySections += onlySections.length;
  if (!onlyToday.length && !onlySections.length) k.same++;
  else if (examples.length < 12) examples.push(`${x.kind}: ${JSON.stringify(x.terms)}${x.prefixLast ? '*' : ''} today ${a.size}, from sections ${b.size}; only today ${onlyToday.slice(0, 2).join(' ')} only sections ${onlySections.slice(0, 2).join(' ')}`);
  kinds.set(x.kind, k);
  if (a.size >= 2 && !onlyToday.length && !onlySections.length) {
    const rank = (m) => [...m.entries()].sort((p, q2) => q2[1] - p[1] || (p[0] < q2[0] ? -1 : 1)).slice(0, 10).map((e) => e[0]).join(',');
    top10++;
    if (rank(a) === rank(b)) top10Same++;
  }
}
const sizes = db.prepare(`select (select count(*) from search_sections where seq = -1) as pages, (select count(*) from search_sections where seq >= 0) as sections, (select sum(length(body)) from search_sections where seq = -1) as pageText, (select sum(length(body)) from search_sections where seq >= 0) as sectionText`).get();
console.log(`corpus: ${sizes.pages} pages (${spaces.length} spaces), ${sizes.sections} sections; text ${(sizes.pageText / 1e6).toFixed(2)} MB in page rows, ${(sizes.sectionText / 1e6).toFixed(2)} MB in section rows`);
console.log(`${queries.length} searches; same set of pages found by both forms:`);
for (const [kind, k] of kinds) console.log(`  ${kind.padEnd(56)} ${String(k.same).padStart(4)} / ${String(k.queries).padEnd(4)} (pages found today ${k.matched}; only today ${k.onlyToday}, only from sections ${k.onlySections})`);
for (const e of examples) console.log(`  e.g. ${e}`);
const rowOf = new Map(pageRows.map((r) => [`${r.space_id}/${r.page_id}`, r]));
const longest = (k) => Math.max(0, ...sections.filter((x) => `${x.space_id}/${x.page_id}` === k).map((x) => x.body.length));
console.log(`pages behind the differences of the searches the API can send (no phrases): ${behind.size}`);
for (const [p, n] of behind) console.log(`  ${rowOf.get(p)?.title} (page row ${rowOf.get(p)?.body.length} characters, its longest section row ${longest(p)}): in ${n} searches`);
console.log(`ranking (searches with the same set of >= 2 pages): the same top 10 in ${top10Same} of ${top10}`);
console.log(`CPU of all searches: page rows ${cpuToday.toFixed(1)} ms, from sections ${cpuSections.toFixed(1)} ms`);
db.close();
await server.stop();
process.exit(0);
