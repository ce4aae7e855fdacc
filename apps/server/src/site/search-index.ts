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
import { anchorId } from './html.js';
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
const HEADING_LINE = /^[ \t]{0,3}(#{1,6})[ \t]+(.*)$/;
const FENCE_LINE = /^[ \t]{0,3}(`{3,}|~{3,})/;
/** Where a line may open or close code or be a heading (markHeadings looks at those lines only). */
const CANDIDATE = /^[ \t]{0,3}(?:#{1,6}[ \t]|`{3,}|~{3,})|<\/?pre[\s>]/gim;
/** GitBook's explicit anchor in a heading (`<a href="#id" id="id"></a>`) and an icon (`<i class="fa-x">:x:</i>`). */
const EMPTY_A = /<a\s[^<>]{0,400}>\s{0,10}<\/a\s*>/gi;
const ICON = /<i\s+class="fa-[^"<>]{0,200}"\s*>[^<]{0,200}<\/i\s*>/gi;

/**
 * `markdown` with a mark (`\u0001<n>\u0002` on a line of its own, which no pattern of plain.ts touches) before each
 * ATX heading line outside fenced code (and GitBook's `<pre>` code), and each heading's anchor as the renderer gives it (render.ts: GitBook's
 * explicit anchor, else the slug made unique in the page — `setup`, `setup-1` —, GitBook's own form reserved too).
 * One scan of the text for the lines that may matter (`pause` every 512 of them); a heading line longer than 2,000
 * characters is taken as text.
 */
async function markHeadings(markdown: string, pause: () => Promise<void>): Promise<{ marked: string; headings: { anchor: string; title: string }[] }> {
  const src = markdown.includes(MARK_OPEN) || markdown.includes(MARK_CLOSE) ? markdown.replace(/[\u0001\u0002]/g, '') : markdown;
  const headings: { anchor: string; title: string }[] = [];
  const used = new Map<string, number>();
  let out = '';
  let fence: string | undefined;
  let inPre = false;
  let last = 0;
  let lineEnd = -1;
  let seen = 0;
  // Only the lines that may matter (a heading, a fence, `<pre` or `</pre`), found by one scan of the text.
  for (const c of src.matchAll(CANDIDATE)) {
    if (c.index < lineEnd) continue; // a line already looked at
    if ((++seen & 511) === 0) await pause();
    const from = src.lastIndexOf('\n', c.index) + 1;
    let end = src.indexOf('\n', c.index);
    if (end < 0) end = src.length;
    lineEnd = end;
    const line = src.slice(from, end);
    const f = line.length <= 2000 ? FENCE_LINE.exec(line) : null;
    // GitBook's HTML code (`<pre …><code>…</code></pre>`, its titled code with marks): its lines are code, not headings.
    if (inPre) {
      if (line.includes('</pre') || line.includes('</PRE')) inPre = false;
    } else if (fence === undefined && /<pre[\s>]/i.test(line) && !/<\/pre/i.test(line.slice(line.search(/<pre[\s>]/i)))) inPre = true;
    else if (fence !== undefined) {
      if (f && f[1]![0] === fence[0] && f[1]!.length >= fence.length && line.trim() === f[1]) fence = undefined;
    } else if (f) fence = f[1]!;
    else if (line.length <= 2000 && line.includes('#')) {
      const m = HEADING_LINE.exec(line);
      if (m) {
        // Without a closing sequence of `#` (`## Title ##`).
        let body = m[2]!.trimEnd();
        let k = body.length;
        while (k > 0 && body[k - 1] === '#') k--;
        if (k < body.length && (k === 0 || body[k - 1] === ' ' || body[k - 1] === '\t')) body = body.slice(0, k).trimEnd();
        let explicit: string | undefined;
        body = body.replace(EMPTY_A, (a) => {
          explicit ??= anchorId(a.slice(0, a.indexOf('>') + 1));
          return ' ';
        });
        // As a heading line: a leading `1.` is the heading's text, not a list's marker.
        // Most headings are plain words: their text as it is (what markdownText gives them, without its passes).
        const title = /[^\p{L}\p{N} \t.,:;?'()/-]/u.test(body) ? markdownText(`# ${body.replace(ICON, ' ')}`).replace(/`/g, '') : body.replace(/[ \t]+/g, ' ').trim();
        let anchor: string;
        if (explicit && !used.has(explicit)) {
          used.set(explicit, 1);
          anchor = explicit;
        } else {
          const base = slugify(title) || 'section';
          const n = used.get(base) ?? 0;
          used.set(base, n + 1);
          anchor = n === 0 ? base : `${base}-${n}`;
        }
        // GitBook's own id differs from the slug only with dots, a leading digit or other characters than ASCII words.
        const gitbook = explicit || !/[^A-Za-z0-9 ]|^\d/.test(title) ? undefined : gitbookAnchor(title);
        if (gitbook && gitbook !== anchor && !used.has(gitbook)) used.set(gitbook, 1);
        out += `${src.slice(last, from)}\n${MARK_OPEN}${headings.length}${MARK_CLOSE}\n`;
        last = from;
        headings.push({ anchor, title });
      }
    }
  }
  return { marked: headings.length ? out + src.slice(last) : src, headings };
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
    // A whole mark only (its number, then its close, within 8 characters).
    const near = text.slice(open + 1, open + 9);
    const close = open + 1 + near.indexOf(MARK_CLOSE);
    if (close <= open || !/^\d{1,7}$/.test(text.slice(open + 1, close))) continue;
    // The mark, and a space on either side of it.
    const start = open > last && text.charCodeAt(open - 1) === 32 ? open - 1 : open;
    const piece = text.slice(last, start);
    if (piece) {
      pieces.push(piece);
      length += piece.length;
      endsWithSpace = piece.endsWith(' ');
    }
    if (length && !endsWithSpace) {
      pieces.push(' ');
      length++;
      endsWithSpace = true;
    }
    const h = headings[Number(text.slice(open + 1, close))];
    if (h) sections.push({ at: length, ...h });
    last = text.charCodeAt(close + 1) === 32 ? close + 2 : close + 1;
  }
  pieces.push(text.slice(last));
  const joined = pieces.join('');
  // A mark cut by the markup around it (a heading inside a tag's attributes) leaves nothing behind.
  const out = (joined.includes(MARK_OPEN) || joined.includes(MARK_CLOSE) ? joined.replace(/[\u0001\u0002]/g, '') : joined).trimEnd();
  return { text: out, sections: sections.map((s) => (s.at > out.length ? { ...s, at: out.length } : s)) };
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
    // A match past the title is in the section of the heading before it (the text follows the title and a space).
    const section = match > page.title.length ? sectionAt(sections, match - page.title.length - 1) : undefined;
    hits.push({ page, ...excerpt, inTitle: titled.has(at), ...(section ? { section: { anchor: section.anchor, title: section.title } } : {}) });
  }
  return hits;
}
