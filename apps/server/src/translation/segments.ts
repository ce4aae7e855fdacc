// What a translation run sends to the provider: the prose of a page's markdown, never its code, URLs or GitBook
// blocks. Each prose line becomes one text in which the parts that must not change (inline code, link and image
// destinations, autolinks, HTML tags, inline `{% %}` tags, the line's markdown prefix) are replaced by numbered
// placeholders ⟦n⟧; after translation they are put back. A line whose placeholders did not survive the provider is
// kept in the source language rather than broken.
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

export function segmentMarkdown(markdown: string): Segmented {
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
    const text = line.slice(prefix.length).replace(PROTECT, (m) => `⟦${saved.push(m) - 1}⟧`);
    if (!/[\p{L}]/u.test(text.replace(/⟦\d+⟧/g, ''))) {
      lines.push({ keep: line });
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
        const ok = l.saved!.every((_, n) => t.includes(`⟦${n}⟧`));
        if (!ok) return l.original!;
        return l.prefix + t.replace(/⟦(\d+)⟧/g, (_, n: string) => l.saved![Number(n)] ?? '');
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
