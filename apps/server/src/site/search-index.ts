// The published site's search (`~search?q=`): an inverted index of what readers see of each page (site/plain.ts),
// built once per published revision of a space — in slices of the event loop, so building it for a site of thousands
// of pages never stops other requests for longer than a slice — and kept while that revision is published. A query
// looks its words up (each word a prefix of a page's word) instead of reading every page, so its cost does not grow
// with the site: it visits at most `POSTINGS_BUDGET` postings and draws at most `MAX_RESULTS` excerpts from the first
// `EXCERPT_WINDOW` characters of a page. Pages with `{% if %}` blocks are indexed with every branch and checked again
// against the visitor's claims when they are a hit (at most `MAX_CONDITIONAL_CHECKS` a query), so what a visitor may
// not see never matches. Everything is linear in the site's text (the terms are sorted once, n log n, in slices).
// What a page's content gives (its text and distinct words) is kept by content hash (`PageTextCache`), so the index of
// the revision after an edit reads and splits only the pages that changed.
import { setImmediate } from 'node:timers/promises';
import { slugify } from '../content/slug.js';
import { anchorId, htmlHeadings } from './html.js';
import { markdownText, markdownTextInSlices } from './plain.js';
import { gitbookAnchor } from './render.js';

export interface SearchablePage {
  id: string;
  title: string;
  /** The page's URL below its site space's root (`/` for the first page, `/a/b` for others). */
  rel: string;
  contentHash: string;
}

/** A heading of a page: where its section starts in the page's text, its anchor (the heading's id) and its text. */
export interface Section {
  at: number;
  anchor: string;
  title: string;
}

interface IndexedPage extends SearchablePage {
  /** What a reader sees of it (all branches of its `{% if %}` blocks, when `conditional`). */
  text: string;
  /** Its headings' sections, in the order of `text`. */
  sections: Section[];
  conditional: boolean;
  /** The words of its title. */
  titleWords: string[];
}

export interface SearchIndex {
  pages: IndexedPage[];
  /** Every word of the pages (lower case, at most `TERM_MAX` characters), sorted. */
  terms: string[];
  /** The pages (indexes into `pages`, ascending) holding each term of `terms`. */
  postings: Map<string, number[]>;
  /** About what the index takes in memory, in bytes. */
  bytes: number;
}

export interface SearchHit {
  page: SearchablePage;
  excerpt: string;
  /** The excerpt begins after the start of the page's text, or ends before its end. */
  cutBefore: boolean;
  cutAfter: boolean;
  /** Every word of the query is in the page's title. */
  inTitle: boolean;
  /** The section (heading) of the page the excerpt's match is in, when it is in one. */
  section?: { anchor: string; title: string };
}

/** A word longer than this is indexed (and looked up) by its first `TERM_MAX` characters. */
const TERM_MAX = 40;
/** Postings a query visits at most (its words' matching terms, shortest first, until this many). */
export const POSTINGS_BUDGET = 200_000;
/** Terms a query word may expand to as a prefix. */
const PREFIX_TERMS = 256;
export const MAX_RESULTS = 50;
const MAX_CONDITIONAL_CHECKS = 20;
/** Excerpts are looked for in this many characters of a page's text first (then further, within DEEP_BUDGET). */
const EXCERPT_WINDOW = 64 * 1024;
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** Yields to the event loop once `sliceMs` have run since the last time. */
class Slicer {
  private since = performance.now();
  constructor(private readonly sliceMs: number) {}
  async tick(): Promise<void> {
    if (performance.now() - this.since < this.sliceMs) return;
    await setImmediate();
    this.since = performance.now();
  }
}

/** The words of a text, lower case (each at most TERM_MAX characters). */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(WORD)) out.push(m[0].length > TERM_MAX ? m[0].slice(0, TERM_MAX) : m[0]);
  return out;
}

const hasConditions = (markdown: string) => markdown.includes('{%') && /\{%-?\s*if\s/.test(markdown);

/** What the index keeps of a page's content (by content hash: the same hash is always the same text). */
export interface PageText {
  text: string;
  /** Its headings' sections (sectionedText). */
  sections: Section[];
  /** Its distinct words (title excluded). */
  words: string[];
  conditional: boolean;
}

/** Where page texts already made are kept (a revision after an edit reuses those of every unchanged page). */
export interface PageTextCache {
  get(contentHash: string): PageText | undefined;
  set(contentHash: string, text: PageText): void;
}

// Control characters (one byte: a two-byte mark would make every page's text a two-byte string, which halved the
// speed of splitting it into words), removed from the content first.
const MARK_OPEN = '\u0001';
const MARK_CLOSE = '\u0002';
/** GitBook's explicit anchor in a heading (`<a href="#id" id="id"></a>`) and an icon (`<i class="fa-x">:x:</i>`). */
const EMPTY_A = /<a\s[^<>]{0,400}>\s{0,10}<\/a\s*>/gi;
const ICON = /<i\s+class="fa-[^"<>]{0,200}"\s*>[^<]{0,200}<\/i\s*>/gi;
const HASH = 35;
const LT = 60;
const BACKTICK = 96;
const TILDE = 126;
const isBlank = (c: number) => c === 32 || c === 9;
/** White space as `\s` and `trim` take it. */
const isSpace = (c: number) => (c >= 9 && c <= 13) || c === 32 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;

/** Whether the line `src[from, end)` holds an HTML heading's opening tag (`<h1`…`<h6`, then `>`, `/` or white space). */
function hasHtmlHeading(src: string, from: number, end: number): boolean {
  for (let lt = src.indexOf('<', from); lt >= 0 && lt < end; lt = src.indexOf('<', lt + 1)) {
    const d = src.charCodeAt(lt + 2);
    const after = src.charCodeAt(lt + 3);
    if ((src.charCodeAt(lt + 1) | 32) === 104 && d >= 49 && d <= 54 && (after === 62 || after === 47 || isSpace(after))) return true;
  }
  return false;
}

/** Where the next `<pre` or `</pre` (any case, then white space or `>`) is in `src` at or after `at`, else Infinity. */
function preTagAt(src: string, at: number): number {
  for (let lt = src.indexOf('<', at); lt >= 0; lt = src.indexOf('<', lt + 1)) {
    const p = src.charCodeAt(lt + 1) === 47 ? lt + 2 : lt + 1;
    // `| 32` lower-cases an ASCII letter (and no other character becomes p, r or e).
    if ((src.charCodeAt(p) | 32) === 112 && (src.charCodeAt(p + 1) | 32) === 114 && (src.charCodeAt(p + 2) | 32) === 101) {
      const c = src.charCodeAt(p + 3);
      if (c === 62 || isSpace(c)) return lt;
    }
  }
  return Infinity;
}

/**
 * A heading's text as markdownText gives it, without its passes when it is plain (ASCII letters, digits, spaces and
 * `.,:;?'()/-`: most headings); code spans' backticks dropped.
 */
function headingTitle(body: string): string {
  let plain = true;
  let collapse = body.length > 0 && (isBlank(body.charCodeAt(0)) || isBlank(body.charCodeAt(body.length - 1)));
  for (let i = 0; i < body.length && plain; i++) {
    const c = body.charCodeAt(i);
    if (c >= 0x80) {
      // Other letters and digits: the whole text is looked at once.
      plain = !/[^\p{L}\p{N} \t.,:;?'()/-]/u.test(body);
      collapse = true;
      break;
    } else if (c === 9 || (c === 32 && body.charCodeAt(i + 1) === 32)) collapse = true;
    // a-z A-Z 0-9, space and ' ( ) , - . / : ; ?
    else plain = (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x3b) || c === 32 || c === 0x3f || (c >= 0x27 && c <= 0x29) || (c >= 0x2c && c <= 0x2f);
  }
  if (!plain) return markdownText(`# ${body.replace(ICON, ' ')}`).replace(/`/g, '');
  return collapse ? body.replace(/[ \t]+/g, ' ').trim() : body;
}

/**
 * Whether GitBook's id of a heading (render.ts gitbookAnchor) may differ from its slug: only with dots, dashes
 * (kept at its ends), other characters than ASCII, or a digit as its first letter or digit (`id-` before it).
 */
function gitbookMayDiffer(title: string): boolean {
  let first = true;
  for (let i = 0; i < title.length; i++) {
    const c = title.charCodeAt(i);
    if (c >= 0x80 || c === 0x2e || c === 0x2d) return true;
    if (first && ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f)) first = false;
    else if (first && c >= 0x30 && c <= 0x39) return true;
  }
  return false;
}

/**
 * `markdown` with a mark (`\u0001<n>\u0002` on a line of its own, which no pattern of plain.ts touches) before each
 * ATX heading line outside fenced code (and GitBook's `<pre>` code), and each heading's anchor as the renderer gives it (render.ts: GitBook's
 * explicit anchor, else the slug made unique in the page — `setup`, `setup-1` —, GitBook's own form reserved too).
 * One scan of the lines, reading the first characters of each (`<pre`/`</pre` found by one scan of the text, fences
 * read in place); only headings and the lines holding `<pre` are cut out (`pause` every 1,024 lines); a heading line
 * longer than 2,000 characters is taken as text.
 */
async function markHeadings(markdown: string, pause: () => Promise<void>): Promise<{ marked: string; headings: { anchor: string; title: string }[] }> {
  const src = markdown.includes(MARK_OPEN) || markdown.includes(MARK_CLOSE) ? markdown.replace(/[\u0001\u0002]/g, '') : markdown;
  const headings: { anchor: string; title: string }[] = [];
  const used = new Map<string, number>();
  const pieces: string[] = [];
  // The open fence's character (0: none) and length.
  let fence = 0;
  let fenceLength = 0;
  let inPre = false;
  let last = 0;
  let nextPre = preTagAt(src, 0);
  let end = 0;
  for (let from = 0, n = 0; from < src.length; from = end + 1) {
    if ((++n & 1023) === 0) await pause();
    end = src.indexOf('\n', from);
    if (end < 0) end = src.length;
    const pre = nextPre < end;
    if (pre) nextPre = preTagAt(src, end);
    // The line's first character after at most 3 blanks: `#` (1–6, then a blank), or 3 backticks or tildes.
    let i = from;
    while (i < from + 3 && isBlank(src.charCodeAt(i))) i++;
    const c = src.charCodeAt(i);
    let k = i;
    while (k < end && src.charCodeAt(k) === c) k++;
    const hashes = c === HASH && k - i <= 6 && isBlank(src.charCodeAt(k));
    const fenceLike = (c === BACKTICK || c === TILDE) && k - i >= 3;
    // A line of HTML holding a heading's opening tag (`<h2>`, `<div><h3 id="x">`): render.ts gives it an id.
    const html = c === LT && !src.startsWith('<!--', i) && hasHtmlHeading(src, i, end);
    if (!pre && !hashes && !fenceLike && !html) continue;
    const long = end - from > 2000;
    // GitBook's HTML code (`<pre …><code>…</code></pre>`, its titled code with marks): its lines are code, not headings.
    if (inPre) {
      const line = src.slice(from, end);
      if (line.includes('</pre') || line.includes('</PRE')) inPre = false;
      continue;
    }
    if (fence === 0 && pre) {
      const line = src.slice(from, end);
      if (/<pre[\s>]/i.test(line) && !/<\/pre/i.test(line.slice(line.search(/<pre[\s>]/i)))) {
        inPre = true;
        continue;
      }
    }
    const f = fenceLike && !long;
    if (fence !== 0) {
      // Closed by a run of its character at least as long, nothing but white space after it.
      if (f && c === fence && k - i >= fenceLength) {
        let j = k;
        while (j < end && isSpace(src.charCodeAt(j))) j++;
        if (j === end) fence = 0;
      }
      continue;
    }
    if (f) {
      fence = c;
      fenceLength = k - i;
      continue;
    }
    if (html) {
      // Its headings (their text read up to their closing tags, on this line or the next ones), each a section.
      const found = htmlHeadings(src, i, end);
      if (!found.length) continue;
      pieces.push(src.slice(last, from));
      last = from;
      for (const h of found) {
        let anchor = h.id;
        if (anchor) {
          if (!used.has(anchor)) used.set(anchor, 1);
        } else {
          const base = slugify(h.text) || 'section';
          const count = used.get(base) ?? 0;
          used.set(base, count + 1);
          anchor = count === 0 ? base : `${base}-${count}`;
        }
        pieces.push(`\n${MARK_OPEN}${headings.length}${MARK_CLOSE}\n`);
        headings.push({ anchor, title: h.text });
      }
      continue;
    }
    if (!hashes || long) continue;
    // The heading's text: after the blanks that follow its `#`s, to the line's end (none of `.`'s line ends in it).
    while (k < end && isBlank(src.charCodeAt(k))) k++;
    let body = src.slice(k, end);
    if (body.includes('\r') || body.includes('\u2028') || body.includes('\u2029')) continue;
    // Without a closing sequence of `#` (`## Title ##`).
    body = body.trimEnd();
    let e = body.length;
    while (e > 0 && body.charCodeAt(e - 1) === HASH) e--;
    if (e < body.length && (e === 0 || isBlank(body.charCodeAt(e - 1)))) body = body.slice(0, e).trimEnd();
    let explicit: string | undefined;
    if (body.includes('<')) {
      body = body.replace(EMPTY_A, (a) => {
        explicit ??= anchorId(a.slice(0, a.indexOf('>') + 1));
        return ' ';
      });
    }
    // As a heading line: a leading `1.` is the heading's text, not a list's marker.
    const title = headingTitle(body);
    let anchor: string;
    if (explicit && !used.has(explicit)) {
      used.set(explicit, 1);
      anchor = explicit;
    } else {
      const base = slugify(title) || 'section';
      const count = used.get(base) ?? 0;
      used.set(base, count + 1);
      anchor = count === 0 ? base : `${base}-${count}`;
    }
    const gitbook = explicit || !gitbookMayDiffer(title) ? undefined : gitbookAnchor(title);
    if (gitbook && gitbook !== anchor && !used.has(gitbook)) used.set(gitbook, 1);
    pieces.push(src.slice(last, from), `\n${MARK_OPEN}${headings.length}${MARK_CLOSE}\n`);
    last = from;
    headings.push({ anchor, title });
  }
  if (!headings.length) return { marked: src, headings };
  pieces.push(src.slice(last));
  return { marked: pieces.join(''), headings };
}

/** `text` without the marks of markHeadings, and where each heading's section starts in what is left. */
function sectionsOf(text: string, headings: readonly { anchor: string; title: string }[]): { text: string; sections: Section[] } {
  if (!headings.length) return { text, sections: [] };
  const sections: Section[] = [];
  // Pieces joined once (reading the end of a growing string would flatten it each time: quadratic).
  const pieces: string[] = [];
  let length = 0;
  let endsWithSpace = false;
  let last = 0;
  for (let open = text.indexOf(MARK_OPEN); open >= 0; open = text.indexOf(MARK_OPEN, open + 1)) {
    // A whole mark only: its number (1–7 digits), then its close.
    let close = open + 1;
    let n = 0;
    for (let c = text.charCodeAt(close); close - open <= 7 && c >= 48 && c <= 57; c = text.charCodeAt(++close)) n = n * 10 + c - 48;
    if (close === open + 1 || text.charCodeAt(close) !== 2) continue;
    // The mark, and a space on either side of it.
    const start = open > last && text.charCodeAt(open - 1) === 32 ? open - 1 : open;
    if (start > last) {
      pieces.push(text.slice(last, start));
      length += start - last;
      endsWithSpace = text.charCodeAt(start - 1) === 32;
    }
    if (length && !endsWithSpace) {
      pieces.push(' ');
      length++;
      endsWithSpace = true;
    }
    const h = headings[n];
    if (h) sections.push({ at: length, anchor: h.anchor, title: h.title });
    last = text.charCodeAt(close + 1) === 32 ? close + 2 : close + 1;
  }
  pieces.push(text.slice(last));
  const joined = pieces.join('');
  // A mark cut by the markup around it (a heading inside a tag's attributes) leaves nothing behind.
  const out = (joined.includes(MARK_OPEN) || joined.includes(MARK_CLOSE) ? joined.replace(/[\u0001\u0002]/g, '') : joined).trimEnd();
  for (let s = sections.length - 1; s >= 0 && sections[s]!.at > out.length; s--) sections[s] = { ...sections[s]!, at: out.length };
  return { text: out, sections };
}

/**
 * What a reader sees of a page's markdown (plain.ts), a part at a time (`pause` between parts), and where the
 * section of each of its headings starts in it. Linear in the markdown.
 */
export async function sectionedText(markdown: string, pause: () => Promise<void>): Promise<{ text: string; sections: Section[] }> {
  const { marked, headings } = await markHeadings(markdown, pause);
  return sectionsOf(await markdownTextInSlices(marked, pause), headings);
}

/** The text and distinct words of a page's markdown, a part at a time. */
async function pageText(raw: string, slicer: Slicer): Promise<PageText> {
  const { text, sections } = await sectionedText(raw, () => slicer.tick());
  const seen = new Set<string>();
  // A window at a time, cut at a space (so no word is cut).
  for (let i = 0; i < text.length;) {
    let end = Math.min(text.length, i + 16 * 1024);
    if (end < text.length) {
      const space = text.indexOf(' ', end);
      end = space < 0 ? text.length : space;
    }
    for (const w of words(text.slice(i, end))) seen.add(w);
    i = end;
    await slicer.tick();
  }
  return { text, sections, words: [...seen], conditional: hasConditions(raw) };
}

/**
 * Builds the index of `pages` (in their order), reading their markdown through `load` a batch at a time and giving
 * the event loop a turn every `sliceMs`; the text of a page whose content hash `texts` holds is taken from there.
 */
export async function buildSearchIndex(pages: readonly SearchablePage[], load: (hashes: string[]) => Promise<Map<string, string>>, sliceMs = 8, texts?: PageTextCache): Promise<SearchIndex> {
  const slicer = new Slicer(sliceMs);
  const indexed: IndexedPage[] = [];
  const postings = new Map<string, number[]>();
  let bytes = 0;
  const BATCH = 64;
  for (let from = 0; from < pages.length; from += BATCH) {
    const batch = pages.slice(from, from + BATCH);
    const known = batch.map((p) => texts?.get(p.contentHash));
    const missing = batch.filter((_p, k) => !known[k]).map((p) => p.contentHash);
    const markdown = missing.length ? await load(missing) : new Map<string, string>();
    for (const [k, p] of batch.entries()) {
      let t = known[k];
      if (!t) {
        t = await pageText(markdown.get(p.contentHash) ?? '', slicer);
        texts?.set(p.contentHash, t);
      }
      const at = indexed.length;
      const titleWords = words(p.title);
      indexed.push({ ...p, text: t.text, sections: t.sections, conditional: t.conditional, titleWords });
      bytes += (t.text.length + p.title.length + p.rel.length) * 2 + 200 + t.sections.reduce((n, x) => n + (x.anchor.length + x.title.length) * 2 + 64, 0);
      const all = [...titleWords, ...t.words];
      for (let n = 0; n < all.length; n++) {
        const w = all[n]!;
        if ((n & 4095) === 4095) await slicer.tick();
        let list = postings.get(w);
        if (!list) {
          postings.set(w, (list = []));
          bytes += w.length * 2 + 80;
        }
        if (list[list.length - 1] !== at) {
          list.push(at);
          bytes += 8;
        }
      }
      await slicer.tick();
    }
    await slicer.tick();
  }
  const terms = await sortInSlices([...postings.keys()], slicer);
  return { pages: indexed, terms, postings, bytes };
}

/** `items` sorted (code unit order): a bottom-up merge sort that gives the event loop a turn between slices. */
async function sortInSlices(items: string[], slicer: Slicer): Promise<string[]> {
  const RUN = 1024;
  let a = items;
  for (let i = 0; i < a.length; i += RUN) {
    const run = a.slice(i, i + RUN).sort();
    for (let k = 0; k < run.length; k++) a[i + k] = run[k]!;
    await slicer.tick();
  }
  let b = new Array<string>(a.length);
  for (let width = RUN; width < a.length; width *= 2) {
    for (let lo = 0; lo < a.length; lo += 2 * width) {
      const mid = Math.min(lo + width, a.length);
      const hi = Math.min(lo + 2 * width, a.length);
      let i = lo;
      let j = mid;
      let k = lo;
      while (k < hi) {
        b[k++] = j >= hi || (i < mid && a[i]! <= a[j]!) ? a[i++]! : a[j++]!;
        if ((k & 4095) === 0) await slicer.tick();
      }
    }
    [a, b] = [b, a];
  }
  return a;
}

/** The first index of `terms` whose term is not below `word` (binary search). */
function lowerBound(terms: readonly string[], word: string): number {
  let lo = 0;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (terms[mid]! < word) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The pages holding a word of the index that starts with `word` (the word itself first, then at most PREFIX_TERMS
 * longer ones, in order), visiting at most `budget.left` postings.
 */
function pagesWith(index: SearchIndex, word: string, budget: { left: number }): Set<number> {
  const out = new Set<number>();
  let at = lowerBound(index.terms, word);
  for (let n = 0; n <= PREFIX_TERMS && at < index.terms.length && index.terms[at]!.startsWith(word) && budget.left > 0; n++, at++) {
    const list = index.postings.get(index.terms[at]!)!;
    const take = Math.min(list.length, budget.left);
    for (let k = 0; k < take; k++) out.add(list[k]!);
    budget.left -= take;
  }
  return out;
}

/**
 * An excerpt as HTML (`escape`d), each of its words that a word of the query starts (as they match: `instal` marks
 * `installation`) in `<mark>`; `…` where it is cut from the page's text. Linear in the excerpt (≤ 8 query words).
 */
export function markedExcerpt(excerpt: string, queryWords: readonly string[], escape: (s: string) => string, cutBefore: boolean, cutAfter: boolean): string {
  const unique = [...new Set(queryWords)].slice(0, 8);
  let out = cutBefore ? '…' : '';
  let last = 0;
  for (const m of excerpt.matchAll(WORD)) {
    const w = m[0].toLowerCase();
    if (!unique.some((q) => w.startsWith(q))) continue;
    out += `${escape(excerpt.slice(last, m.index))}<mark>${escape(m[0])}</mark>`;
    last = m.index + m[0].length;
  }
  return `${out}${escape(excerpt.slice(last))}${cutAfter ? '…' : ''}`;
}

const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;

/** Characters of pages' text a query reads past their first EXCERPT_WINDOW to find where its word is (all hits). */
const DEEP_BUDGET = 4 * 1024 * 1024;

/**
 * Where `word` first starts a word in `text` (lower case), else where it first is inside one, else -1: the first
 * EXCERPT_WINDOW characters, then further windows while `budget.left` (characters, shared by a query's hits) lasts —
 * a word deep in a page of megabytes is found (and its section), and a query's cost stays bounded. Linear.
 */
function wordAt(text: string, word: string, budget: { left: number }): number {
  let first = -1;
  for (let from = 0; from < text.length;) {
    const size = from === 0 ? EXCERPT_WINDOW : Math.min(EXCERPT_WINDOW, budget.left);
    if (size <= 0) break;
    if (from > 0) budget.left -= size;
    // Overlapping the next window by the word's length, so a word across the boundary is found.
    const window = text.slice(from, from + size + word.length).toLowerCase();
    for (let at = window.indexOf(word); at >= 0 && at < size; at = window.indexOf(word, at + 1)) {
      if (first < 0) first = from + at;
      const before = at > 0 ? window[at - 1]! : from > 0 ? text[from - 1]! : '';
      if (!before || !WORD_CHAR.test(before)) return from + at;
    }
    from += size;
  }
  return first;
}

/**
 * The excerpt of a hit: from shortly before the first of the query's words (starting a word, else anywhere) in the
 * page (wordAt); `match` is where that word is (-1: not found).
 */
function excerptOf(text: string, first: string, budget: { left: number }): { excerpt: string; cutBefore: boolean; cutAfter: boolean; match: number } {
  const match = wordAt(text, first, budget);
  let at = Math.max(0, match - 60);
  // From the start of a word (within 20 characters), not in the middle of one.
  if (at > 0) {
    const space = text.slice(at, at + 20).search(/\s/);
    if (space >= 0) at += space + 1;
  }
  const end = at + 180;
  return { excerpt: text.slice(at, end), cutBefore: at > 0, cutAfter: end < text.length, match };
}

/** The last of `sections` (by `at`, ascending) starting at or before `at` (binary search). */
function sectionAt(sections: readonly Section[], at: number): Section | undefined {
  let lo = 0;
  let hi = sections.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sections[mid]!.at <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? sections[lo - 1] : undefined;
}

/**
 * The pages of the index holding every word of the query (`queryWords`, from `words`), in page order, at most
 * `limit`. `visitorText` gives what the visitor sees of a page with conditions (it is then matched against that);
 * `shown`, when given, says whether the visitor may see a page at all (pages with a false page condition may not).
 */
export async function querySearchIndex(index: SearchIndex, queryWords: readonly string[], limit: number, visitorText: (page: SearchablePage) => Promise<{ text: string; sections: Section[] }>, shown?: (page: SearchablePage) => boolean): Promise<SearchHit[]> {
  const unique = [...new Set(queryWords)].slice(0, 8);
  if (!unique.length || limit <= 0) return [];
  const budget = { left: POSTINGS_BUDGET };
  // The longest words first: their sets are usually the smallest, and the budget is spent on them.
  const sets = unique.slice().sort((x, y) => y.length - x.length).map((w) => pagesWith(index, w, budget));
  sets.sort((x, y) => x.size - y.size);
  const [smallest, ...rest] = sets;
  const candidates = [...smallest!].filter((p) => rest.every((s) => s.has(p))).sort((x, y) => x - y);
  // Pages whose title holds every word first (each group in page order).
  const inTitle = (at: number) => unique.every((w) => index.pages[at]!.titleWords.some((t) => t.startsWith(w)));
  const titled = new Set(candidates.filter(inTitle));
  const ordered = [...titled, ...candidates.filter((at) => !titled.has(at))];
  const hits: SearchHit[] = [];
  const deep = { left: DEEP_BUDGET };
  let checks = 0;
  for (const at of ordered) {
    if (hits.length >= limit) break;
    const page = index.pages[at]!;
    if (shown && !shown(page)) continue;
    let text = page.text;
    let sections = page.sections;
    if (page.conditional) {
      if (++checks > MAX_CONDITIONAL_CHECKS) continue;
      ({ text, sections } = await visitorText(page));
      const seen = new Set(words(`${page.title} ${text}`));
      const has = (w: string) => {
        if (seen.has(w)) return true;
        for (const s of seen) if (s.startsWith(w)) return true;
        return false;
      };
      if (!unique.every(has)) continue;
    }
    const { match, ...excerpt } = excerptOf(`${page.title} ${text}`, unique[0]!, deep);
    // An excerpt from the page's start begins with its text, not its title again (the result shows the title above
    // it; session 20: "Welcome Acme Relay moves…" under "Welcome"). The window covers what it covered and more.
    if (!excerpt.cutBefore && text.length) {
      excerpt.excerpt = text.slice(0, 180);
      excerpt.cutAfter = text.length > 180;
    }
    // A match past the title is in the section of the heading before it (the text follows the title and a space).
    const section = match > page.title.length ? sectionAt(sections, match - page.title.length - 1) : undefined;
    hits.push({ page, ...excerpt, inTitle: titled.has(at), ...(section ? { section: { anchor: section.anchor, title: section.title } } : {}) });
  }
  return hits;
}
