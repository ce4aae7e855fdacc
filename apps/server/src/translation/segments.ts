// What a translation run sends to the provider: the prose of a page's markdown, never its code, URLs or GitBook
// blocks. Each prose line becomes one text in which the parts that must not change (inline code, link and image
// destinations, autolinks, HTML tags, inline `{% %}` tags, the line's markdown prefix) are replaced by numbered
// placeholders ⟦n⟧; after translation they are put back. A line whose placeholders did not survive the provider is
// kept in the source language rather than broken. Terms of the organization's glossary (services/glossary.ts) are
// placeholders too, put back as the glossary's term in the target language.
const FENCE = /^\s*(```|~~~)/;
const BLOCK_TAG = /^\s*\{%.*%\}\s*$/;
const PROTECT = /`[^`]*`|\]\([^)]*\)|<https?:[^>]*>|<\/?[A-Za-z][^>]*>|\{%.*?%\}|https?:\/\/\S+|\$\$[^$]*\$\$/g;
const PREFIX = /^(\s*(?:#{1,6}\s+|[*+-]\s+(?:\[[ xX]\]\s+)?|\d+[.)]\s+|>\s*)*)/;

export interface Segmented {
  /** The texts to translate, in order. */
  texts: string[];
  /** Puts translations (same order as `texts`) back into the markdown. */
  assemble(translated: readonly string[]): string;
}

interface Line {
  keep?: string;
  prefix?: string;
  text?: string;
  saved?: string[];
  original?: string;
}

/** A glossary term: `from` in the source text becomes `to` in the translation. */
export interface Term {
  from: string;
  to: string;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One expression finding any of the terms as a whole word (not inside a longer word), case-insensitively, longest
 * first; with the term each match stands for.
 */
export interface GlossaryMatcher {
  re: RegExp;
  termOf(match: string): Term;
}

export function glossaryMatcher(terms: readonly Term[]): GlossaryMatcher | undefined {
  if (!terms.length) return undefined;
  const sorted = [...terms].sort((a, b) => b.from.length - a.from.length);
  const byLower = new Map<string, Term>();
  for (const t of sorted) if (!byLower.has(t.from.toLowerCase())) byLower.set(t.from.toLowerCase(), t);
  const re = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${[...byLower.keys()].map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}_])`, 'giu');
  return { re, termOf: (m) => byLower.get(m.toLowerCase())! };
}

/**
 * A text with its glossary terms replaced by placeholders ⟦n⟧ numbered from `saved.length`, their target terms
 * pushed on `saved`.
 */
export function protectTerms(text: string, matcher: GlossaryMatcher | undefined, saved: string[]): string {
  if (!matcher) return text;
  // Placeholders already in the text are left alone (a term never matches inside one: they hold no letters).
  return text.replace(matcher.re, (m) => `⟦${saved.push(matcher.termOf(m).to) - 1}⟧`);
}

/** A translated text's placeholders put back, or undefined when one of them did not survive the provider. */
export function restoreTerms(translated: string, saved: readonly string[]): string | undefined {
  if (!saved.every((_, n) => translated.includes(`⟦${n}⟧`))) return undefined;
  return translated.replace(/⟦(\d+)⟧/g, (_, n: string) => saved[Number(n)] ?? '');
}

/** `matcher`: the glossary's terms (glossaryMatcher), protected and put back as their target terms. */
export function segmentMarkdown(markdown: string, matcher?: GlossaryMatcher): Segmented {
  const lines: Line[] = [];
  const texts: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const f = FENCE.exec(line);
    if (fence !== null) {
      lines.push({ keep: line });
      if (f && f[1] === fence) fence = null;
      continue;
    }
    if (f) {
      fence = f[1]!;
      lines.push({ keep: line });
      continue;
    }
    if (line.trim() === '' || BLOCK_TAG.test(line) || /^\s*(<[^>]*>\s*)+$/.test(line) || /^\s*\|?\s*:?-{3,}/.test(line) || /^\s*(---|\*\*\*|___)\s*$/.test(line)) {
      lines.push({ keep: line });
      continue;
    }
    const prefix = PREFIX.exec(line)![1] ?? '';
    const saved: string[] = [];
    const protectedText = line.slice(prefix.length).replace(PROTECT, (m) => `⟦${saved.push(m) - 1}⟧`);
    if (!/[\p{L}]/u.test(protectedText.replace(/⟦\d+⟧/g, ''))) {
      lines.push({ keep: line });
      continue;
    }
    const text = protectTerms(protectedText, matcher, saved);
    if (!/[\p{L}]/u.test(text.replace(/⟦\d+⟧/g, ''))) {
      // Nothing but glossary terms (and what is kept): the line needs no provider.
      lines.push({ keep: prefix + text.replace(/⟦(\d+)⟧/g, (_, n: string) => saved[Number(n)] ?? '') });
      continue;
    }
    lines.push({ prefix, text, saved, original: line });
    texts.push(text);
  }
  return {
    texts,
    assemble(translated) {
      let i = 0;
      return lines.map((l) => {
        if (l.keep !== undefined) return l.keep;
        const t = translated[i++] ?? '';
        const restored = restoreTerms(t, l.saved!);
        return restored === undefined ? l.original! : l.prefix + restored;
      }).join('\n');
    },
  };
}

/** Words of a text (for the stats): runs of letters or digits. */
export const countWords = (text: string): number => (text.match(/[\p{L}\p{N}]+/gu) ?? []).length;

const PAGE_LINK = /(["'(])\/pages\/([\w-]+)/g;

/**
 * Points links to pages of the source space (`/pages/<id>`, with or without an anchor, in markdown links, HTML
 * attributes and `{% content-ref url="…" %}`) at the translated pages; fenced code is left as it is.
 */
export function rewritePageLinks(markdown: string, target: (sourcePage: string) => string | undefined): string {
  let fence: string | null = null;
  return markdown.split('\n').map((line) => {
    const f = FENCE.exec(line);
    if (fence !== null) {
      if (f && f[1] === fence) fence = null;
      return line;
    }
    if (f) {
      fence = f[1]!;
      return line;
    }
    return line.replace(PAGE_LINK, (m, open: string, id: string) => {
      const to = target(id);
      return to ? `${open}/pages/${to}` : m;
    });
  }).join('\n');
}
