/**
 * The markdown parser: markdown-it (CommonMark + GFM tables, strikethrough and
 * autolink literals) with Bindery's additions and guards.
 *
 * markdown-it was chosen by measurement (docs/content-pipeline.md): it parses
 * realistic documentation pages about ten times faster than micromark and
 * every adversarial input of the benchmark in linear time.
 *
 * Configuration:
 * - raw HTML is kept (`html_block` / `html_inline` tokens);
 * - link destinations are kept as written: no percent-encoding, no punycode,
 *   no `javascript:` filter (Bindery stores content; whatever renders it
 *   decides what is safe to show);
 * - autolink literals (`https://…`, `www.…`, e-mail addresses) become links,
 *   like GFM; bare domain names (`example.com`) stay text (see from-markdown.ts);
 * - GFM footnotes: `[^label]: …` definitions stay where they are written
 *   (`footnote_def_open/close` tokens), `[^label]` references to a defined
 *   label become `footnote_ref` tokens;
 * - task list items (`- [ ] a`) are recognised by the converter.
 *
 * Guards (LIMITS in limits.ts), checked while parsing so that nothing runs
 * long before it is refused:
 * - nesting: a block at a depth greater than `LIMITS.depth` throws (markdown-it
 *   itself would silently drop everything past its `maxNesting`);
 * - blocks and inline elements: counted as they are produced; past the limits
 *   the parse throws.
 */
import MarkdownIt, { type StateBlock, type StateCore, type StateInline, type Token } from 'markdown-it';
import { MAX_TAG_LINE, TAG_LIKE_LINE } from './gitbook-syntax.js';
import { LIMITS, limitError } from './limits.js';

/** Counters of one parse (markdown-it's `env`). */
interface ParseEnv {
  blocks: number;
  inlines: number;
  /** Defined footnote labels (normalised). */
  footnotes: Set<string>;
  /** Inline content is parsed on demand (tokenizeBlocks), not by the core chain. */
  lazy: boolean;
  /** Pipes inside `<code>` were hidden for the block parse (bindery_code_pipes). */
  codePipes?: boolean;
}

const md = new MarkdownIt('default', { html: true, linkify: true, typographer: false });
// Our guard throws first; this only keeps markdown-it from truncating silently.
(md.options as { maxNesting: number }).maxNesting = LIMITS.depth + 2;
md.linkify.set({ fuzzyIP: false, fuzzyEmail: true, fuzzyLink: true });
// GFM accepts any top-level domain (`team@bindery.dev`, `www.example.app`), not only linkify's default list.
md.linkify.tlds(['[a-z][a-z0-9-]{0,62}'], false);
// markdown-it's inline rule matches `scheme://…` on the source, escapes included: `https://a.dev/\<name>` would take
// the backslash into the URL and leave `<name>` to be read as HTML. In GFM an escape is no part of an autolink literal
// (real GitBook pages write `https://host/#/\<NAME>/settings`): the URL ends before the backslash.
// And a URL's domain starts with a letter, digit, `_`, `-` or a non-ASCII character, as GFM's: linkify-it takes a
// backtick for a letter, so `https://`{id}`.host.dev` was the link `https://`` and a broken code span (a GitBook page
// writes that form); GFM reads no link there, and the code span `{id}`. (The serialiser asks the same function.)
const matchAtStart = md.linkify.matchAtStart.bind(md.linkify);
const SCHEME_SLASHES = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
const isDomainStart = (c: number) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x2d || c >= 0x80;
md.linkify.matchAtStart = (text: string) => {
  const scheme = SCHEME_SLASHES.exec(text);
  if (scheme !== null && !isDomainStart(text.charCodeAt(scheme[0].length))) return null;
  const escape = text.indexOf('\\');
  return matchAtStart(escape < 0 ? text : text.slice(0, escape));
};
md.normalizeLink = (url) => url;
md.normalizeLinkText = (text) => text;
md.validateLink = () => true;

export const { isWhiteSpace, isPunctChar, isMdAsciiPunct, unescapeAll } = md.utils;

// Emphasis next to Chinese, Japanese and Korean text (the CommonMark CJK-friendly amendments, as GitLab and others
// read it): GitBook writes bold as its editor made it, `**理念：**面向…`, `**「重要」**です`, `…")**들이` — a closer after
// punctuation right before a letter, which CommonMark's flanking rules read as literal asterisks (and a page rewritten
// after an edit came back `\*\*理念：\*\*`). For flanking, a CJK punctuation character counts as a letter, and a
// delimiter run after non-CJK punctuation (or before it) still flanks when a CJK character is on its other side. Other
// text reads as CommonMark reads it. (`isCjk`: East Asian Width W, F or H, and Hangul; variation selectors aside.)
const CJK = /[\u1100-\u11ff\u2e80-\u2fdf\u2ff0-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\ua4cf\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\ufe10-\ufe19\ufe30-\ufe6f\uff01-\uff60\uffe0-\uffe6\uff61-\uffdc]|[\u{20000}-\u{3fffd}]/u;
export const isCjk = (code: number): boolean => code >= 0x1100 && CJK.test(String.fromCodePoint(code));
const isPunctCode = (code: number): boolean => isMdAsciiPunct(code) || isPunctChar(String.fromCodePoint(code));
type ScanDelims = (this: StateInline, start: number, canSplitWord: boolean) => { can_open: boolean; can_close: boolean; length: number };
const InlineState = (md.inline as unknown as { State: { prototype: { scanDelims: ScanDelims } } & (new (...args: never[]) => StateInline) }).State;
class CjkFriendlyState extends (InlineState as unknown as new (...args: never[]) => StateInline) {}
const commonScanDelims = InlineState.prototype.scanDelims;
(CjkFriendlyState.prototype as unknown as { scanDelims: ScanDelims }).scanDelims = function scanDelims(this: StateInline, start: number, canSplitWord: boolean) {
  const common = commonScanDelims.call(this, start, canSplitWord);
  const before = start > 0 ? this.src.codePointAt(start - 1 - (start > 1 && (this.src.charCodeAt(start - 1) & 0xfc00) === 0xdc00 ? 1 : 0)) as number : 0x20;
  const end = start + common.length;
  const after = end < this.posMax ? this.src.codePointAt(end) as number : 0x20;
  // Only where a CJK character is on either side does the reading differ.
  if (!isCjk(before) && !isCjk(after)) return common;
  const lastSpace = isWhiteSpace(before);
  const nextSpace = isWhiteSpace(after);
  const lastPunct = isPunctCode(before);
  const nextPunct = isPunctCode(after);
  const lastOther = lastPunct && !isCjk(before);
  const nextOther = nextPunct && !isCjk(after);
  const left = !nextSpace && (!nextOther || lastSpace || lastOther || isCjk(before));
  const right = !lastSpace && (!lastOther || nextSpace || nextOther || isCjk(after));
  return {
    can_open: left && (canSplitWord || !right || lastPunct),
    can_close: right && (canSplitWord || !left || nextPunct),
    length: common.length,
  };
};
(md.inline as unknown as { State: unknown }).State = CjkFriendlyState;

// ---------------------------------------------------------------------------
// Guards

md.block.ruler.before('table', 'bindery_guard', (state: StateBlock) => {
  const env = state.env as unknown as ParseEnv;
  if (state.level >= LIMITS.depth) throw limitError('depth', `the markdown nests blocks more than ${LIMITS.depth} levels deep`);
  if (++env.blocks > LIMITS.blocks) throw limitError('blocks', 'the markdown has too many blocks');
  return false;
});

md.inline.ruler.after('text', 'bindery_guard', (state: StateInline) => {
  const env = state.env as unknown as ParseEnv;
  if (env.inlines + state.tokens.length > LIMITS.inlines) throw limitError('inlines', 'the markdown has too many inline elements');
  return false;
});

// A `|` between an HTML `<code>` and its `</code>` on the same line does not end a table cell: GitBook writes such
// cells unescaped (`| <code>a||b</code> | … |`, its own reader keeps them whole), where GFM would split the cell and
// drop the row's cells past the header's. Before the block parse those pipes become CODE_PIPE (same length, so every
// offset and line map holds); right after it they are `|` again in every token (the inline parse sees `|`). A source
// that already holds CODE_PIPE is read as GFM reads it.
const CODE_PIPE = '\uE000';
function hideCodePipes(src: string): string {
  if (!src.includes('|') || !src.includes('<code') || src.includes(CODE_PIPE)) return src;
  const parts: string[] = [];
  let copied = 0;
  let pos = 0;
  for (;;) {
    const open = src.indexOf('<code', pos);
    if (open < 0) break;
    const after = src.charCodeAt(open + 5);
    // `<code>` or `<code attributes…>` (not `<codex>`).
    if (after !== 0x3e && after !== 0x20 && after !== 0x09) { pos = open + 5; continue; }
    let lineEnd = src.indexOf('\n', open);
    if (lineEnd < 0) lineEnd = src.length;
    const tagEnd = src.indexOf('>', open + 5);
    const close = tagEnd < 0 || tagEnd > lineEnd ? -1 : src.indexOf('</code>', tagEnd);
    if (close < 0 || close > lineEnd) {
      // No `</code>` closes it on this line, so none closes a later `<code>` of the line either.
      pos = lineEnd + 1;
      continue;
    }
    const inner = src.slice(tagEnd + 1, close);
    if (inner.includes('|')) {
      parts.push(src.slice(copied, tagEnd + 1), inner.replace(/\|/g, CODE_PIPE));
      copied = close;
    }
    pos = close + 7;
  }
  if (copied === 0) return src;
  parts.push(src.slice(copied));
  return parts.join('');
}

/**
 * The inline `$$…$$` math spans of one line (no `\n` in it) as `math_inline` reads them: `[start, end)` pairs, `end`
 * past the closing `$$`. A `\`-escaped character opens none, nor does a `$$` inside a backtick code span (closed on the
 * line by a run of the same length: `` `$$` `` PID cells of shell tables), a link destination or an HTML tag. Linear: each `$$` looks for its closer once
 * and the scan goes on past it; a backtick run finds its closer through a pointer per run length that only moves on.
 */
export function mathSpans(line: string): number[] {
  const spans: number[] = [];
  if (!line.includes('$$')) return spans;
  // The backtick runs' starts of the line by run length, and per length the index of the next one to look at.
  let runs: Map<number, number[]> | undefined;
  const next = new Map<number, number>();
  // The next `)` and `>` found (-2: none left on the line).
  const closers = new Map<number, number>();
  const n = line.length;
  for (let i = 0; i < n; i++) {
    const c = line.charCodeAt(i);
    if (c === 0x5c /* \ */) { i++; continue; }
    if (c === 0x60 /* ` */) {
      let end = i + 1;
      while (end < n && line.charCodeAt(end) === 0x60) end++;
      const len = end - i;
      if (!runs) {
        runs = new Map();
        for (let j = 0; j < n; j++) {
          if (line.charCodeAt(j) !== 0x60) continue;
          let k = j + 1;
          while (k < n && line.charCodeAt(k) === 0x60) k++;
          const starts = runs.get(k - j);
          if (starts) starts.push(j);
          else runs.set(k - j, [j]);
          j = k - 1;
        }
      }
      const starts = runs.get(len) as number[];
      let r = next.get(len) ?? 0;
      while (r < starts.length && (starts[r] as number) < end) r++;
      if (r < starts.length) {
        next.set(len, r + 1);
        i = (starts[r] as number) + len - 1;
      } else {
        next.set(len, r);
        i = end - 1;
      }
      continue;
    }
    // A link's destination (`](x$$y)`) and an HTML tag or autolink (`<a title="$$">`) open no math either: a `$$`
    // there would pair with one of a later cell (the next `)` or `>` of the line, found once per character).
    if ((c === 0x28 /* ( */ && i > 0 && line.charCodeAt(i - 1) === 0x5d /* ] */) || (c === 0x3c /* < */ && /[A-Za-z/]/.test(line[i + 1] ?? ''))) {
      const close = c === 0x28 ? 0x29 : 0x3e;
      let at = closers.get(close) ?? -1;
      if (at !== -2 && at <= i) {
        at = line.indexOf(String.fromCharCode(close), i + 1);
        closers.set(close, at < 0 ? -2 : at);
      }
      if (at >= 0) i = at;
      continue;
    }
    // `$$$$` opens no math at its first `$` (the formula would start with `$$`, which no formula holds: the writer could
    // not write it back); it may at the next one (math_inline below does the same).
    if (c === 0x24 /* $ */ && line.charCodeAt(i + 1) === 0x24 && !(line.charCodeAt(i + 2) === 0x24 && line.charCodeAt(i + 3) === 0x24)) {
      const close = line.indexOf('$$', i + 3);
      if (close < 0) break;
      spans.push(i, close + 2);
      i = close + 1;
    }
  }
  return spans;
}

// A `|` inside GitBook's inline math (`| $$\|x\| = 1$$ | norm |`) does not end a table cell either: GitBook writes the
// formula as it is, `|` included. Hidden as `<code>`'s pipes are, on every line holding a `|` and a `$$`.
function hideMathPipes(src: string): string {
  if (!src.includes('$$') || !src.includes('|')) return src;
  const parts: string[] = [];
  let copied = 0;
  let lineStart = 0;
  while (lineStart < src.length) {
    let lineEnd = src.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = src.length;
    const line = src.slice(lineStart, lineEnd);
    if (line.includes('|') && line.includes('$$')) {
      const spans = mathSpans(line);
      for (let s = 0; s < spans.length; s += 2) {
        const from = lineStart + (spans[s] as number);
        const to = lineStart + (spans[s + 1] as number);
        const inner = src.slice(from, to);
        if (!inner.includes('|')) continue;
        parts.push(src.slice(copied, from), inner.replace(/\|/g, CODE_PIPE));
        copied = to;
      }
    }
    lineStart = lineEnd + 1;
  }
  if (copied === 0) return src;
  parts.push(src.slice(copied));
  return parts.join('');
}
// (Not every token's field is a string: a math block's `info`, some rules' attribute values. Those are left as they are.)
const restorePipes = <T>(text: T): T => (typeof text === 'string' && text.includes(CODE_PIPE) ? text.replace(/\uE000/g, '|') as T : text);
md.core.ruler.after('normalize', 'bindery_code_pipes', (state: StateCore) => {
  const src = state.src.includes(CODE_PIPE) ? state.src : hideMathPipes(hideCodePipes(state.src));
  (state.env as unknown as ParseEnv).codePipes = src !== state.src;
  state.src = src;
});
md.core.ruler.after('block', 'bindery_code_pipes_restore', (state: StateCore) => {
  const env = state.env as unknown as ParseEnv & { references?: Record<string, { href: string; title: string }> };
  if (!env.codePipes) return;
  state.src = restorePipes(state.src);
  for (const token of state.tokens) {
    token.content = restorePipes(token.content);
    token.info = restorePipes(token.info);
    if (token.attrs) for (const attr of token.attrs) attr[1] = restorePipes(attr[1]);
    const meta = token.meta as { label?: unknown } | null;
    if (meta && typeof meta.label === 'string') meta.label = restorePipes(meta.label);
  }
  if (env.references) {
    const references: Record<string, { href: string; title: string }> = {};
    for (const [label, ref] of Object.entries(env.references)) references[restorePipes(label)] = { ...ref, href: restorePipes(ref.href), title: restorePipes(ref.title) };
    env.references = references;
  }
  if (env.footnotes.size > 0) env.footnotes = new Set([...env.footnotes].map(restorePipes));
});

// Tables: the header row sets the columns and every row is padded to them, so a header of 20,000 `|` would make every
// row 20,000 cells. Columns are limited, and every cell counts as a block, before any cell's inline content is parsed.
md.core.ruler.after('block', 'bindery_tables', (state: StateCore) => {
  const env = state.env as unknown as ParseEnv;
  let columns = 0;
  for (const token of state.tokens) {
    if (token.type === 'thead_open') columns = 0;
    else if (token.type === 'th_open') {
      if (++columns > LIMITS.tableColumns) throw limitError('tableColumns', 'a table of the markdown has too many columns');
    }
    if ((token.type === 'th_open' || token.type === 'td_open') && ++env.blocks > LIMITS.blocks) throw limitError('blocks', 'the markdown has too many blocks');
  }
});

// GitBook writes a pipe table's cells padded to their column's width counted in UTF-16 code units (JS `length`: a
// Hangul or Han character counts one, not its display width of two), and a cell's trailing white space as it is,
// counted in the width: `| 매개변수  |` over `| ----- |` is the text `매개변수 ` (its document's cell held the space,
// which an HTML `<td>` of the same spaces shows: `<td>The ID. </td>`). Such a column is wider than its longest cell.
// Where every cell of a column is padded to the delimiter row's width, the width past the longest cell (and past the
// delimiter's least width) is read as trailing spaces of the first longest cell, so a page rewritten after an edit
// keeps GitBook's widths (the writer's `formatTable` writes a cell's trailing spaces so). Runs before the pipes of
// `<code>` and math are restored (the same lengths, and no `|` splits there).
const TABLE_LEAST_WIDTH = { center: 3, left: 2, right: 2 } as Record<string, number>;
function tableSegments(line: string): string[] | undefined {
  const text = line.replace(/^[ \t]+/, '').replace(/[ \t]+$/, '');
  if (text.length < 2 || text.charCodeAt(0) !== 0x7c || text.charCodeAt(text.length - 1) !== 0x7c) return undefined;
  const out: string[] = [];
  let start = 1;
  let escaped = false;
  for (let i = 1; i < text.length - 1; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x7c && !escaped) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
    escaped = ch === 0x5c;
  }
  if (escaped) return undefined;
  out.push(text.slice(start, text.length - 1));
  return out;
}
// The table's lines as the table rule read them: from each line's content start, past a container's prefix (a list
// item's marker and indentation, a quote's `>`), which the source's lines hold (a table in a list item or a quote was
// never read as padded: its trailing spaces were lost). Kept on its `table_open` token (`meta.lines`).
{
  const rules = (md.block.ruler as unknown as { __rules__: { name: string; fn: (state: StateBlock, start: number, end: number, silent: boolean) => boolean }[] }).__rules__;
  const table = rules.find((r) => r.name === 'table');
  if (!table) throw new Error('markdown-it has no block table rule');
  const original = table.fn;
  md.block.ruler.at(
    'table',
    (state: StateBlock, startLine: number, endLine: number, silent: boolean) => {
      const count = state.tokens.length;
      if (!original(state, startLine, endLine, silent)) return false;
      const open = state.tokens[count];
      if (silent || open?.type !== 'table_open') return true;
      const lines: string[] = [];
      for (let l = startLine; l < state.line; l++) lines.push(state.src.slice(state.bMarks[l]! + state.tShift[l]!, state.eMarks[l]!));
      open.meta = { lines };
      return true;
    },
    { alt: ['paragraph', 'reference'] },
  );
}
md.core.ruler.after('block', 'bindery_table_widths', (state: StateCore) => {
  const tokens = state.tokens;
  for (let t = 0; t < tokens.length; t++) {
    const open = tokens[t] as Token;
    if (open.type !== 'table_open') continue;
    // The table's lines, taken off the token (which is as markdown-it makes it again).
    const source = (open.meta as { lines?: string[] } | null)?.lines;
    open.meta = null;
    if (!open.map || source === undefined) continue;
    // The cells' inline tokens, row by row (header first), and the columns' alignment.
    const rows: Token[][] = [];
    const align: string[] = [];
    let end = t + 1;
    for (; end < tokens.length; end++) {
      const token = tokens[end] as Token;
      if (token.type === 'table_close') break;
      if (token.type === 'tr_open') rows.push([]);
      else if (token.type === 'th_open') align.push(/text-align:(\w+)/.exec(token.attrGet('style') ?? '')?.[1] ?? '');
      else if (token.type === 'inline') rows[rows.length - 1]?.push(token);
    }
    const [first, last] = open.map;
    if (rows.length !== last - first - 1 || align.length === 0) continue;
    const lines: string[][] = [];
    for (const line of source) {
      const segments = tableSegments(line);
      if (!segments || segments.length !== align.length) break;
      lines.push(segments);
    }
    if (lines.length !== last - first) continue;
    for (let c = 0; c < align.length; c++) {
      const delimiter = (lines[1] as string[])[c] as string;
      if (!/^ :?-+:? $/.test(delimiter)) continue;
      const width = delimiter.length - 2;
      let longest = -1;
      let carrier = -1;
      let padded = true;
      for (let r = 0; r < lines.length && padded; r++) {
        if (r === 1) continue;
        const segment = (lines[r] as string[])[c] as string;
        if (segment.length !== width + 2 || segment.charCodeAt(0) !== 0x20) padded = false;
        const length = Math.max(0, segment.replace(/ +$/, '').length - 1);
        if (length > longest) {
          longest = length;
          carrier = r === 0 ? 0 : r - 1;
        }
      }
      const least = TABLE_LEAST_WIDTH[align[c] as string] ?? 1;
      if (!padded || longest < least || width <= longest) continue;
      const cell = rows[carrier]?.[c];
      if (cell) cell.content += ' '.repeat(width - longest);
    }
    t = end;
  }
});

/**
 * Characters at which an inline rule may start (markdown-it's text rule stops at them, every other rule starts at one
 * of them). Inline content without any is one text token: table cells, short headings and plain paragraphs skip the
 * inline parser (a 400 KB table of 80,000 one-word cells spent most of its parse creating inline states).
 */
const INLINE_SPECIAL = /[\n!#$%&*+\-:<=>@[\\\]^_`{}~]/;

/** Parses one `inline` token's content into its children, counting them against the limit (in document order). */
function parseInlineToken(token: Token, md: MarkdownIt, env: ParseEnv, TokenClass: typeof Token): void {
  const children: Token[] = [];
  if (!INLINE_SPECIAL.test(token.content)) {
    if (token.content !== '') {
      const text = new TokenClass('text', '', 0);
      text.content = token.content;
      children.push(text);
    }
  } else {
    md.inline.parse(token.content, md, env as unknown as Record<string, unknown>, children);
  }
  token.children = children;
  env.inlines += children.length;
  if (env.inlines > LIMITS.inlines) throw limitError('inlines', 'the markdown has too many inline elements');
}

// Keeps the running count of inline tokens across paragraphs (replaces the core `inline` rule). A lazy parse
// (`tokenizeBlocks`) leaves inline content unparsed here: its `inlineChildren` parses each in order when asked.
md.core.ruler.at('inline', (state: StateCore) => {
  const env = state.env as unknown as ParseEnv;
  if (env.lazy) return;
  for (const token of state.tokens) {
    if (token.type === 'inline') parseInlineToken(token, state.md, env, state.Token);
  }
});

// The core rules after `inline` that read inline children (linkify, text_join; replacements and smartquotes do
// nothing without the typographer) run per inline token in a lazy parse, right after its inline parse.
const coreRules = (md.core.ruler as unknown as { __rules__: { name: string; fn: (state: StateCore) => void }[] }).__rules__;
const afterInline = coreRules.slice(coreRules.findIndex((r) => r.name === 'inline') + 1).map((r) => r.name);
if (afterInline.join() !== 'linkify,replacements,smartquotes,text_join' || md.options.typographer) {
  throw new Error(`markdown-it's core rules after inline are not the ones parser.ts runs per inline token: ${afterInline.join()}`);
}
const childRules: ((state: StateCore) => void)[] = [];
for (const name of ['linkify', 'text_join']) {
  const rule = coreRules.find((r) => r.name === name)!;
  const original = rule.fn;
  childRules.push(original);
  md.core.ruler.at(name, (state: StateCore) => {
    if (!(state.env as unknown as ParseEnv).lazy) original(state);
  });
}

// ---------------------------------------------------------------------------
// Link labels in linear time

/** What a label scan from a `[` found, by the position of the `[` (per inline parse: keyed by its state). */
interface LabelScan {
  /** `posMax` of the scan (a nested tokenisation of link text scans with a smaller one). */
  max: number;
  /** Position of the closing `]`, or -1 when the label never closes before `max`. */
  end: number;
  /** Whether the scan stepped over a `[` that starts a token (a link, an image), which `disableNested` refuses. */
  nested: boolean;
}
const labelScans = new WeakMap<StateInline, Map<number, LabelScan>>();

/**
 * markdown-it's `parseLinkLabel` (link and image rules), with the result of every scan remembered.
 *
 * The stock helper walks from the `[` to the matching `]` token by token, and each `[` on the way starts the link
 * rule again (in validation mode) with its own walk, so a run of n brackets walks n × maxNesting tokens (400 KB of
 * `[` took 1.5 s, of `![` 2 s). Here a scan that meets a plain `[` (one that starts no token) whose own scan is
 * known either stops at once — that label never closes, so neither can this one, whose level is higher all along
 * the same tokens — or jumps to its `]`, where the level is back to what it was. Every scan thus steps over each
 * nested label in one step, and a run of brackets costs a walk of each position once. The results are those of the
 * stock helper on the same token chain (positions are cached by markdown-it's `state.cache`, so a later scan meets
 * the same tokens as the remembered one).
 */
export function parseLinkLabel(state: StateInline, start: number, disableNested?: boolean): number {
  const max = state.posMax;
  const oldPos = state.pos;
  let scans = labelScans.get(state);
  if (!scans) labelScans.set(state, (scans = new Map()));
  const known = scans.get(start);
  if (known && known.max === max && (known.end < 0 || !disableNested || !known.nested)) return known.end;

  const src = state.src;
  let level = 1;
  let end = -1;
  let nested = false;
  state.pos = start + 1;
  while (state.pos < max) {
    const marker = src.charCodeAt(state.pos);
    if (marker === 0x5d /* ] */ && --level === 0) {
      end = state.pos;
      break;
    }
    const prevPos = state.pos;
    state.md.inline.skipToken(state);
    // Past `max`: markdown-it's nesting cut-off, which skips to the end of the paragraph (the label never closes).
    if (state.pos > max) break;
    if (marker !== 0x5b /* [ */) continue;
    if (prevPos !== state.pos - 1) {
      // A token starting with `[` (a link inside an image's text, a footnote reference).
      nested = true;
      if (disableNested) {
        state.pos = oldPos;
        return -1;
      }
      continue;
    }
    level++;
    const inner = scans.get(prevPos);
    if (!inner || inner.max !== max || (disableNested && inner.nested)) continue;
    if (inner.end < 0) break; // the inner label runs to the end unclosed: so does this one
    nested ||= inner.nested;
    state.pos = inner.end; // its `]` brings the level back down
  }
  state.pos = oldPos;
  scans.set(start, { max, end, nested });
  return end;
}

md.helpers.parseLinkLabel = parseLinkLabel as typeof md.helpers.parseLinkLabel;

// ---------------------------------------------------------------------------
// Footnotes

/** Longest footnote label (CommonMark's limit for link labels). */
const MAX_LABEL = 999;

export function normalizeLabel(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** `[^label]: content` (content indented by 4 on the following lines), kept in place. */
function footnoteDefinition(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const start = state.bMarks[startLine]! + state.tShift[startLine]!;
  const max = state.eMarks[startLine]!;
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  if (start + 4 > max || state.src.charCodeAt(start) !== 0x5b /* [ */ || state.src.charCodeAt(start + 1) !== 0x5e /* ^ */) return false;
  let pos = start + 2;
  for (; pos < max && pos - start <= MAX_LABEL + 2; pos++) {
    const ch = state.src.charCodeAt(pos);
    if (ch === 0x20 || ch === 0x09 || ch === 0x5b) return false;
    if (ch === 0x5d /* ] */) break;
  }
  if (pos === start + 2 || pos + 1 >= max || state.src.charCodeAt(pos) !== 0x5d || state.src.charCodeAt(pos + 1) !== 0x3a /* : */) return false;
  if (silent) return true;
  const label = state.src.slice(start + 2, pos);
  pos += 2;
  (state.env as unknown as ParseEnv).footnotes.add(normalizeLabel(label));

  const open = state.push('footnote_def_open', '', 1);
  open.meta = { label };
  open.map = [startLine, 0];

  const oldBMark = state.bMarks[startLine]!;
  const oldTShift = state.tShift[startLine]!;
  const oldSCount = state.sCount[startLine]!;
  const oldParentType = state.parentType;
  const afterColon = pos;
  const initial = state.sCount[startLine]! + pos - (state.bMarks[startLine]! + state.tShift[startLine]!);
  let offset = initial;
  while (pos < max) {
    const ch = state.src.charCodeAt(pos);
    if (ch === 0x09) offset += 4 - (offset % 4);
    else if (ch === 0x20) offset++;
    else break;
    pos++;
  }
  state.tShift[startLine] = pos - afterColon;
  state.sCount[startLine] = offset - initial;
  state.bMarks[startLine] = afterColon;
  state.blkIndent += 4;
  state.parentType = 'footnote' as typeof state.parentType;
  if (state.sCount[startLine]! < state.blkIndent) state.sCount[startLine]! += state.blkIndent;

  state.md.block.tokenize(state, startLine, endLine);

  state.parentType = oldParentType;
  state.blkIndent -= 4;
  state.tShift[startLine] = oldTShift;
  state.sCount[startLine] = oldSCount;
  state.bMarks[startLine] = oldBMark;
  open.map[1] = state.line;
  state.push('footnote_def_close', '', -1);
  return true;
}

/** `[^label]` referencing a defined footnote. */
function footnoteReference(state: StateInline, silent: boolean): boolean {
  const start = state.pos;
  const max = state.posMax;
  const env = state.env as unknown as ParseEnv;
  if (env.footnotes.size === 0 || start + 3 > max) return false;
  if (state.src.charCodeAt(start) !== 0x5b || state.src.charCodeAt(start + 1) !== 0x5e) return false;
  let pos = start + 2;
  for (; pos < max && pos - start <= MAX_LABEL + 2; pos++) {
    const ch = state.src.charCodeAt(pos);
    if (ch === 0x20 || ch === 0x0a || ch === 0x09 || ch === 0x5b) return false;
    if (ch === 0x5d) break;
  }
  if (pos === start + 2 || pos >= max || state.src.charCodeAt(pos) !== 0x5d) return false;
  const label = state.src.slice(start + 2, pos);
  if (!env.footnotes.has(normalizeLabel(label))) return false;
  if (!silent) {
    const token = state.push('footnote_ref', '', 0);
    token.meta = { label };
  }
  state.pos = pos + 1;
  return true;
}

md.block.ruler.before('reference', 'footnote_def', footnoteDefinition, { alt: ['paragraph', 'reference'] });

// ---------------------------------------------------------------------------
// GitBook block tags

/**
 * A line that is one Liquid-style tag (`{% hint style="info" %}`, `{% endhint %}`, `{% embed url="…" %}`, …) is a
 * block of its own (`gitbook_tag` token, `content` = the tag): it interrupts paragraphs, lists and blockquotes, and
 * is never recognised inside code or HTML blocks. from-markdown.ts folds matching tags into blocks.
 */
function gitbookTag(state: StateBlock, startLine: number, _endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const pos = state.bMarks[startLine]! + state.tShift[startLine]!;
  const max = state.eMarks[startLine]!;
  if (state.src.charCodeAt(pos) !== 0x7b /* { */ || state.src.charCodeAt(pos + 1) !== 0x25 /* % */ || max - pos > MAX_TAG_LINE) return false;
  const line = state.src.slice(pos, max).replace(/[ \t]+$/, '');
  if (!TAG_LIKE_LINE.test(line)) return false;
  if (silent) return true;
  const token = state.push('gitbook_tag', '', 0);
  token.content = line;
  token.map = [startLine, startLine + 1];
  state.line = startLine + 1;
  return true;
}

// ---------------------------------------------------------------------------
// Block math

/** Lines a `$$` block may span: formulas are short, and the bound keeps an unclosed `$$` from rescanning the page. */
export const MAX_MATH_LINES = 200;

/** A line that is `$$` alone (trailing white space allowed), at most 3 spaces in. */
function isMathFence(state: StateBlock, line: number): boolean {
  if (state.sCount[line]! - state.blkIndent >= 4 || state.sCount[line]! < state.blkIndent) return false;
  const pos = state.bMarks[line]! + state.tShift[line]!;
  const max = state.eMarks[line]!;
  return state.src.charCodeAt(pos) === 0x24 && state.src.charCodeAt(pos + 1) === 0x24 && state.src.slice(pos + 2, max).trim() === '';
}

/**
 * GitBook's block math: a `$$` line, the formula, a `$$` line (`math_block` token, `content` = the formula). Without
 * its closing line within MAX_MATH_LINES it is not math (the lines stay paragraphs).
 */
function mathBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (!isMathFence(state, startLine)) return false;
  const last = Math.min(endLine, startLine + MAX_MATH_LINES + 2);
  let close = -1;
  for (let line = startLine + 1; line < last; line++) {
    if (state.sCount[line]! < state.blkIndent && state.bMarks[line]! + state.tShift[line]! < state.eMarks[line]!) break;
    if (isMathFence(state, line)) {
      close = line;
      break;
    }
  }
  if (close < 0) return false;
  if (silent) return true;
  const token = state.push('math_block', '', 0);
  token.content = state.getLines(startLine + 1, close, state.blkIndent, false).replace(/\n$/, '');
  token.map = [startLine, close + 1];
  state.line = close + 1;
  return true;
}

/** Whether `line` is a GitBook tag line (as gitbookTag reads them) at the block's indent. */
function isTagLineAt(state: StateBlock, line: number): boolean {
  if (state.sCount[line]! - state.blkIndent >= 4 || state.sCount[line]! < state.blkIndent) return false;
  const pos = state.bMarks[line]! + state.tShift[line]!;
  const max = state.eMarks[line]!;
  if (state.src.charCodeAt(pos) !== 0x7b /* { */ || state.src.charCodeAt(pos + 1) !== 0x25 /* % */ || max - pos > MAX_TAG_LINE) return false;
  return TAG_LIKE_LINE.test(state.src.slice(pos, max).replace(/[ \t]+$/, ''));
}

/** HTML blocks that end at their own end marker (CommonMark kinds 1-5), not at a blank line. */
const HTML_WITH_END_MARKER = /^<(?:(?:script|pre|style|textarea)(?=[\s>]|$)|!--|\?|![A-Za-z]|!\[CDATA\[)/i;

/**
 * Raw HTML ends at a GitBook tag line, as GitBook reads it: GitBook writes `<figure>…</figure>` and the `{% endtab %}`
 * (`{% endcolumn %}`, `{% endstep %}`…) closing around it on the next line, without a blank line. CommonMark's HTML
 * blocks of kinds 6 and 7 run until a blank line and would swallow the tag; the block is cut before the first tag
 * line instead. Kinds 1-5 (`<pre>`, `<script>`, comments…) end at their end marker, tags inside them stay theirs.
 * Linear: the lines scanned are the block's own.
 */
function htmlBlockToTag(original: (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean) {
  return (state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean => {
    if (silent) return original(state, startLine, endLine, true);
    const tokens = state.tokens.length;
    if (!original(state, startLine, endLine, false)) return false;
    const start = state.bMarks[startLine]! + state.tShift[startLine]!;
    if (HTML_WITH_END_MARKER.test(state.src.slice(start, Math.min(state.eMarks[startLine]!, start + 16)))) return true;
    for (let line = startLine + 1; line < state.line; line++) {
      if (isTagLineAt(state, line)) {
        // Parse it again, ending before the tag line (the lines up to it form the same HTML block).
        state.tokens.length = tokens;
        state.line = startLine;
        return original(state, startLine, line, false);
      }
    }
    return true;
  };
}
{
  const rules = (md.block.ruler as unknown as { __rules__: { name: string; fn: (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean }[] }).__rules__;
  const html = rules.find((r) => r.name === 'html_block');
  if (!html) throw new Error('markdown-it has no html_block rule');
  md.block.ruler.at('html_block', htmlBlockToTag(html.fn), { alt: ['paragraph', 'reference', 'blockquote'] });
}

/**
 * GitBook writes a list item whose first block is an image as a bare marker, a blank line and the `<figure>` indented to
 * the item's tab stop (`*`, blank line, `    <figure>…</figure>`; `1.` the same; 4 columns past the marker, 8 for
 * `100.`). CommonMark ends an item that starts empty at the blank line, and the figure, 4 columns past the enclosing
 * block, became an indented code block holding its HTML. GitBook reads it as the item's image, and so does this: the
 * list rule asks `isEmpty` of the line after an empty item's marker line to decide whether the item ends there, and
 * the answer is no for exactly GitBook's shape, so that the item's content is parsed (the figure, an HTML block).
 * Narrow: the marker line is the one the list rule is reading (its content start moved to the line's end, which no
 * other rule does), a bare marker without trailing blanks, the next line blank, the one after a one-line
 * `<figure>…</figure>` at exactly the tab stop. Constant work per call (the marker line's few characters).
 */
{
  type BlockStateClass = { prototype: { isEmpty(this: StateBlock, line: number): boolean } };
  const proto = (md.block.State as unknown as BlockStateClass).prototype;
  const isEmpty = proto.isEmpty;
  const FIGURE_OPEN = '<figure>';
  const FIGURE_CLOSE = '</figure>';
  proto.isEmpty = function (this: StateBlock, line: number): boolean {
    if (!isEmpty.call(this, line)) return false;
    return !isGitbookListFigure(this, line);
  };
  function isGitbookListFigure(state: StateBlock, blank: number): boolean {
    const marker = blank - 1;
    const figure = blank + 1;
    if (marker < 0 || figure >= state.lineMax) return false;
    const begin = state.bMarks[marker]!;
    const end = state.eMarks[marker]!;
    // The list rule, reading an empty item, sets the marker line's content start to its end.
    if (end <= begin || state.tShift[marker] !== end - begin) return false;
    const src = state.src;
    // The marker, backwards from the end of the line: one bullet, or 1-9 digits and `.`/`)`.
    let start = end - 1;
    const last = src.charCodeAt(start);
    if (last === 0x2e /* . */ || last === 0x29 /* ) */) {
      while (start > begin && end - start <= 10 && isDigit(src.charCodeAt(start - 1))) start--;
      if (start === end - 1) return false;
    } else if (last !== 0x2a /* * */ && last !== 0x2d /* - */ && last !== 0x2b /* + */) return false;
    if (start > begin && src.charCodeAt(start - 1) !== 0x20) return false;
    const width = end - start;
    // The item's content column (the list rule's blkIndent) is one past the marker: the marker starts `width + 1` before it.
    const column = state.blkIndent - width - 1;
    if (state.sCount[figure]! !== column + Math.ceil((width + 1) / 4) * 4) return false;
    const pos = state.bMarks[figure]! + state.tShift[figure]!;
    const max = state.eMarks[figure]!;
    if (!(max - pos > FIGURE_OPEN.length + FIGURE_CLOSE.length && src.startsWith(FIGURE_OPEN, pos) && src.startsWith(FIGURE_CLOSE, max - FIGURE_CLOSE.length))) return false;
    // The item's content column is that tab stop, where GitBook (and the serialiser) writes the figure and every block
    // after it: past the column one past the marker, an HTML block's or formula's lines kept the 2 columns between.
    // (The list rule restores its own blkIndent after the item.)
    state.blkIndent = state.sCount[figure]!;
    return true;
  }
  function isDigit(c: number): boolean {
    return c >= 0x30 && c <= 0x39;
  }
}

// markdown-it's inline linkify rule, at the `:` of `scheme://`, looks for the scheme in the source before it, as far
// back as the text pending since the last token. Two readings differed from GFM (whose autolink literals are found in
// text after links are parsed) and from markdown-it's own reading of the same text elsewhere:
// - in a link label's scan (`skipToken`, silent) the pending text is not the text before the `:`, so whether a URL
//   inside a label swallowed its `](` depended on the text before the `[`: `a b [http://x.io#'a](u)` was no link,
//   `ab [http://x.io#'a](u)` was. Link text holds no links, so the scan takes no autolink;
// - after an escape or a character reference (tokens of their own) the pending text starts in the middle of a word:
//   `\ahttp://x.io` was a link although `ahttp://x.io` is not. A scheme that continues a word is none.
{
  const rules = (md.inline.ruler as unknown as { __rules__: { name: string; fn: (state: StateInline, silent: boolean) => boolean }[] }).__rules__;
  const linkify = rules.find((r) => r.name === 'linkify');
  if (!linkify) throw new Error('markdown-it has no inline linkify rule');
  const original = linkify.fn;
  const isSchemeChar = (c: number) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e;
  md.inline.ruler.at('linkify', (state: StateInline, silent: boolean) => {
    if (silent) return false;
    const src = state.src;
    const min = state.pos - Math.min(10, state.pending.length, state.pos);
    let start = state.pos;
    while (start > min && isSchemeChar(src.charCodeAt(start - 1))) start--;
    if (start > 0 && start < state.pos && isSchemeChar(src.charCodeAt(start - 1))) return false;
    return original(state, silent);
  });
}

/** A `www.` literal the serialiser keeps bare (from-markdown.ts isBareWww): host and path of letters, digits, `-`, `.`, `/`. */
export const WWW_LITERAL = /^www\.[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*(?:\/[A-Za-z0-9./-]*)?$/i;

// A link whose destination is written in angle brackets (`[www.x.io](<http://www.x.io>)`) is marked so (`info`
// 'angle' on its link_open): the serialiser writes a `www.` literal read bare so where it cannot be written bare, and
// from-markdown.ts reads that form back as the literal (data.autolink). Checked on the source after the link rule read
// it: the source before the end of the link is `](<href>)` (only an href the serialiser writes so matters).
{
  const rules = (md.inline.ruler as unknown as { __rules__: { name: string; fn: (state: StateInline, silent: boolean) => boolean }[] }).__rules__;
  const link = rules.find((r) => r.name === 'link');
  if (!link) throw new Error('markdown-it has no inline link rule');
  const original = link.fn;
  md.inline.ruler.at('link', (state: StateInline, silent: boolean) => {
    const count = state.tokens.length;
    if (!original(state, silent)) return false;
    if (silent || state.src.charCodeAt(state.pos - 2) !== 0x3e /* > */) return true;
    for (let i = count; i < state.tokens.length; i++) {
      const open = state.tokens[i] as Token;
      if (open.type !== 'link_open') continue;
      const tail = `](<${String(open.attrGet('href') ?? '')}>)`;
      if (state.pos >= tail.length && state.src.startsWith(tail, state.pos - tail.length)) open.info = 'angle';
      break;
    }
    return true;
  });
}

// Before the setext heading rule, as a fence is: a tag line or a `$$` line is a block of its own, never the first line
// of a heading underlined by a later `---` (`{% tab title="A" %}`, `Text`, `---` was one heading holding the tag).
md.block.ruler.before('lheading', 'math_block', mathBlock, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
md.block.ruler.before('lheading', 'gitbook_tag', gitbookTag, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
md.inline.ruler.after('image', 'footnote_ref', footnoteReference);
// GitBook's inline math: `$$…$$` within a line, its formula written verbatim (`$$x_1*y$$`: no escapes, marks or links
// inside). A `math_inline` token (`content`: the formula), GitBook's `inline-math` node (from-markdown.ts); the writer
// writes the node so again and a `$$` of text escaped (`\$$`), so that text never reads as math.
md.inline.ruler.before('backticks', 'math_inline', (state: StateInline, silent: boolean) => {
  const start = state.pos;
  if (state.src.charCodeAt(start) !== 0x24 || state.src.charCodeAt(start + 1) !== 0x24) return false;
  // `$$$$x$$` is text `$` and the formula `$x` (a formula starting with `$$` could not be written back: prop23's seeds
  // 60615816, 802118803).
  if (state.src.charCodeAt(start + 2) === 0x24 && state.src.charCodeAt(start + 3) === 0x24) return false;
  const close = state.src.indexOf('$$', start + 3);
  if (close < 0 || close + 2 > state.posMax) return false;
  // (A loop to the closing `$$`, not an indexOf to the next line's end: a long line of many spans stays linear.)
  for (let i = start + 2; i < close; i++) if (state.src.charCodeAt(i) === 0x0a) return false;
  if (!silent) {
    const token = state.push('math_inline', '', 0);
    token.content = state.src.slice(start + 2, close);
    token.markup = '$$';
  }
  state.pos = close + 2;
  return true;
});


// ---------------------------------------------------------------------------

/** Tokenises markdown (already stripped of front matter). */
export function tokenize(source: string): Token[] {
  const env: ParseEnv = { blocks: 0, inlines: 0, footnotes: new Set(), lazy: false };
  return md.parse(source, env as unknown as Record<string, unknown>);
}

/**
 * Block tokens of markdown whose inline content is parsed when the reader asks for it (`inlineChildren`), in document
 * order: the same tokens, children and limit errors as `tokenize`, but a reader that drops each token's children once
 * it has used them never holds the whole page's inline tokens at once (they were a third of the tokens' memory, all
 * alive until the end of the parse; the garbage collector copied them out of the young generation every page).
 */
export interface BlockTokens {
  tokens: Token[];
  /** The children of the `inline` token at `index` (and of every unparsed one before it: the limits count in order). */
  inlineChildren(index: number): Token[];
  /**
   * The reader is done with the tokens before `end`: they are dropped from `tokens` (their inline content parsed
   * first if it never was, for the limits' count), so that they are garbage while the rest is read.
   */
  release(end: number): void;
  /** Parses the inline content never asked for (counted against the limits only): what `tokenize` would refuse, this refuses too. */
  finish(): void;
}

export function tokenizeBlocks(source: string): BlockTokens {
  const env: ParseEnv = { blocks: 0, inlines: 0, footnotes: new Set(), lazy: true };
  const tokens = md.parse(source, env as unknown as Record<string, unknown>);
  const TokenClass = (md.core.State.prototype as unknown as { Token: typeof Token }).Token;
  // A core state of one inline token, for the core rules that run after the inline parse.
  const one = new md.core.State('', md, env as unknown as Record<string, unknown>);
  let next = 0;
  let released = 0;
  let failed = false;
  const parseUpTo = (end: number, keep: boolean): void => {
    for (; next < end; next++) {
      const token = tokens[next] as Token;
      if (token.type !== 'inline') continue;
      try {
        parseInlineToken(token, md, env, TokenClass);
      } catch (error) {
        failed = true;
        throw error;
      }
      if (!keep) {
        token.children = null;
        continue;
      }
      one.tokens = [token];
      for (const rule of childRules) rule(one);
    }
  };
  return {
    tokens,
    inlineChildren(index) {
      if (index >= next) parseUpTo(index + 1, true);
      return tokens[index]?.children ?? [];
    },
    release(end) {
      if (next < end) parseUpTo(end, false);
      const dropped = undefined as unknown as Token;
      for (; released < end; released++) tokens[released] = dropped;
    },
    finish() {
      // After a refusal of the inline parse there is nothing left to refuse first.
      if (!failed) parseUpTo(tokens.length, false);
    },
  };
}

export type { Token };

/**
 * GFM's autolink literals (what linkify finds that stays a link): a scheme, `www.`, or an e-mail address whose local
 * part is letters, digits, `.`, `_`, `+`, `-` — linkify also takes `=@ctx.jig.state` (GitBook pages write such
 * expressions as text) and `a=b@host.dev`, which GFM leaves as text.
 */
export function isGfmAutolinkLabel(label: string, email: boolean, scheme?: string): boolean {
  // `scheme`: the one linkify read the link with ('' for a bare domain, to which it gave `http://`). A bare domain with a
  // port (`rpc.example.dev:443`) looks like `scheme:` (a scheme may hold `.`), but is a bare domain: text.
  if (scheme !== undefined && !/^www\./i.test(label)) {
    const m = /^([a-z][a-z0-9+.-]*):/i.exec(label);
    if (m !== null && (m[1] as string).toLowerCase() !== scheme.toLowerCase()) return email && /^[A-Za-z0-9._+-]+@[^@]+$/.test(label);
  }
  return /^(?:[a-z][a-z0-9+.-]*:|www\.)/i.test(label) || (email && /^[A-Za-z0-9._+-]+@[^@]+$/.test(label));
}

/** Autolink literals linkify would find in `text` (to-markdown.ts escapes text that must not become one). */
export function linkifyMatches(text: string): { index: number; lastIndex: number; schema: string }[] {
  return md.linkify.test(text) ? (md.linkify.match(text) ?? []) : [];
}

/** Whether markdown-it's inline linkify rule would find a link starting at the beginning of `text` (`scheme://…`). */
export function linkifyAtStart(text: string): boolean {
  return md.linkify.matchAtStart(text) !== null;
}

/** The link markdown-it's inline linkify rule finds at the beginning of `text` (its `url` before trailing `*` are cut). */
export function linkifyMatchAtStart(text: string): { url: string } | null {
  return md.linkify.matchAtStart(text);
}
