/**
 * The markdown syntax layer: markdown text <-> mdast, with GFM and GitBook's
 * dialect (see gitbook-syntax.ts), plus front matter splitting.
 *
 * `serializeMarkdown` fixes every stylistic choice of mdast-util-to-markdown;
 * together with the document model this *is* Bindery's markdown normalisation:
 *
 * - ATX headings (`#`), never setext; no closing `#`s;
 * - `-` bullets (`*` only to separate two adjacent lists), `1.` ordered markers
 *   numbered incrementally from the list's start, one space after the marker;
 * - `**strong**`, `_emphasis_` (`*emphasis*` inside words, where `_` does not
 *   work), `~~strikethrough~~`, `` `code` ``;
 * - fenced code with backticks (longer fences when the code contains backticks);
 * - `---` thematic breaks (`***` when first, so it cannot start front matter);
 *   hard breaks as a trailing backslash;
 * - GFM tables with aligned, padded columns;
 * - `"` for link/image titles; autolinks (`<https://…>`) when text equals URL;
 * - blocks separated by one blank line, output ends with a single newline.
 *
 * Document-level normalisations (what the JSON model cannot represent) are
 * listed in markdown.ts.
 */
import type { Emphasis, Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown, gfmToMarkdown } from 'mdast-util-gfm';
import {
  defaultHandlers,
  toMarkdown,
  type AttentionInfo,
  type Handle,
  type Options as ToMarkdownOptions,
} from 'mdast-util-to-markdown';
import { gfm } from 'micromark-extension-gfm';
import { groupBlockTags, isolateBlockTags, liquidBlockHandler } from './gitbook-syntax.js';

declare module 'mdast' {
  interface EmphasisData {
    /** Set by `serializeMarkdown`: the emphasis touches a letter or digit, so `*` must be used. */
    intraword?: boolean;
  }
}

/** Emphasis handler preferring `_`, or `*` for intraword emphasis (`snake*case*`). */
const emphasisHandler = Object.assign((...args: Parameters<Handle>) => defaultHandlers.emphasis(...args), {
  peek: (node: Emphasis) => (node.data?.intraword ? '*' : '_'),
  attention: (node: Emphasis): AttentionInfo => ({
    construct: 'emphasis',
    markers: node.data?.intraword ? ['*', '_'] : ['_', '*'],
    sizes: [1],
  }),
});

export const SERIALIZE_OPTIONS: Readonly<ToMarkdownOptions> = Object.freeze({
  bullet: '-',
  bulletOther: '*',
  bulletOrdered: '.',
  emphasis: '_',
  strong: '*',
  fence: '`',
  fences: true,
  rule: '-',
  ruleRepetition: 3,
  ruleSpaces: false,
  listItemIndent: 'one',
  incrementListMarker: true,
  setext: false,
  closeAtx: false,
  resourceLink: false,
  quote: '"',
  tightDefinitions: true,
  extensions: [gfmToMarkdown()],
  handlers: { liquidBlock: liquidBlockHandler, emphasis: emphasisHandler },
});

/** Parses markdown (CommonMark + GFM + GitBook block tags) into mdast. */
export function parseMarkdown(markdown: string): Root {
  const source = isolateBlockTags(markdown.replace(/\r\n?/g, '\n'));
  const root = fromMarkdown(source, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  groupBlockTags(root, source);
  return root;
}

/** Serialises mdast with Bindery's normalised style (flags intraword emphasis in `root`). */
export function serializeMarkdown(root: Root): string {
  markIntrawordEmphasis(root);
  const markdown = toMarkdown(root, SERIALIZE_OPTIONS);
  // A leading `---` rule could read back as the start of front matter.
  return markdown.startsWith('---\n') ? `***${markdown.slice(3)}` : markdown;
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

function markIntrawordEmphasis(node: Nodes): void {
  if (!('children' in node)) return;
  node.children.forEach((child, index) => {
    if (child.type === 'emphasis') {
      const previous = node.children[index - 1];
      const next = node.children[index + 1];
      const before = previous?.type === 'text' ? previous.value.slice(-1) : '';
      const after = next?.type === 'text' ? next.value.charAt(0) : '';
      if (WORD_CHARACTER.test(before) || WORD_CHARACTER.test(after)) child.data = { ...child.data, intraword: true };
    }
    markIntrawordEmphasis(child);
  });
}

export interface Frontmatter {
  /** Raw YAML between the `---` fences, or `null` if there is none. */
  frontmatter: string | null;
  /** The markdown after the front matter. */
  body: string;
}

const FRONTMATTER = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

/** Splits a YAML front matter block (GitBook page metadata) off a markdown file. */
export function splitFrontmatter(markdown: string): Frontmatter {
  const match = FRONTMATTER.exec(markdown);
  if (!match) return { frontmatter: null, body: markdown };
  return { frontmatter: match[1] ?? '', body: markdown.slice(match[0].length).replace(/^\s*\n/, '') };
}
