// SUMMARY.md, the table of contents of a synced space (GitBook's Git Sync format).
//
// GitBook writes:                                   Also read (git-first repositories):
//   # Table of contents                              `# Summary` or no title line
//                                                    `-` and `+` bullets, 4-space or tab indents
//   * [Welcome](README.md)                           `### Group` headings, `---` separators
//   * [Guide](guide/README.md)                       link-less parents (`* Overview`)
//     * [Install](guide/install.md "Setup")          `<dest with spaces>`, `%20`-encoded and `/`-led paths
//
//   ## Reference <a href="#api" id="api"></a>
//
//   * [API](api/README.md)
//   * [GitHub](https://github.com/org/repo)
//
//   ***
//
//   * [Changelog](changelog.md)                   (top-level again after a group)
//
// A `## heading` starts a page group (its anchor, when given, is the group's slug), a `***` line ends it; a nested
// item is a child page;
// the link text is the entry's title, a quoted link title its navigation label. An item whose content is a fenced
// block is a computed page (an API reference generated from an OpenAPI specification), GitBook's way:
//
//   * ```yaml
//     props:
//       models: true
//     type: builtin:openapi
//     dependencies:
//       spec:
//         ref:
//           kind: openapi
//           spec: petstore
//     ```
//
// kept verbatim (written back byte for byte while the source it says is the page's), read by parseComputedEntry.
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';

export interface SummaryItem {
  /** Link text, unescaped. */
  title: string;
  /** Link destination as written (undefined: a link-less parent). */
  target?: string;
  /** Quoted link title (GitBook's navigation label). */
  label?: string;
  children: SummaryItem[];
  /** A bullet holding a fenced block, verbatim without the bullet's indent (computed pages). */
  raw?: string;
}

export interface SummaryGroup {
  /** Heading text (undefined for items before the first group heading). */
  title?: string;
  /** Explicit anchor of the heading (`<a href="#x" id="x"></a>`). */
  anchor?: string;
  items: SummaryItem[];
}

export interface Summary {
  /** The `# title` line's text, or undefined when there is none. */
  title?: string;
  groups: SummaryGroup[];
  /** Some entry was nested deeper than `MAX_SUMMARY_DEPTH` (kept at that depth; the import is refused). */
  tooDeep?: true;
}

/**
 * Entries nest at most this deep (GitBook's own tables of contents are a few levels deep). A SUMMARY.md nested 4,000
 * levels overflowed the stack of the recursive tree walks that follow, and its import failed on the time budget after
 * 30 s; it is refused at once now, naming the limit (docs/git-sync.md, fourteenth round).
 */
export const MAX_SUMMARY_DEPTH = 48;

const BULLET = /^([ \t]*)([*+-])[ \t]+(.*)$/;
const HEADING = /^(#{1,6})[ \t]+(.*?)[ \t#]*$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
// (GitBook's exports of 2019-2020 wrote the anchor without `href`: `## 快速开始 <a id="quickstart"></a>`.)
const ANCHOR_HTML = /[ \t]*<a\s+(?:href="#([^"]*)"\s+)?id="([^"]*)"\s*><\/a>[ \t]*$/;

function width(indent: string): number {
  let w = 0;
  for (const ch of indent) w += ch === '\t' ? 4 - (w % 4) : 1;
  return w;
}

/** Removes backslash escapes of ASCII punctuation. */
export function unescapeMarkdown(text: string): string {
  return text.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

/** Parses `[text](dest "title")` (or plain text) at the start of an item's content. */
function parseItemContent(content: string): Pick<SummaryItem, 'title' | 'target' | 'label'> {
  if (!content.startsWith('[')) return { title: unescapeMarkdown(content.trim()) };
  // Link text: up to the matching `]` (escapes and nested brackets allowed).
  let depth = 0;
  let i = 0;
  for (; i < content.length; i++) {
    const ch = content[i];
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '[') depth++;
    else if (ch === ']' && --depth === 0) break;
  }
  if (i >= content.length || content[i + 1] !== '(') return { title: unescapeMarkdown(content.trim()) };
  const text = content.slice(1, i);
  let rest = content.slice(i + 2);
  let target: string;
  if (rest.startsWith('<')) {
    const end = rest.indexOf('>');
    target = rest.slice(1, end < 0 ? undefined : end);
    rest = end < 0 ? '' : rest.slice(end + 1);
  } else {
    const m = /^((?:\\.|[^\s()\\]|\((?:\\.|[^\s()\\])*\))*)/.exec(rest)!;
    target = unescapeMarkdown(m[1]!);
    rest = rest.slice(m[1]!.length);
  }
  const title = /^\s+(?:"((?:\\.|[^"\\])*)"|'((?:\\.|[^'\\])*)')\s*\)/.exec(rest);
  const label = title ? unescapeMarkdown(title[1] ?? title[2] ?? '') : undefined;
  return { title: unescapeMarkdown(text), target: target.trim(), ...(label !== undefined ? { label } : {}) };
}

export function parseSummary(text: string): Summary {
  const lines = text.replace(/^\ufeff/, '').replace(/\r\n?/g, '\n').split('\n');
  const summary: Summary = { groups: [{ items: [] }] };
  let group = summary.groups[0]!;
  // Open items with the indent width of their bullet.
  let stack: { indent: number; item: SummaryItem }[] = [];
  let sawHeading = false;
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n]!;
    const heading = HEADING.exec(line);
    if (heading && !/^[ \t]/.test(line)) {
      let title = heading[2]!;
      if (heading[1] === '#' && !sawHeading && summary.groups.length === 1 && group.items.length === 0) {
        summary.title = unescapeMarkdown(title);
        sawHeading = true;
        continue;
      }
      sawHeading = true;
      const anchor = ANCHOR_HTML.exec(title);
      if (anchor) title = title.slice(0, anchor.index);
      group = { title: unescapeMarkdown(title.trim()), ...(anchor ? { anchor: anchor[2] } : {}), items: [] };
      summary.groups.push(group);
      stack = [];
      continue;
    }
    if (RULE.test(line)) {
      // A thematic break ends the group: the items after it are top-level pages again (GitBook writes `***`).
      if (group.title !== undefined) {
        group = { items: [] };
        summary.groups.push(group);
      }
      stack = [];
      continue;
    }
    const bullet = BULLET.exec(line);
    if (!bullet) continue;
    const indent = width(bullet[1]!);
    let content = bullet[3]!;
    let item: SummaryItem;
    if (/^(`{3,}|~{3,})/.test(content)) {
      // A fenced block as the item's content: read until the closing fence.
      const fence = /^(`{3,}|~{3,})/.exec(content)![1]!;
      const body = [content];
      const contentIndent = line.length - content.length;
      for (n++; n < lines.length; n++) {
        const l = lines[n]!;
        body.push(l.slice(Math.min(contentIndent, l.length - l.trimStart().length)));
        if (l.trim().startsWith(fence) && l.trim().replace(/[`~]/g, '') === '') break;
      }
      content = body.join('\n');
      item = { title: '', children: [], raw: content };
    } else {
      item = { ...parseItemContent(content), children: [] };
    }
    while (stack.length && stack[stack.length - 1]!.indent >= indent) stack.pop();
    if (stack.length >= MAX_SUMMARY_DEPTH) {
      summary.tooDeep = true;
      stack.length = MAX_SUMMARY_DEPTH - 1;
    }
    const parent = stack[stack.length - 1];
    (parent ? parent.item.children : group.items).push(item);
    stack.push({ indent, item });
  }
  // Untitled groups without items (nothing before the first heading, a break at the end) are no groups.
  summary.groups = summary.groups.filter((g, i) => g.title !== undefined || g.items.length > 0 || (i === 0 && summary.groups.length === 1));
  return summary;
}

/** Escapes link text as GitBook does in SUMMARY.md (`[` and `]`, and backslashes). */
export function escapeLinkText(text: string): string {
  return text.replace(/[\\[\]]/g, (c) => `\\${c}`);
}

/** A link destination: angle brackets when it holds spaces or parentheses that would end it. */
export function formatDestination(target: string): string {
  return /[\s<>]/.test(target) || /[()]/.test(target) ? `<${target.replace(/>/g, '%3E')}>` : target;
}

function formatItem(item: SummaryItem, depth: number, out: string[]): void {
  const pad = '  '.repeat(depth);
  if (item.raw !== undefined) {
    const [first, ...rest] = item.raw.split('\n');
    out.push(`${pad}* ${first}`);
    for (const l of rest) out.push(l === '' ? '' : `${pad}  ${l}`);
  } else if (item.target === undefined) {
    out.push(`${pad}* ${item.title}`);
  } else {
    const label = item.label !== undefined ? ` "${item.label.replace(/"/g, '\\"')}"` : '';
    out.push(`${pad}* [${escapeLinkText(item.title)}](${formatDestination(item.target)}${label})`);
  }
  for (const c of item.children) formatItem(c, depth + 1, out);
}

/** Writes a SUMMARY.md the way GitBook does. */
export function formatSummary(summary: Summary): string {
  const out: string[] = [`# ${summary.title ?? 'Table of contents'}`];
  summary.groups.forEach((group, index) => {
    if (group.title !== undefined) {
      out.push('');
      out.push(`## ${group.title}${group.anchor !== undefined ? ` <a href="#${group.anchor}" id="${group.anchor}"></a>` : ''}`);
    } else if (index > 0) {
      // Top-level pages after a group, as GitBook writes them: after a `***` line.
      out.push('', '***');
    }
    if (group.items.length) out.push('');
    for (const item of group.items) formatItem(item, 0, out);
  });
  return `${out.join('\n')}\n`;
}

/** The computed-page source a fenced SUMMARY.md entry holds (`{type, props, dependencies}`), or undefined. */
export function parseComputedEntry(raw: string): Record<string, unknown> | undefined {
  const lines = raw.split('\n');
  const body = lines.slice(1, /^\s*(`{3,}|~{3,})\s*$/.test(lines[lines.length - 1] ?? '') ? -1 : undefined).join('\n');
  try {
    const value = parseYaml(body) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) && typeof (value as { type?: unknown }).type === 'string' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A computed page's SUMMARY.md entry (the item's content, without its bullet), as GitBook writes it. */
export function formatComputedEntry(computed: Record<string, unknown>): string {
  const { props, type, dependencies, ...rest } = computed;
  const ordered = { ...(props !== undefined ? { props } : {}), type, ...(dependencies !== undefined ? { dependencies } : {}), ...rest };
  return '```yaml\n' + stringifyYaml(ordered, { indent: 2, lineWidth: 0 }) + '```';
}
