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
import { markdownTextInSlices } from './plain.js';

export interface SearchablePage {
  id: string;
  title: string;
  /** The page's URL below its site space's root (`/` for the first page, `/a/b` for others). */
  rel: string;
  contentHash: string;
}

interface IndexedPage extends SearchablePage {
  /** What a reader sees of it (all branches of its `{% if %}` blocks, when `conditional`). */
  text: string;
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
}

/** A word longer than this is indexed (and looked up) by its first `TERM_MAX` characters. */
const TERM_MAX = 40;
/** Postings a query visits at most (its words' matching terms, shortest first, until this many). */
export const POSTINGS_BUDGET = 200_000;
/** Terms a query word may expand to as a prefix. */
const PREFIX_TERMS = 256;
export const MAX_RESULTS = 50;
const MAX_CONDITIONAL_CHECKS = 20;
/** Excerpts are looked for in this many characters of a page's text (its start otherwise). */
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
  /** Its distinct words (title excluded). */
  words: string[];
  conditional: boolean;
}

/** Where page texts already made are kept (a revision after an edit reuses those of every unchanged page). */
export interface PageTextCache {
  get(contentHash: string): PageText | undefined;
  set(contentHash: string, text: PageText): void;
}

/** The text and distinct words of a page's markdown, a part at a time. */
async function pageText(raw: string, slicer: Slicer): Promise<PageText> {
  const text = await markdownTextInSlices(raw, () => slicer.tick());
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
  return { text, words: [...seen], conditional: hasConditions(raw) };
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
      indexed.push({ ...p, text: t.text, conditional: t.conditional, titleWords });
      bytes += (t.text.length + p.title.length + p.rel.length) * 2 + 200;
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

/** Where the excerpt of a hit starts: shortly before the first of the query's words in the page's first EXCERPT_WINDOW characters. */
function excerptOf(text: string, first: string): { excerpt: string; cutBefore: boolean; cutAfter: boolean } {
  let at = Math.max(0, text.slice(0, EXCERPT_WINDOW).toLowerCase().indexOf(first) - 60);
  // From the start of a word (within 20 characters), not in the middle of one.
  if (at > 0) {
    const space = text.slice(at, at + 20).search(/\s/);
    if (space >= 0) at += space + 1;
  }
  const end = at + 180;
  return { excerpt: text.slice(at, end), cutBefore: at > 0, cutAfter: end < text.length };
}

/**
 * The pages of the index holding every word of the query (`queryWords`, from `words`), in page order, at most
 * `limit`. `visitorText` gives what the visitor sees of a page with conditions (it is then matched against that);
 * `shown`, when given, says whether the visitor may see a page at all (pages with a false page condition may not).
 */
export async function querySearchIndex(index: SearchIndex, queryWords: readonly string[], limit: number, visitorText: (page: SearchablePage) => Promise<string>, shown?: (page: SearchablePage) => boolean): Promise<SearchHit[]> {
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
  let checks = 0;
  for (const at of ordered) {
    if (hits.length >= limit) break;
    const page = index.pages[at]!;
    if (shown && !shown(page)) continue;
    let text = page.text;
    if (page.conditional) {
      if (++checks > MAX_CONDITIONAL_CHECKS) continue;
      text = await visitorText(page);
      const seen = new Set(words(`${page.title} ${text}`));
      const has = (w: string) => {
        if (seen.has(w)) return true;
        for (const s of seen) if (s.startsWith(w)) return true;
        return false;
      };
      if (!unique.every(has)) continue;
    }
    hits.push({ page, ...excerptOf(`${page.title} ${text}`, unique[0]!), inTitle: titled.has(at) });
  }
  return hits;
}
