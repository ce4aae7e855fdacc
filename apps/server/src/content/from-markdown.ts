/**
 * markdown -> GitBook document, in one pass over markdown-it's tokens.
 *
 *   markdown --tokenizeBlocks (parser.ts)--> tokens --convert--> blocks --assignKeys--> Document
 *
 * The inline content of each block is parsed when the converter reaches it and its tokens are dropped once read
 * (`BlockTokens.inlineChildren`): the page's inline tokens are never all alive at once. Limit errors are those of a
 * whole parse first: when the converter refuses something (a reference expanding past the output size, GitBook
 * tags nested too deep), the inline content after it is parsed first, and too many inline elements is the answer.
 *
 * Block tokens are walked with a cursor; nested containers recurse (their
 * depth is bounded by the parser's guard). Inline tokens become leaves with
 * flattened marks (`**a _b_**` -> `a`[bold] `b`[bold, italic]) and inlines.
 *
 * Conventions (see to-markdown.ts for the way back):
 * - a soft line break is a space, a hard break is `\n` in a leaf without marks;
 * - inline code is a leaf with the `code` mark;
 * - reference links and images are resolved by the parser (definitions make no block);
 * - a paragraph holding only images is an `images` block; GitBook `<figure>` HTML is one too;
 * - GitBook block tags (`{% hint %}`, `{% code %}`) are folded into blocks here;
 *   any other `{% … %}` line is a paragraph holding that line as its text, verbatim;
 * - task list items: a list item whose first paragraph starts with `[ ]`/`[x]` and a space;
 * - autolink literals keep their link only when written with a scheme, `www.` or as an e-mail.
 */
import { targetToImageRef, targetToRef, type RefResolver } from './content-ref.js';
import {
  assignKeys,
  createDocument,
  leaf,
  leafSharingMarks,
  leafWithBits,
  MARK_BITS,
  text,
  type Block,
  type CodeBlock,
  type CodeData,
  type Document,
  type FootnoteDefinitionBlock,
  type HeadingType,
  type HintStyle,
  type ImageBlock,
  type ImagesBlock,
  type Inline,
  type InlineContent,
  type InlineImage,
  type Leaf,
  type ListBlock,
  type ListItemBlock,
  type ParagraphBlock,
  type TableAlign,
  type TableBlock,
  type TableCellBlock,
  type TableRowBlock,
} from './document.js';
import { isValidBody, isValidOpening, parseFigure, parseTagLine, tagLineSides, type TagLine } from './gitbook-syntax.js';
import { LIMITS, limitError } from './limits.js';
import { isGfmAutolinkLabel, normalizeLabel, tokenizeBlocks, unescapeAll, WWW_LITERAL, type BlockTokens, type Token } from './parser.js';

/**
 * Parses markdown (without front matter) into a GitBook document, keyed unless `keys` is false (keys only matter to
 * clients reading the JSON document; normalising and indexing do without them).
 */
export function parseDocument(markdown: string, resolver?: RefResolver, keys = true): Document {
  const nodes = convert(markdown, resolver, undefined);
  const doc = createDocument(nodes);
  return keys ? assignKeys(doc) : doc;
}

/**
 * `parseDocument(markdown, resolver, false).nodes`, given to `onBlock` one top-level block at a time as soon as it is
 * built (and its tag lines grouped), so that a caller that serialises and indexes each block lets it die young
 * instead of keeping the whole document alive. The blocks, their order and the limits refused are the same. The blocks
 * are to be read, not changed or kept: leaves with the same marks share one `marks` array.
 */
export function parseDocumentBlocks(markdown: string, onBlock: (block: Block) => void, resolver?: RefResolver): void {
  convert(markdown, resolver, onBlock);
}

function convert(markdown: string, resolver: RefResolver | undefined, onBlock: ((block: Block) => void) | undefined): Block[] {
  const source = markdown.includes('\r') ? markdown.replace(/\r\n?/g, '\n') : markdown;
  const blocks = tokenizeBlocks(source);
  const converter = new Converter(blocks, resolver, onBlock, new SourceLines(source));
  let nodes: Block[];
  try {
    nodes = converter.flow(undefined, 0);
  } catch (error) {
    blocks.finish();
    throw error;
  }
  blocks.finish();
  return nodes;
}

/** A paragraph that is a GitBook tag line, kept apart until the tags are matched. */
interface TagItem {
  tag: TagLine;
  paragraph: ParagraphBlock;
}
type FlowItem = Block | TagItem;

const isTagItem = (item: FlowItem): item is TagItem => 'tag' in item;

/**
 * What `inlines` collects before grouping: inlines, and runs of text with their marks as bits (MARK_BITS). A leaf
 * (with its array of marks) is made once per run of equal marks by `groupPieces`, not once per text token.
 */
interface TextPiece {
  object: 'leaf';
  text: string;
  bits: number;
}
type Piece = TextPiece | Inline;

const textPiece = (text: string, bits: number): TextPiece => ({ object: 'leaf', text, bits });

class Converter {
  private i = 0;
  /** Characters of link and image targets and titles: references repeat them, so they can outgrow the input. */
  private targetChars = 0;
  private readonly tokens: Token[];
  private readonly blocks: BlockTokens;
  private readonly resolver: RefResolver | undefined;
  /** Where top-level blocks go as soon as they are final, when given (parseDocumentBlocks); else `flow` returns them. */
  private readonly onBlock: ((block: Block) => void) | undefined;
  /** The source's lines, and the line after the last leaf block read so far (its token's map end). */
  private readonly lines: SourceLines;
  private lastEnd = 0;
  /** The last leaf block is raw HTML that runs to its end marker and has none (a comment, `<pre>`): blank lines after it are its own. */
  private openEnded = false;
  /** How many quotes hold the block being read (their `>` lines are its blank lines: SourceLines.blankRun). */
  private quotes = 0;

  constructor(blocks: BlockTokens, resolver: RefResolver | undefined, onBlock: ((block: Block) => void) | undefined, lines: SourceLines) {
    this.blocks = blocks;
    this.tokens = blocks.tokens;
    this.resolver = resolver;
    this.onBlock = onBlock;
    this.lines = lines;
  }

  /** The inline tokens of the `inline` token at `index`, parsed now (see BlockTokens). */
  private children(index: number): Token[] {
    return this.blocks.inlineChildren(index);
  }

  /** Drops the inline tokens at `index` once converted (they are garbage from here on). */
  private releaseChildren(index: number): void {
    const token = this.tokens[index];
    if (token) token.children = null;
  }

  /** Blocks up to the token of type `close` (consumed), or to the end. `depth` is the nesting of the container. */
  flow(close: string | undefined, depth: number): Block[] {
    const items: FlowItem[] = [];
    const tokens = this.tokens;
    // Top-level blocks given away as they are built: tag lines grouped as they come (a block is final once no tag
    // before it is still open).
    const grouper = depth === 0 && this.onBlock !== undefined ? new TagGrouper(0, this.onBlock) : undefined;
    // GitBook's empty paragraphs: it joins blocks with a blank line and writes an empty paragraph as an empty line, so
    // 3 blank lines between two blocks are one, 5 are two (emptyParagraphs). Read so at the top level and in list items.
    // A tag line is joined to its neighbour without a blank line (an opening tag to the block after it, a closing tag
    // to the one before it: tagLineSides), so there 2 blank lines are one empty paragraph (`{% step %}`, empty line,
    // text), and 1 between an opening and a closing tag (`{% hint %}`, empty line, `{% endhint %}`).
    const gaps = close === undefined || close === 'list_item_close';
    let previousEnd: number | undefined;
    let previousOpens = false;
    let any = false;
    while (this.i < tokens.length) {
      const token = tokens[this.i] as Token;
      if (token.type === close) {
        this.i++;
        break;
      }
      const sides = token.type === 'gitbook_tag' ? tagLineSides(token.content) : undefined;
      const start = token.map?.[0];
      const item = this.block(token, depth);
      if (item !== undefined) {
        if (gaps && previousEnd !== undefined && start !== undefined) {
          const joins = (previousOpens ? 1 : 0) + (sides?.closes === true ? 1 : 0);
          for (let n = Math.floor((this.lines.blank(previousEnd, start) - 1 + joins) / 2); n > 0; n--) {
            if (grouper) grouper.push(emptyParagraph());
            else items.push(emptyParagraph());
          }
        } else if (close === undefined && !any && start !== undefined && start > 0) {
          // Empty paragraphs first in the page: GitBook joins them to the first block with a blank line too, so the body
          // starts with 2 blank lines per empty paragraph (`# Title`, 3 blank lines, text in a page file: one), and a
          // closing tag line with one blank line fewer (joined to the line before it).
          for (let n = Math.floor((this.lines.blank(0, start) + (sides?.closes === true ? 1 : 0)) / 2); n > 0; n--) {
            if (grouper) grouper.push(emptyParagraph());
            else items.push(emptyParagraph());
          }
        }
        if (grouper) grouper.push(item);
        else items.push(item);
        any = true;
        previousEnd = gaps && !this.openEnded ? this.lastEnd : undefined;
        previousOpens = sides?.opens === true;
      }
      // A top-level block is done: its tokens are garbage from here on.
      if (depth === 0) this.blocks.release(this.i);
    }
    // Blank lines after the last block of the page: GitBook ends a page with a newline unless its text already ends
    // with one, so one blank line is one empty paragraph, 3 are two.
    if (close === undefined && any && !this.openEnded) {
      for (let n = Math.floor((this.lines.blank(this.lastEnd, this.lines.count) + 1) / 2); n > 0; n--) {
        if (grouper) grouper.push(emptyParagraph());
        else items.push(emptyParagraph());
      }
    }
    // A text of blank lines alone: GitBook's page of empty paragraphs alone (`# Title`, 3 blank lines: two; the body
    // after the title's blank line is 2 blank lines, 2 more for each further one). Fewer than 2 are no block (an
    // empty document; a page file writes it as its one empty paragraph).
    if (close === undefined && !any && this.lines.count >= 2 && this.lines.blank(0, this.lines.count) >= 2) {
      for (let n = Math.floor(this.lines.count / 2) + 1; n > 0; n--) {
        if (grouper) grouper.push(emptyParagraph());
        else items.push(emptyParagraph());
      }
    }
    if (grouper) {
      grouper.end();
      return [];
    }
    return groupTags(items, depth);
  }

  private block(token: Token, depth: number): FlowItem | undefined {
    // The line after the last leaf block (containers end with their last leaf: blank lines after it are counted).
    if (token.map && LEAF_BLOCKS.has(token.type)) {
      this.lastEnd = token.map[1];
      this.openEnded = token.type === 'html_block' && isOpenEndedHtml(token.content);
    }
    switch (token.type) {
      case 'paragraph_open':
        return this.paragraph();
      case 'gitbook_tag': {
        this.i++;
        // Its text is kept verbatim (no emphasis, links or escapes inside); known tags may fold into a block.
        const paragraph: ParagraphBlock = { object: 'block', type: 'paragraph', data: {}, nodes: [text([leaf(token.content)])] };
        const tag = parseTagLine(token.content);
        return tag ? { tag, paragraph } : paragraph;
      }
      case 'heading_open': {
        const index = this.i + 1;
        this.i += 3;
        const nodes = this.inlines(this.children(index));
        this.releaseChildren(index);
        return { object: 'block', type: `heading-${token.tag.slice(1)}` as HeadingType, data: {}, nodes };
      }
      case 'bullet_list_open':
      case 'ordered_list_open':
        this.i++;
        return this.list(token, depth + 1);
      case 'blockquote_open': {
        this.i++;
        this.quotes++;
        const nodes = this.flow('blockquote_close', depth + 1);
        this.quotes--;
        return { object: 'block', type: 'blockquote', data: {}, nodes };
      }
      case 'fence': {
        this.i++;
        const info = unescapeAll(token.info).trim();
        const space = info.search(/[ \t]/);
        const lang = space < 0 ? info : info.slice(0, space);
        const meta = space < 0 ? '' : info.slice(space).trim();
        return codeBlock(withoutFinalNewline(token.content), { ...(lang ? { syntax: lang } : {}), ...(meta ? { meta } : {}) });
      }
      case 'code_block':
        this.i++;
        return codeBlock(withoutFinalNewline(token.content), {});
      case 'html_block': {
        this.i++;
        // Trailing blank lines (an unterminated comment or <pre> runs to the end of its container) carry nothing,
        // nor does the indentation before the first tag.
        const html = token.content.replace(/^[ \t]+/, '').replace(/\n+$/, '');
        const figure = parseFigure(html);
        // A figure's image has a caption, empty when GitBook wrote `<figcaption></figcaption>` (or none).
        if (figure) return imagesBlock([this.imageBlock(figure.src, figure.alt, figure.caption ?? '', true)]);
        return { object: 'block', type: 'html', data: { html }, isVoid: true, nodes: [] };
      }
      case 'math_block':
        this.i++;
        // Blank lines at the formula's edges mean nothing in TeX (and would not be written back as many).
        return { object: 'block', type: 'math', data: { formula: token.content.replace(/^(?:[ \t]*\n)+/, '').replace(/(?:\n[ \t]*)+$/, '').replace(/^[ \t]+$/, '') }, isVoid: true, nodes: [] };
      case 'hr':
        this.i++;
        return { object: 'block', type: 'divider', data: {}, isVoid: true, nodes: [] };
      case 'table_open':
        this.i++;
        return this.table();
      case 'footnote_def_open': {
        this.i++;
        const label = String((token.meta as { label: string }).label);
        const nodes = this.flow('footnote_def_close', depth + 1);
        const block: FootnoteDefinitionBlock = { object: 'block', type: 'footnote-definition', data: { identifier: normalizeLabel(label), label }, nodes };
        return block;
      }
      default:
        // Closing tokens of containers are consumed by `flow`; anything else is skipped.
        this.i++;
        return undefined;
    }
  }

  private paragraph(): FlowItem {
    const open = this.tokens[this.i];
    const index = this.i + 1;
    this.i += 3;
    let children = this.children(index);
    // GitBook's hard break ending a paragraph (a text ending in a newline): its trailing `\`, the break's newline and
    // the blank line joining the next block, so the paragraph's last line ends in a bare `\` followed by 2 blank lines
    // (GitBook writes a literal backslash `\\`). CommonMark reads that `\` as a literal backslash; read as the break,
    // its newline the first of the blank lines (so 4 blank lines are the break and one empty paragraph). Followed by
    // one blank line only (hand-written `C:\` ending a paragraph), it stays a backslash; so it does last in a container
    // (a list item), where GitBook's break would be followed by fewer blank lines than a literal's.
    // In a quote, its lines of `>` alone are its blank lines: 2 of them after the `\` are a break there too, before the
    // quote's next block or its end (the writer writes 2 before the end of a quote, where CommonMark reads none). Last
    // in the page (or in the last item of a list ending the page), the `\` followed by one blank line and the end is a
    // break (GitBook ends such a page right after the `\` line, which reads as a hand-written `C:\` ending a text: a
    // backslash; 2 blank lines are the break and an empty paragraph, as below).
    const end = open?.map?.[1];
    const last = children[children.length - 1];
    const next = this.tokens[this.i];
    // So is the end of a list item (sixteenth round: GitBook writes `* text\`, 2 blank lines, the next block, as after a
    // paragraph, AppFlowy's 2022 pages) before the next item, the next block, a quote's end or the page's end (the
    // writer writes 2 blank lines before another item, where GitBook joins items with one line: a hand-written
    // `C:\` ending an item of a loose list stays a backslash).
    if (end !== undefined && last?.type === 'text' && last.content.endsWith('\\') && this.lines.endsInBareBackslash(end - 1)) {
      let k = this.i;
      while (/^(?:list_item|bullet_list|ordered_list)_close$/.test(this.tokens[k]?.type ?? '')) k++;
      const after = this.tokens[k];
      const itemEnds = next?.type === 'list_item_close' && (after === undefined || !after.type.endsWith('_close') || (this.quotes > 0 && after.type === 'blockquote_close'));
      const blank = this.lines.blankRun(end, this.quotes);
      const pageEnds = after === undefined && (next === undefined || itemEnds) && blank === 1 && end + 1 === this.lines.count;
      const quoteEnds = this.quotes > 0 && next?.type === 'blockquote_close';
      if ((blank >= 2 && (next === undefined || !next.type.endsWith('_close') || itemEnds || quoteEnds)) || pageEnds) {
        const cut = Object.assign(Object.create(Object.getPrototypeOf(last) as object) as Token, last, { content: last.content.slice(0, -1) });
        const hardbreak = Object.assign(Object.create(Object.getPrototypeOf(last) as object) as Token, last, { type: 'hardbreak', content: '', markup: '\\' });
        children = [...children.slice(0, -1), cut, hardbreak];
        // In a quote, past its blank lines (`>`: blank lines after the quote count as after any block).
        this.lastEnd = end + (this.quotes > 0 ? blank : 1);
      }
    }
    const block = this.imagesOnly(children) ?? { object: 'block', type: 'paragraph', data: {}, nodes: this.inlines(children) };
    this.releaseChildren(index);
    return block;
  }

  private list(open: Token, depth: number): ListBlock {
    const ordered = open.type === 'ordered_list_open';
    const close = ordered ? 'ordered_list_close' : 'bullet_list_close';
    const items: ListItemBlock[] = [];
    const tokens = this.tokens;
    while (this.i < tokens.length) {
      const token = tokens[this.i] as Token;
      this.i++;
      if (token.type === close) break;
      if (token.type !== 'list_item_open') continue;
      const checked = this.taskMarker();
      const nodes = this.flow('list_item_close', depth + 1);
      // Empty paragraphs ending an item before the next one: GitBook joins items with a newline, so the item's last
      // block, a blank line and an empty line (2 blank lines) are one (4 are two).
      const next = tokens[this.i];
      if (nodes.length > 0 && next?.type === 'list_item_open' && next.map && !this.openEnded) {
        for (let n = Math.floor(this.lines.blank(this.lastEnd, next.map[0]) / 2); n > 0; n--) nodes.push(emptyParagraph());
      }
      items.push({ object: 'block', type: 'list-item', data: checked === undefined ? {} : { checked }, nodes });
    }
    if (ordered) {
      const start = Number(open.attrGet('start') ?? 1);
      return { object: 'block', type: 'list-ordered', data: start === 1 ? {} : { start }, nodes: items };
    }
    const tasks = items.length > 0 && items.every((item) => typeof item.data.checked === 'boolean');
    return { object: 'block', type: tasks ? 'list-tasks' : 'list-unordered', data: {}, nodes: items };
  }

  /** At the start of a list item: reads and strips a GFM task marker (`[ ]`, `[x]`) from its first paragraph. */
  private taskMarker(): boolean | undefined {
    const open = this.tokens[this.i];
    const inline = this.tokens[this.i + 1];
    if (open?.type !== 'paragraph_open' || inline?.type !== 'inline') return undefined;
    const marker = TASK_MARKER.exec(inline.content);
    const first = this.children(this.i + 1)[0];
    if (!marker || first?.type !== 'text' || !first.content.startsWith(marker[0])) return undefined;
    first.content = first.content.slice(marker[0].length);
    inline.content = inline.content.slice(marker[0].length);
    return marker[1] !== ' ';
  }

  private table(): TableBlock {
    const rows: TableRowBlock[] = [];
    const align: TableAlign[] = [];
    const tokens = this.tokens;
    let row: TableCellBlock[] | undefined;
    while (this.i < tokens.length) {
      const token = tokens[this.i] as Token;
      this.i++;
      switch (token.type) {
        case 'tr_open':
          row = [];
          break;
        case 'tr_close':
          if (row) rows.push({ object: 'block', type: 'table-row', data: {}, nodes: row });
          row = undefined;
          break;
        case 'th_open':
        case 'td_open': {
          if (token.type === 'th_open') align.push(cellAlign(token));
          const index = this.i;
          this.i += 2;
          const nodes = this.inlines(this.children(index));
          this.releaseChildren(index);
          row?.push({ object: 'block', type: 'table-cell', data: {}, nodes });
          break;
        }
        case 'table_close':
          return { object: 'block', type: 'table', data: { align }, nodes: rows.map((r) => padRow(r, align.length)) };
      }
    }
    return { object: 'block', type: 'table', data: { align }, nodes: rows.map((r) => padRow(r, align.length)) };
  }

  /**
   * A paragraph holding only images (and white space) is GitBook's `images` block — also when marks wrap them
   * (`**![a](x.png)**`): images carry no marks, so such a paragraph would be written `![a](x.png)` alone, which reads
   * back as the images block.
   */
  private imagesOnly(children: readonly Token[]): ImagesBlock | undefined {
    let images = 0;
    for (const child of children) {
      if (child.type === 'image') images++;
      else if (!(child.type === 'softbreak' || MARK_TOKENS.has(child.type) || (child.type === 'text' && child.content.trim() === ''))) return undefined;
    }
    if (images === 0) return undefined;
    // White space first or last is a character reference (`&#x20;![](a.png)`: the block parser trims what is written
    // there): GitBook's paragraph of a space and an image, kept a paragraph (written back so, not as the image alone).
    const space = (child: Token) => (child.type === 'text' || child.type === 'text_special') && child.content !== '';
    const skipped = (child: Token) => MARK_TOKENS.has(child.type) || ((child.type === 'text' || child.type === 'text_special') && child.content === '');
    const first = children.find((child) => !skipped(child));
    const last = children.findLast((child) => !skipped(child));
    if ((first && space(first)) || (last && space(last))) return undefined;
    return imagesBlock(
      children.filter((child) => child.type === 'image').map((image) => this.imageBlock(String(image.attrGet('src') ?? ''), altText(image), String(image.attrGet('title') ?? ''))),
    );
  }

  /**
   * An image block; `captioned`: it has a caption fragment even when the caption is empty — GitBook's image with a
   * caption, written `<figure>…<figcaption></figcaption></figure>`, where one without is written `![alt](src)`.
   */
  private imageBlock(url: string, alt: string, caption: string, captioned = false): ImageBlock {
    return {
      object: 'block',
      type: 'image',
      data: { ref: targetToImageRef(url, this.resolver), ...(alt ? { alt } : {}) },
      isVoid: true,
      nodes: [],
      fragments: caption || captioned
        ? [{ object: 'fragment', fragment: 'caption', type: 'caption', nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: [text([leaf(caption)])] }] }]
        : [],
    };
  }

  /** Inline tokens -> texts and inlines (never empty: an empty container holds one empty leaf). */
  inlines(children: readonly Token[]): InlineContent[] {
    // Text runs and inlines outside links are grouped as they come (no piece object per text token); a link's are
    // collected first, as they stay pieces of the content around it when the link is a bare linkify domain.
    const runs = new InlineRuns(this.onBlock !== undefined);
    // Open emphasis of each kind, and the marks they make (no closures or objects per call: this runs per paragraph).
    let bold = 0;
    let italic = 0;
    let strikethrough = 0;
    let bits = 0;
    // Pieces of the link being read (links do not nest).
    let link: { open: Token; pieces: Piece[] } | undefined;
    for (let t = 0; t < children.length; t++) {
      const token = children[t] as Token;
      switch (token.type) {
        case 'text':
        case 'text_special':
          if (token.content !== '') {
            if (link) link.pieces.push(textPiece(token.content, bits));
            else runs.text(token.content, bits);
          }
          break;
        case 'softbreak':
          if (link) link.pieces.push(textPiece(' ', bits));
          else runs.text(' ', bits);
          break;
        case 'hardbreak':
          if (link) link.pieces.push(textPiece('\n', 0));
          else runs.text('\n', 0);
          break;
        case 'code_inline':
          if (link) link.pieces.push(textPiece(token.content, bits | MARK_BITS.code));
          else runs.text(token.content, bits | MARK_BITS.code);
          break;
        case 'strong_open':
        case 'strong_close':
          bold += token.type === 'strong_open' ? 1 : -1;
          bits = (bold > 0 ? MARK_BITS.bold : 0) | (italic > 0 ? MARK_BITS.italic : 0) | (strikethrough > 0 ? MARK_BITS.strikethrough : 0);
          break;
        case 'em_open':
        case 'em_close':
          italic += token.type === 'em_open' ? 1 : -1;
          bits = (bold > 0 ? MARK_BITS.bold : 0) | (italic > 0 ? MARK_BITS.italic : 0) | (strikethrough > 0 ? MARK_BITS.strikethrough : 0);
          break;
        case 's_open':
        case 's_close':
          strikethrough += token.type === 's_open' ? 1 : -1;
          bits = (bold > 0 ? MARK_BITS.bold : 0) | (italic > 0 ? MARK_BITS.italic : 0) | (strikethrough > 0 ? MARK_BITS.strikethrough : 0);
          break;
        case 'link_open':
          link = { open: token, pieces: [] };
          break;
        case 'link_close':
          if (link) {
            const { open, pieces: inner } = link;
            link = undefined;
            const href = String(open.attrGet('href') ?? '');
            this.countTarget(href.length + String(open.attrGet('title') ?? '').length);
            if (open.markup === 'linkify' && !isLiteralAutolink(inner, href)) {
              for (const p of inner) runs.piece(p);
              break;
            }
            const title = open.attrGet('title');
            // A URL written bare (`data.autolink`, a Bindery extension): written bare again (to-markdown.ts).
            const bare = ((open.markup === 'linkify' || open.markup === 'autolink') && isBareUrl(inner, href)) || ((open.markup === 'linkify' || open.info === 'angle') && isBareWww(inner, href));
            runs.inline({
              object: 'inline',
              type: 'link',
              data: { ref: targetToRef(href, this.resolver), ...(title ? { title: String(title) } : {}), ...(bare ? { autolink: true } : {}) },
              nodes: groupPieces(inner, this.onBlock !== undefined),
            });
          }
          break;
        case 'image': {
          const image = this.inlineImage(token);
          if (link) link.pieces.push(image);
          else runs.inline(image);
          break;
        }
        case 'html_inline': {
          // Raw inline HTML spanning lines is kept on one line (a line break in HTML is white space): its lines
          // could start blocks of their own once written in other containers.
          const html: Inline = { object: 'inline', type: 'html', data: { html: token.content.includes('\n') ? token.content.replace(/[ \t]*\n[ \t]*/g, ' ') : token.content }, isVoid: true, nodes: [] };
          if (link) link.pieces.push(html);
          else runs.inline(html);
          break;
        }
        case 'math_inline': {
          // GitBook's inline math (`$$x^2$$`): its node, the formula as written.
          const math: Inline = { object: 'inline', type: 'inline-math', data: { formula: token.content }, isVoid: true, nodes: [] };
          if (link) link.pieces.push(math);
          else runs.inline(math);
          break;
        }
        case 'footnote_ref': {
          const label = String((token.meta as { label: string }).label);
          const ref: Inline = { object: 'inline', type: 'footnote-reference', data: { identifier: normalizeLabel(label), label }, isVoid: true, nodes: [] };
          if (link) link.pieces.push(ref);
          else runs.inline(ref);
          break;
        }
      }
    }
    if (link) for (const p of link.pieces) runs.piece(p);
    const inlines = runs.out;
    return inlines.length > 0 ? inlines : [text([leaf('')])];
  }

  /** Refuses early what reference links would expand beyond the size limit of the normal form. */
  private countTarget(chars: number): void {
    this.targetChars += chars;
    if (this.targetChars > LIMITS.outputBytes) throw limitError('outputBytes', 'the markdown expands beyond the size allowed once its reference links are written out');
  }

  private inlineImage(token: Token): InlineImage {
    const alt = altText(token);
    const caption = String(token.attrGet('title') ?? '');
    this.countTarget(String(token.attrGet('src') ?? '').length + caption.length);
    return {
      object: 'inline',
      type: 'inline-image',
      data: { ref: targetToImageRef(String(token.attrGet('src') ?? ''), this.resolver), ...(alt ? { alt } : {}), ...(caption ? { caption } : {}) },
      isVoid: true,
      nodes: [],
    };
  }
}

/**
 * A URL with a scheme written bare or as `<url>`, its own text with one set of marks (`https://x.io`, `**https://x.io**`), or an e-mail address
 * written bare or as `<a@b.dev>` (`team@x.io`, as GitBook writes them): `data.autolink` of its link. Only what the
 * serialiser can write so again (no white space, `\\`, `|`, `<`, `>` or backtick; an address `<…>` reads back).
 */
function isBareUrl(inner: readonly Piece[], href: string): boolean {
  let text = '';
  // One set of marks over it all (`**help@x.io**`, GitBook's bold address), no code.
  const bits = inner[0]?.object === 'leaf' ? inner[0].bits : 0;
  if ((bits & MARK_BITS.code) !== 0) return false;
  for (const piece of inner) {
    if (piece.object !== 'leaf' || piece.bits !== bits) return false;
    text += piece.text;
  }
  if (/[\s\\|<>`]/.test(href)) return false;
  if (text === href) return /^[a-z][a-z0-9+.-]*:\/\//i.test(href);
  return href === `mailto:${text}` && EMAIL_AUTOLINK.test(`<${text}>`);
}

/**
 * A `www.` literal written bare (`www.x.io`, as GitBook writes one typed in text) or as the serialiser writes it where
 * it cannot be bare (`[www.x.io](<http://www.x.io>)`): `data.autolink` of its link. Only a host and path of letters,
 * digits, `-`, `.` and `/` (nothing the link text could read otherwise).
 */
function isBareWww(inner: readonly Piece[], href: string): boolean {
  const piece = inner[0];
  if (inner.length !== 1 || piece?.object !== 'leaf' || (piece.bits & MARK_BITS.code) !== 0) return false;
  return WWW_LITERAL.test(piece.text) && href === `http://${piece.text}`;
}

/** CommonMark's e-mail autolink, whole. */
const EMAIL_AUTOLINK = /^<[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*>$/;

const TASK_MARKER = /^\[([ xX])\][ \t]+(?=\S)/;

/** GFM autolink literals need a scheme, `www.` or an e-mail address; linkify's bare domains (`a.com`) stay text. */
function isLiteralAutolink(inner: readonly Piece[], href: string): boolean {
  const first = inner[0];
  const label = first?.object === 'leaf' ? first.text : '';
  // The scheme linkify gave the URL (`http` for a bare domain, which a label `rpc.example.dev:443` does not start with).
  return isGfmAutolinkLabel(label, href.startsWith('mailto:'), /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1] ?? '');
}

function altText(image: Token): string {
  let alt = '';
  const visit = (tokens: readonly Token[]): void => {
    for (const token of tokens) {
      // Image labels are parsed apart from the paragraph: escapes and entities are still `text_special` tokens.
      if (token.type === 'text' || token.type === 'text_special' || token.type === 'code_inline') alt += token.content;
      // (An alt text is text: inline math there stays as written, `$$x$$`.)
      else if (token.type === 'math_inline') alt += `$$${token.content}$$`;
      else if (token.type === 'softbreak' || token.type === 'hardbreak') alt += ' ';
      else if (token.type === 'image') visit(token.children ?? []);
    }
  };
  visit(image.children ?? []);
  return alt;
}

function cellAlign(token: Token): TableAlign {
  const style = String(token.attrGet('style') ?? '');
  const match = /text-align:(left|right|center)/.exec(style);
  return (match?.[1] as TableAlign | undefined) ?? null;
}

function padRow(row: TableRowBlock, width: number): TableRowBlock {
  if (row.nodes.length === width) return row;
  const nodes = row.nodes.slice(0, width);
  while (nodes.length < width) nodes.push({ object: 'block', type: 'table-cell', data: {}, nodes: [text([leaf('')])] });
  return { ...row, nodes };
}

/** Block tokens that hold no blocks (their map's end is the line after the block's last line). */
const LEAF_BLOCKS: ReadonlySet<string> = new Set(['paragraph_open', 'heading_open', 'fence', 'code_block', 'html_block', 'math_block', 'hr', 'table_open', 'gitbook_tag']);

/** The lines of a source (markdown-it's count: a last line without its newline is one too). */
class SourceLines {
  private readonly source: string;
  /** Offset where each line starts. */
  private readonly starts: number[] = [0];
  readonly count: number;

  constructor(source: string) {
    this.source = source;
    for (let at = source.indexOf('\n'); at >= 0; at = source.indexOf('\n', at + 1)) this.starts.push(at + 1);
    this.count = source === '' || source.endsWith('\n') ? this.starts.length - 1 : this.starts.length;
  }

  /**
   * How many blank lines (spaces and tabs only) follow from line `from` on (to the next other line or the end); inside
   * `quotes` quotes, how many of the quote's blank lines (white space and 1 to `quotes` markers `>`).
   */
  blankRun(from: number, quotes = 0): number {
    let line = from;
    while (line < this.count && (quotes > 0 ? this.quoteBlank(line, quotes) : this.blank(line, line + 1) === 1)) line++;
    return line - from;
  }

  /** Line `line` is white space and 1 to `quotes` markers `>`. */
  private quoteBlank(line: number, quotes: number): boolean {
    const end = line + 1 < this.starts.length ? (this.starts[line + 1] as number) - 1 : this.source.length;
    let markers = 0;
    for (let at = this.starts[line] as number; at < end; at++) {
      const c = this.source.charCodeAt(at);
      if (c === 0x3e) {
        if (++markers > quotes) return false;
      } else if (c !== 0x20 && c !== 0x09) return false;
    }
    return markers > 0;
  }

  /** Line `line` ends in an odd run of backslashes (its last one escapes nothing). */
  endsInBareBackslash(line: number): boolean {
    if (line < 0 || line >= this.count) return false;
    let at = (line + 1 < this.starts.length ? (this.starts[line + 1] as number) - 1 : this.source.length) - 1;
    if (this.source.charCodeAt(at) === 0x0d) at--;
    let run = 0;
    for (; at >= (this.starts[line] as number) && this.source.charCodeAt(at) === 0x5c; at--) run++;
    return run % 2 === 1;
  }

  /** How many lines `from` … `to - 1` are, when all are blank (spaces and tabs only); else 0 (a reference definition). */
  blank(from: number, to: number): number {
    if (from < 0 || to > this.count || to <= from) return 0;
    for (let line = from; line < to; line++) {
      const end = line + 1 < this.starts.length ? (this.starts[line + 1] as number) - 1 : this.source.length;
      for (let at = this.starts[line] as number; at < end; at++) {
        const c = this.source.charCodeAt(at);
        if (c !== 0x20 && c !== 0x09) return 0;
      }
    }
    return to - from;
  }
}

/** CommonMark's HTML blocks that end at an end marker (kinds 1-5), when the marker is missing (they run to the end of their container). */
function isOpenEndedHtml(html: string): boolean {
  const start = html.replace(/^[ \t]+/, '');
  if (start.startsWith('<!--')) return !start.includes('-->', 4);
  if (start.startsWith('<?')) return !start.includes('?>', 2);
  if (start.startsWith('<![CDATA[')) return !start.includes(']]>', 9);
  if (/^<![A-Za-z]/.test(start)) return !start.includes('>', 2);
  const raw = /^<(script|pre|style|textarea)(?=[\s>]|$)/i.exec(start);
  return raw !== null && !start.toLowerCase().includes(`</${(raw[1] as string).toLowerCase()}>`);
}

/** GitBook's empty paragraph (an empty line of its markdown). */
function emptyParagraph(): ParagraphBlock {
  return { object: 'block', type: 'paragraph', data: {}, nodes: [text([leaf('')])] };
}

function withoutFinalNewline(value: string): string {
  return value.endsWith('\n') ? value.slice(0, -1) : value;
}

function codeBlock(value: string, data: CodeData): CodeBlock {
  return {
    object: 'block',
    type: 'code',
    data,
    nodes: value.split('\n').map((line) => ({ object: 'block', type: 'code-line', data: {}, nodes: [text([leaf(line)])] })),
  };
}

/** Tokens of marks around inline content: an image inside them carries none of them. */
const MARK_TOKENS: ReadonlySet<string> = new Set(['strong_open', 'strong_close', 'em_open', 'em_close', 's_open', 's_close']);

function imagesBlock(images: ImageBlock[]): ImagesBlock {
  return { object: 'block', type: 'images', data: {}, nodes: images };
}

/**
 * Merges adjacent leaves with equal marks, drops empty ones and wraps leaf runs in text nodes, one text run or inline
 * at a time (`out` is the content so far).
 */
class InlineRuns {
  readonly out: InlineContent[] = [];
  private previousMarks = -1;
  /**
   * Leaves share their marks arrays (`leafSharingMarks`): the blocks are only read, by the caller of
   * parseDocumentBlocks, which never hands them out.
   */
  private readonly sharedMarks: boolean;

  constructor(sharedMarks: boolean) {
    this.sharedMarks = sharedMarks;
  }

  text(value: string, marks: number): void {
    if (value === '') return;
    const out = this.out;
    const last = out[out.length - 1];
    if (last?.object !== 'text') {
      out.push(text([this.sharedMarks ? leafSharingMarks(value, marks) : leafWithBits(value, marks)]));
    } else if (this.previousMarks === marks) {
      (last.leaves[last.leaves.length - 1] as Leaf).text += value;
    } else {
      last.leaves.push(this.sharedMarks ? leafSharingMarks(value, marks) : leafWithBits(value, marks));
    }
    this.previousMarks = marks;
  }

  inline(inline: Inline): void {
    this.out.push(inline);
  }

  piece(piece: Piece): void {
    if (piece.object === 'inline') this.inline(piece);
    else this.text(piece.text, piece.bits);
  }
}

/** Merges adjacent leaves with equal marks, drops empty ones and wraps leaf runs in text nodes. */
function groupPieces(pieces: readonly Piece[], sharedMarks: boolean): InlineContent[] {
  const runs = new InlineRuns(sharedMarks);
  for (const piece of pieces) runs.piece(piece);
  return runs.out;
}


// ---------------------------------------------------------------------------
// GitBook block tags

interface OpenFrame {
  item: TagItem;
  children: FlowItem[];
}

/**
 * Folds the blocks between matching tag lines into hint and code blocks (a stack, so linear: open tags are at most
 * LIMITS.depth deep); unmatched or invalid tags stay paragraphs.
 */
function groupTags(items: FlowItem[], depth: number): Block[] {
  if (!items.some(isTagItem)) return items as Block[];
  const out: Block[] = [];
  const grouper = new TagGrouper(depth, (block) => out.push(block));
  for (const item of items) grouper.push(item);
  grouper.end();
  return out;
}

/**
 * groupTags one item at a time: each block is given to `emit` once it is final (no tag before it still open), in
 * order. Nesting too deep is refused at `end()`, as groupTags refuses it once all items are read (the items after
 * such a tag are still read, so that the converter's own refusals among them come first, as before).
 */
class TagGrouper {
  private readonly stack: OpenFrame[] = [];
  private readonly depth: number;
  private readonly emit: (block: Block) => void;
  private error: Error | undefined = undefined;

  constructor(depth: number, emit: (block: Block) => void) {
    this.depth = depth;
    this.emit = emit;
  }

  private place(item: FlowItem): void {
    const frame = this.stack.at(-1);
    if (frame) frame.children.push(item);
    else this.emit(untag(item));
  }

  push(item: FlowItem): void {
    if (this.error !== undefined) return;
    if (!isTagItem(item)) {
      this.place(item);
      return;
    }
    const { tag } = item;
    const stack = this.stack;
    const frame = stack.at(-1);
    if (tag.kind === 'open' && isValidOpening(tag.name, tag.attributes)) {
      if (this.depth + stack.length + 1 >= LIMITS.depth) {
        this.error = limitError('depth', `the markdown nests blocks more than ${LIMITS.depth} levels deep`);
        stack.length = 0;
        return;
      }
      stack.push({ item, children: [] });
    } else if (tag.kind === 'close' && frame !== undefined && frame.item.tag.name === tag.name) {
      stack.pop();
      const blocks = frame.children.map(untag);
      const open = frame.item.tag as Extract<TagLine, { kind: 'open' }>;
      if (isValidBody(open.name, blocks.map((b) => b.type))) this.place(tagBlock(open, blocks));
      else {
        this.place(frame.item.paragraph);
        for (const block of blocks) this.place(block);
        this.place(item.paragraph);
      }
    } else {
      this.place(item.paragraph);
    }
  }

  /** Unclosed tags are text: each open frame holds what followed its tag up to the next open tag. */
  end(): void {
    if (this.error !== undefined) throw this.error;
    const stack = this.stack.splice(0);
    for (const frame of stack) {
      this.emit(frame.item.paragraph);
      for (const child of frame.children) this.emit(untag(child));
    }
  }
}

function untag(item: FlowItem): Block {
  return isTagItem(item) ? item.paragraph : item;
}

function tagBlock(open: Extract<TagLine, { kind: 'open' }>, blocks: Block[]): Block {
  if (open.name === 'hint') {
    const { style, icon } = open.attributes;
    return { object: 'block', type: 'hint', data: { style: style as HintStyle, ...(icon !== undefined ? { icon } : {}) }, nodes: blocks };
  }
  const code = blocks[0] as CodeBlock;
  const { title, overflow, lineNumbers, fullWidth, expandable } = open.attributes;
  code.data = {
    ...(code.data.syntax !== undefined ? { syntax: code.data.syntax } : {}),
    ...(title !== undefined ? { title } : {}),
    ...(overflow !== undefined ? { overflow: overflow as 'wrap' | 'scroll' } : {}),
    ...(lineNumbers !== undefined ? { lineNumbers: lineNumbers === 'true' } : {}),
    ...(fullWidth !== undefined ? { fullWidth: fullWidth === 'true' } : {}),
    ...(expandable !== undefined ? { expandable: expandable === 'true' } : {}),
    ...(code.data.meta !== undefined ? { meta: code.data.meta } : {}),
  };
  return code;
}
