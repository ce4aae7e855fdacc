/**
 * GitBook JSON documents <-> markdown: the public facade of the markdown layer.
 *
 *   markdownToDocument(md, { resolver? }): Document
 *   documentToMarkdown(doc, { resolver? }): string
 *   normalizeMarkdown(md): string          canonical form = documentToMarkdown(markdownToDocument(md))
 *   extractText(doc) / extractSections(md) / extractLinks(md)
 *   splitFrontmatter(md)
 *
 * Round-trip contract (tested on the fixtures in ./fixtures and on generated
 * mixes of every construct):
 *   1. `markdownToDocument(documentToMarkdown(doc))` deep-equals `doc` for any
 *      document produced by `markdownToDocument` (keys included);
 *   2. hence `normalizeMarkdown` is idempotent, and the normal form keeps the
 *      meaning of the input (same blocks, text, marks, links, images).
 *
 * The normal form is GitBook's style (to-markdown.ts: `*` bullets, `**strong**`,
 * `_emphasis_`, ``` fences, ATX headings, `***` rules, `\` hard breaks, padded
 * GFM tables, GitBook's escapes), plus these rewrites, which are things the
 * JSON model deliberately does not record:
 *   - soft line breaks inside a paragraph become spaces (one line per paragraph);
 *   - setext headings become ATX (unless they hold a hard break); indented code becomes fenced code;
 *   - list markers, ordered numbering (`1.`, `2.`, … from the list start) and
 *     list tightness are normalised (items with several blocks are loose);
 *   - reference links/images are inlined and their definitions dropped;
 *   - escapes and character references are re-encoded minimally (`&copy;` -> `©`);
 *   - a paragraph holding only images is an `images` block; GitBook `<figure>`
 *     images become `![alt](src "caption")`;
 *   - GitBook block tags are written as `{% tag %}` lines without blank lines
 *     around them; `{% code %}` attributes in the order title, overflow, lineNumbers, fullWidth, expandable;
 *     hint/code tag lines that fold into nothing (unbalanced, invalid) are escaped text;
 *   - YAML front matter is not document content: `markdownToDocument` ignores
 *     it (use `splitFrontmatter` to read it).
 *
 * Parsing and serialising are linear in their input and bounded by the limits
 * of limits.ts (size, nesting, blocks, inline elements, output size): past one
 * they throw `ContentLimitError` (413/422 over HTTP).
 *
 * Links and images: targets map to GitBook content refs through the codec of
 * content-ref.ts (`#a` anchor, `/pages/<id>` page, `/files/<id>` file, else
 * url); pass a `RefResolver` to map page-relative paths to ids and back.
 */
export { documentToMarkdown, markdownToDocument, normalizeMarkdown, type ConvertOptions } from './convert.js';
export { documentIndex, documentLinks, documentSections, extractLinks, extractSections, extractText, type ExtractedLink, type Section } from './extract.js';
export { splitFrontmatter, type Frontmatter } from './frontmatter.js';
export { ContentLimitError, LIMITS } from './limits.js';
export type { RefResolver, LinkUsage, TargetKind } from './content-ref.js';
export type * from './document.js';
