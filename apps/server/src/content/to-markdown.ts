/**
 * GitBook document -> markdown: Bindery's canonical markdown, in GitBook's style.
 *
 * Style (what GitBook's Git Sync writes, docs/content-pipeline.md):
 * - ATX headings (`#`), no closing `#`s; a trailing `#` in the text is escaped;
 * - `*` bullets (`-` for a list right after another bullet list, so they stay
 *   two lists), `1.` ordered markers numbered from the list's start (`)` for an
 *   ordered list right after another), one space after the marker, items
 *   indented by their marker's width; no blank line between items, blocks
 *   inside an item separated by one (none between a paragraph and its nested
 *   list);
 * - `**strong**`, `_emphasis_` (`*emphasis*` next to a letter or digit, where
 *   `_` does not work), `~~strikethrough~~`, `` `code` ``;
 * - fenced code with backticks (a longer fence when the code holds backticks,
 *   tildes when the info string does), `{% code %}` around code with a title,
 *   overflow or line numbers; `{% hint style="…" %}` around hints;
 * - `***` dividers (`---` as the first block of a `*` list item);
 * - a trailing `\` for hard breaks; soft breaks do not exist (one line per paragraph);
 * - GFM tables with aligned, padded columns (unpadded when padding would more
 *   than quadruple a big table);
 * - `"` around link and image titles; `<url>` autolinks when the text is the URL;
 * - escapes like GitBook's: `*`, `_` (not inside words), `` ` ``, `[`, `~` and
 *   `\` before punctuation always; `]` in link text; `<`, `&`, `!` only where
 *   they would start something; `#`, `>`, `+`, `-`, `=`, `1.` at the start of
 *   a line; white space at the edges of a line as `&#x20;`;
 * - images with a caption, alone in their block, as `<figure><img src alt>
 *   <figcaption><p>…</p></figcaption></figure>`; block math as `$$` lines;
 * - blocks separated by one blank line, except none after an opening tag line
 *   whose closing tag follows and none before a closing tag line (`{% endtab %}`,
 *   blank line, `{% tab … %}`); the output ends with one newline.
 *
 * Unknown GitBook blocks (tabs, embeds, …, arriving through the API) keep
 * their child blocks; unknown inlines keep their text.
 *
 * Linear in the size of the document: every node is visited once, container
 * prefixes are added per line (depth is bounded by LIMITS.depth), and tables
 * stop padding before padding could blow up their size.
 */
import { refToTarget, type RefResolver } from './content-ref.js';
import {
  headingLevel,
  inlineText,
  isHeading,
  MARK_BITS,
  markBits,
  type Block,
  type CodeBlock,
  type Document,
  type ImageBlock,
  type Inline,
  type InlineContent,
  type Leaf,
  type ListBlock,
  type ListItemBlock,
  type MarkType,
  type ParagraphBlock,
  type TableBlock,
} from './document.js';
import { formatFigure, formatOpenTag, MAX_TAG_LINE, parseTagLine, TAG_LIKE_LINE, tagLineSides } from './gitbook-syntax.js';
import { checkBytes } from './limits.js';
import { isGfmAutolinkLabel, isMdAsciiPunct, isPunctChar, isWhiteSpace, linkifyAtStart, linkifyMatchAtStart, linkifyMatches, mathSpans, tokenize, WWW_LITERAL } from './parser.js';

/** Serialises a document to Bindery's canonical markdown. */
export function serializeDocument(doc: Pick<Document, 'nodes'>, resolver?: RefResolver): string {
  const stream = new MarkdownStream(resolver);
  for (const block of doc.nodes) stream.add(block);
  return stream.finish();
}

type Lines = string[];
type ListKind = { kind: 'bullet' | 'ordered'; other: boolean };

/**
 * A document's markdown written one top-level block at a time, as `Writer.flow` writes a list of blocks (a page write
 * serialises each block as soon as it is built, so the page's document never lives whole: convert.ts
 * `streamDocument`). The one thing a block's neighbours decide is the blank line before it, and that depends on the
 * future only after a tag line (an opening tag whose closing tag comes later is followed by no blank line): such a
 * blank line is written, remembered with the tag's role, and dropped at the end if the role turned out to open.
 */
export class MarkdownStream {
  private readonly writer: Writer;
  private readonly out: Lines = [];
  private previous: ListKind | undefined = undefined;
  private previousTag: TagRole | undefined = undefined;
  /** Open tag roles by name, waiting for their closing tag (as pairTags). */
  private open: Map<string, TagRole[]> | undefined = undefined;
  /** Blank lines written after a tag line whose role could still become `opens`: their index in `out`. */
  private pending: { index: number; role: TagRole }[] | undefined = undefined;
  /** The previous block is the tag line of an OpenAPI block (its spec's link line follows). */
  private afterSpecTag = false;
  /** The last line written (of the last block added) is empty. */
  private endsEmpty = false;
  /**
   * The last block added ends with a trailing hard break (`\` and the empty line after it): a block joined to it
   * without a blank line (a closing tag) would make the break a literal backslash.
   */
  private openEnded = false;
  /**
   * The last block added is a paragraph ending in a hard break (or a list whose last item ends in one): last in the
   * page, a blank line follows it (GitBook's page ends after the `\` line, which reads as a literal backslash).
   */
  private endsInBreak = false;
  /** Empty paragraphs first in the document, not written yet (see `add`). */
  private leadingEmpty = 0;
  /** Where the run of empty paragraphs ending `out` starts, when it is joined to an opening tag before it. */
  private joinedEmpty: number | undefined = undefined;

  constructor(resolver?: RefResolver) {
    this.writer = new Writer(resolver);
  }

  add(block: Block): void {
    let lines: Lines;
    let listKind: ListKind | undefined;
    if (block.type === 'list-ordered' || block.type === 'list-unordered' || block.type === 'list-tasks') {
      const kind = block.type === 'list-ordered' ? 'ordered' : 'bullet';
      const other = this.previous?.kind === kind && !this.previous.other;
      listKind = { kind, other };
      lines = this.writer.list(block, other);
    } else {
      lines = this.writer.block(block, this.afterSpecTag);
    }
    this.afterSpecTag = isSpecTag(block);
    if (!isEmptyLine(lines)) this.previous = listKind;
    // Every tag paragraph takes its role, as pairTags gives it (tag paragraphs are never empty).
    const tag = isTagParagraph(block) ? this.tagRole(block) : undefined;
    if (lines.length === 0) return;
    const out = this.out;
    // Empty paragraphs first are empty lines joined to the first block with a blank line, as GitBook writes them (the
    // body starts with 2 blank lines per empty paragraph); held until a block that is not one comes, as a page of
    // empty paragraphs alone reads back as no block. Elsewhere an empty paragraph is an empty line joined to its
    // neighbours as any block (so none between it and an opening tag before it).
    if (out.length === 0 && isEmptyLine(lines)) {
      this.leadingEmpty++;
      return;
    }
    if (out.length === 0 && this.leadingEmpty > 0) {
      // One empty line each, a blank line between them (the one before this block is pushed below).
      out.push('');
      for (let n = this.leadingEmpty; n > 1; n--) out.push('', '');
      this.leadingEmpty = 0;
    }
    const previousTag = this.previousTag;
    if (out.length > 0 && ((previousTag?.opens !== true && tag?.closes !== true) || this.openEnded)) {
      if (previousTag !== undefined) (this.pending ??= []).push({ index: out.length, role: previousTag });
      out.push('');
    } else if (out.length > 0 && isEmptyLine(lines) && previousTag !== undefined) this.joinedEmpty = out.length;
    if (!isEmptyLine(lines)) this.joinedEmpty = undefined;
    // The block's lines as one flat string: what the page write keeps until `finish` is one string per block, not
    // one per line (fewer objects for the young generation's scavenges to copy; the same text once joined).
    out.push(lines.length === 1 ? (lines[0] as string) : lines.join('\n'));
    this.endsEmpty = lines[lines.length - 1] === '';
    this.openEnded = this.endsEmpty && lines.length > 1;
    this.endsInBreak = this.openEnded && endsInBreak([block], lines);
    this.previousTag = tag;
  }

  /** The markdown of the blocks added (checked against the output size). `out` holds blocks' text and blank lines. */
  finish(): string {
    let lines = this.out;
    // Empty paragraphs last, right after an opening tag with nothing to close it (Writer.flow): a blank line before
    // them (the blank lines dropped below all come before it).
    if (this.joinedEmpty !== undefined) lines.splice(this.joinedEmpty, 0, '');
    const dropped = this.pending?.filter((p) => p.role.opens);
    if (dropped !== undefined && dropped.length > 0) {
      const skip = new Set(dropped.map((p) => p.index));
      lines = lines.filter((_, i) => !skip.has(i));
    }
    // A newline ends the page unless it ends with an empty line already (empty paragraphs last, as GitBook writes them).
    // (`out` holds a string per block: whether its last line was empty is remembered as it was added. The blank
    // lines dropped above are each followed by a block, so they are never the last.)
    // A document of empty paragraphs alone (GitBook's title-only page of several): their empty lines joined by blank
    // lines, 2 newlines each after the first (from-markdown.ts reads a text of blank lines alone back so). One alone
    // writes nothing, as an empty document: a page file writes an empty body as one empty paragraph (page-file.ts).
    if (lines.length === 0 && this.leadingEmpty > 1) return '\n'.repeat(2 * (this.leadingEmpty - 1));
    const markdown = lines.length === 0 ? '' : this.endsEmpty ? (this.endsInBreak ? `${lines.join('\n')}\n` : lines.join('\n')) : `${lines.join('\n')}\n`;
    checkBytes(markdown, 'outputBytes', 'the markdown of the document');
    return markdown;
  }

  /** pairTags, one tag paragraph at a time. */
  private tagRole(block: Block): TagRole | undefined {
    return tagRoleOf(block, (this.open ??= new Map()));
  }
}

class Writer {
  private readonly resolver: RefResolver | undefined;

  constructor(resolver: RefResolver | undefined) {
    this.resolver = resolver;
  }

  /**
   * Blocks separated by blank lines. `firstOther`: a bullet list first in `blocks` uses the other bullet (a list
   * starting a list item: `* - a`, as `* * *` would be a rule).
   */
  flow(blocks: readonly Block[], firstOther = false, firstTask = false, firstEmpty = false): Lines {
    const out: Lines = [];
    let previous: { kind: 'bullet' | 'ordered'; other: boolean } | undefined = firstOther ? { kind: 'bullet', other: false } : undefined;
    let previousTag: TagRole | undefined;
    const tagRoles = pairTags(blocks);
    let afterSpecTag = false;
    /** Where the run of empty paragraphs ending `out` starts, when it is joined to an opening tag before it. */
    let joinedEmpty: number | undefined;
    // The previous block ends with a trailing hard break (`\` and the empty line after it): no block is joined to it.
    let openEnded = false;
    for (const block of blocks) {
      let lines: Lines;
      let listKind: { kind: 'bullet' | 'ordered'; other: boolean } | undefined;
      if (block.type === 'list-ordered' || block.type === 'list-unordered' || block.type === 'list-tasks') {
        const kind = block.type === 'list-ordered' ? 'ordered' : 'bullet';
        // A list right after a list of the same kind needs the other marker, or the two would merge.
        const other = previous?.kind === kind && !previous.other;
        listKind = { kind, other };
        lines = this.list(block, other);
      } else {
        lines = this.block(block, afterSpecTag);
      }
      afterSpecTag = isSpecTag(block);
      // An empty paragraph between two lists of one kind leaves them the other marker (they would merge).
      if (!isEmptyLine(lines)) previous = listKind;
      if (lines.length === 0 || (out.length === 0 && !firstEmpty && isEmptyLine(lines))) continue;
      // Blocks are separated by one blank line, except around GitBook tag lines (blocks of their own), as GitBook
      // writes them: none after an opening tag whose closing tag follows (`{% tabs %}`, `{% tab … %}`, `{% step %}`),
      // none before a closing tag (`{% endtab %}`); so `{% endtab %}`, blank line, `{% tab … %}`. Also after raw HTML:
      // an HTML block ends at a tag line (parser.ts, as GitBook reads it). (A tag paragraph after a task checkbox is
      // not a line of its own.)
      const tag = isTagParagraph(block) && !(firstTask && block === blocks[0]) ? tagRoles.get(block) : undefined;
      const joined = (previousTag?.opens === true || tag?.closes === true) && !openEnded;
      if (out.length > 0 && !joined) out.push('');
      else if (out.length > 0 && isEmptyLine(lines) && previousTag !== undefined) joinedEmpty = out.length;
      if (!isEmptyLine(lines)) joinedEmpty = undefined;
      for (const line of lines) out.push(line);
      openEnded = lines.length > 1 && lines[lines.length - 1] === '';
      previousTag = tag;
    }
    // Empty paragraphs last, right after an opening tag with nothing to close it (`{% else %}`): a blank line before
    // them all the same, or the reader would count one too few (it counts those at the end as after any block).
    if (joinedEmpty !== undefined) out.splice(joinedEmpty, 0, '');
    return out;
  }

  /** `afterSpecTag`: the block follows the tag line of an OpenAPI block (a paragraph there is its spec's link line). */
  block(block: Block, afterSpecTag = false): Lines {
    if (isHeading(block)) {
      const level = headingLevel(block.type);
      // Hard breaks only exist in setext headings (levels 1 and 2), which are written as such; ATX otherwise.
      if (level <= 2 && needsLines(block.nodes)) {
        // Pipes in text are written as references; a last line still holding one (in a link's target) above `---`
        // could start a table of one column (`|x|`): then the heading is ATX and loses its breaks (checked by parsing
        // those two lines, only for such rare headings).
        const content = this.inline(block.nodes, SETEXT);
        const last = content.slice(content.lastIndexOf('\n') + 1);
        const table = level === 2 && last.includes('|') && tokenize(`${last}\n---`).some((t) => t.type === 'table_open');
        if (content !== '' && !table) return [...content.split('\n'), level === 1 ? '===' : '---'];
      }
      const content = this.inline(block.nodes, HEADING);
      return [content ? `${'#'.repeat(level)} ${content}` : '#'.repeat(level)];
    }
    switch (block.type) {
      case 'paragraph':
        return this.paragraph(block.nodes, afterSpecTag);
      case 'table-cell':
        return this.paragraph(block.nodes);
      case 'list-ordered':
      case 'list-unordered':
      case 'list-tasks':
        return this.list(block, false);
      case 'list-item':
      case 'table-row':
        return this.flow(block.nodes);
      case 'blockquote': {
        const lines = this.flow(block.nodes);
        // A break ending the quote: 2 blank lines of the quote after its `\` (one is the break's own line).
        if (endsInBreak(block.nodes, lines)) lines.push('');
        return lines.length === 0 ? ['>'] : lines.map((line) => (line === '' ? '>' : `> ${line}`));
      }
      case 'hint': {
        // Joined to its tags, as GitBook writes it: an empty paragraph first is an empty line after the opening tag.
        // A break ending the hint: 2 blank lines before `{% endhint %}`, as before a closing tag at the top level.
        const lines = this.flow(block.nodes, false, false, true);
        if (endsInBreak(block.nodes, lines)) lines.push('');
        return [formatOpenTag('hint', { style: block.data.style, ...(block.data.icon !== undefined ? { icon: block.data.icon } : {}) }), ...lines, '{% endhint %}'];
      }
      case 'code':
        return code(block);
      case 'code-line':
        return code({ object: 'block', type: 'code', data: {}, nodes: [block] });
      case 'table':
        return this.table(block);
      case 'images':
        return [this.images(block.nodes)];
      case 'image':
        return [this.images([block])];
      case 'divider':
        return ['***'];
      case 'math':
        return ['$$', ...noNul(block.data.formula).split('\n'), '$$'];
      case 'html':
        return noNul(block.data.html).split('\n');
      case 'footnote-definition': {
        const label = block.data.label ?? block.data.identifier;
        const lines = this.flow(block.nodes);
        // Content is indented by 4; only a paragraph, or a one-line HTML block (GitBook's `[^1]: <img src="…">`), may
        // start on the label's line (other blocks depend on their column). An empty one is `[^1]: `, as GitBook writes it.
        const first = block.nodes[0];
        const sameLine = first?.type === 'paragraph' || (first?.type === 'html' && !first.data.html.includes('\n') && /^<[A-Za-z]/.test(first.data.html));
        if (!sameLine && lines.length > 0) return [`[^${label}]:`, ...lines.map((line) => (line === '' ? line : `    ${line}`))];
        if (lines.length === 0 || (lines.length === 1 && lines[0] === '')) return [`[^${label}]: `];
        return indentItem(`[^${label}]:`, '    ', lines);
      }
      default:
        return this.unsupported(block);
    }
  }

  /** GitBook blocks Bindery has no markdown for: their child blocks are kept, the wrapper is dropped. */
  private unsupported(block: never): Lines {
    const nodes = (block as { nodes?: unknown }).nodes;
    const children = Array.isArray(nodes) ? (nodes as { object?: unknown }[]).filter((node) => node.object === 'block') : [];
    return this.flow(children as Block[]);
  }

  private paragraph(nodes: readonly InlineContent[], bareAmpersands = false): Lines {
    // A paragraph that is one `{% … %}` line (a tag Bindery does not fold into a block) is written verbatim.
    const tag = tagLine(nodes);
    if (tag !== undefined) return [noNul(tag)];
    const content = this.inline(nodes, bareAmpersands ? SPEC_LINK_LINE : PLAIN);
    // GitBook's empty paragraph is an empty line (from-markdown.ts reads blank lines back so: 3 between blocks are one).
    if (content === '') return isEmptyText(nodes) ? [''] : [];
    // Other text that would read back as a tag line keeps its `{` escaped.
    if (content.startsWith('{%') && TAG_LIKE_LINE.test(content)) return [`\\${content}`];
    return content.split('\n');
  }

  list(block: ListBlock, other: boolean): Lines {
    const ordered = block.type === 'list-ordered';
    const start = ordered ? Math.min(Math.max(block.data.start ?? 1, 0), 999_999_999) : 0;
    const out: Lines = [];
    // One loop over the items, each item's lines indented straight into `out` (no per-item arrays of indented lines).
    const items = block.nodes;
    for (let index = 0; index < items.length; index++) {
      const item = items[index] as ListItemBlock;
      const checked = item.data.checked ?? (block.type === 'list-tasks' ? false : undefined);
      // A bullet list starting an item alternates bullets with this one.
      const { lines, tight } = this.flowTight(item.nodes, ordered || !other, checked !== undefined);
      const marker = ordered ? `${start + index}${other ? ')' : '.'}` : other ? '-' : '*';
      // The first line, when it differs from `lines[0]`.
      let head: string | undefined;
      // The checkbox starts the item's first paragraph (an image-only paragraph is an `images` block).
      // Its images are markdown images there: a `<figure>` after the checkbox would be inline HTML, no image.
      const first = item.nodes[0];
      // A tag-like line (`{%<b>%}`, written verbatim as a paragraph of its own) is no tag line after the checkbox:
      // there it is read as any text, so it is written as such.
      const tagText = checked !== undefined && first?.type === 'paragraph' && lines.length > 0 ? tagLine(first.nodes) : undefined;
      const content = tagText !== undefined ? this.inline((first as ParagraphBlock).nodes, PLAIN) : undefined;
      if (content !== undefined && content !== tagText) {
        lines[0] = content.startsWith('{%') && TAG_LIKE_LINE.test(content) ? `\\${content}` : content;
      }
      if (checked !== undefined && (first?.type === 'paragraph' || first?.type === 'images') && lines.length > 0) {
        // White space first in its text (written as it is in a paragraph) would end the marker's run of white space
        // without a character after it: no task item (from-markdown.ts TASK_MARKER), so it is encoded.
        const rest = first.type === 'images' ? this.images(first.nodes, false) : (lines[0] as string);
        head = `[${checked ? 'x' : ' '}] ${rest !== '' && isTrimmed(rest[0] as string) ? encode(rest[0] as string) + rest.slice(1) : rest}`;
      }
      // `* ***` would read as a rule: a divider first in a `*` item is written `---`.
      if (marker === '*' && first?.type === 'divider') head = '---';
      // An item starting with an image alone (one `<figure>…</figure>` line) is written as GitBook writes it: the bare
      // marker, a blank line, the figure at the item's tab stop (parser.ts reads that shape back as the item's image).
      const figureFirst = checked === undefined && first?.type === 'images' && isFigureLine(head ?? lines[0]);
      // An item whose blocks are separated by blank lines is indented to the next tab stop, as GitBook writes it:
      // `*   First paragraph`, blank line, `    Second paragraph` (`1.  ` for ordered items).
      const width = tight && !figureFirst ? marker.length + 1 : Math.ceil((marker.length + 1) / 4) * 4;
      const indent = ' '.repeat(width);
      // As indentItem: the marker (padded to the indent) before the first line, the others indented, blank lines empty.
      if (figureFirst) {
        out.push(marker, '');
      } else if (lines.length === 0) {
        out.push(marker);
        continue;
      }
      for (let l = 0; l < lines.length; l++) {
        const line = l === 0 && head !== undefined ? head : (lines[l] as string);
        if (l === 0 && !figureFirst) out.push(line === '' ? marker : `${marker.padEnd(Math.max(width, marker.length + 1), ' ')}${line}`);
        else out.push(line === '' ? line : indent + line);
      }
      // A break ending an item before the next one: 2 blank lines after its `\` (GitBook joins items with a line break,
      // which reads back as a literal backslash).
      if (index + 1 < items.length && endsInBreak(item.nodes, lines)) out.push('');
    }
    return out;
  }

  /** An item's blocks: without blank lines when they read back the same (one block, or a paragraph and a list). */
  private flowTight(blocks: readonly Block[], firstOther: boolean, task: boolean): { lines: Lines; tight: boolean } {
    const [first, second, ...rest] = blocks;
    const tight = rest.length === 0 && (second === undefined || (first?.type === 'paragraph' && canInterruptParagraph(second) && !this.figureFirst(second)));
    if (!tight || second === undefined) return { lines: this.flow(blocks, firstOther, task), tight };
    const lines = this.block(first as Block);
    // A paragraph ending in a break is followed by a blank line (2 after its `\`), or the break would be a backslash.
    if (endsInBreak([first as Block], lines)) return { lines: this.flow(blocks, firstOther, task), tight: false };
    for (const line of this.flow([second])) lines.push(line);
    return { lines, tight };
  }

  /**
   * A list whose first item is written as GitBook writes an item starting with a figure: a bare marker line, which
   * (an empty item) cannot interrupt a paragraph; after one without a blank line it was the paragraph's text (`a *`).
   */
  private figureFirst(list: Block): boolean {
    if (list.type !== 'list-ordered' && list.type !== 'list-unordered') return false;
    const item = list.nodes[0];
    const first = item?.nodes[0];
    return item?.data.checked === undefined && first?.type === 'images' && isFigureLine(this.images(first.nodes));
  }

  private table(block: TableBlock): Lines {
    const width = block.data.align.length || block.nodes.reduce((w, row) => Math.max(w, row.nodes.length), 0);
    if (width === 0 || block.nodes.length === 0) return [];
    // Every `|` of a cell gets a backslash, wherever it is (text, code, link targets, HTML): the table parser splits
    // rows at the others and removes one backslash before each of them before reading the cell. But inside inline
    // math (`$$\|x\| = 1$$`, written verbatim), which the parser reads whole, as GitBook writes it (`mathSpans`).
    const cells: string[][] = [];
    for (const row of block.nodes) {
      const texts: string[] = [];
      for (let i = 0; i < width; i++) {
        const text = this.inline(row.nodes[i]?.nodes ?? [], TABLE_CELL);
        texts.push(text.includes('|') ? escapeCellPipes(text) : text);
      }
      cells.push(texts);
    }
    const align: (string | null)[] = [];
    for (let i = 0; i < width; i++) align.push(block.data.align[i] ?? null);
    return formatTable(cells, align, this.trailingSpaceCells(block, cells, align));
  }

  /**
   * GitBook writes a cell's trailing white space as it is, counted in its column's width (`| 매개변수  |` over
   * `| ----- |`), where the reader gives the width past a column's longest cell to that cell (`bindery_table_widths`
   * in parser.ts). Per column, the first cell that is the longest once its trailing spaces (unmarked) are left out, and
   * longer than every cell before it, is written so: its text without them, then the spaces (`formatTable` pads the
   * rest). Every other trailing space stays `&#x20;`, which reads back as it is. Cells unchanged in `cells`; the
   * returned map (row * width + column → the text without its trailing spaces, and their count) says which.
   */
  private trailingSpaceCells(block: TableBlock, cells: string[][], align: readonly (string | null)[]): Map<number, [string, number]> | undefined {
    let found: Map<number, [string, number]> | undefined;
    const width = align.length;
    // The longest written cell after each row, per column: computed once a column has a cell ending in a space (linear).
    let after: number[] | undefined;
    for (let c = 0; c < width; c++) {
      // A right or centred column pads its cells before their text too, which the reader counts in their length (it
      // finds no width past the longest cell): its trailing spaces stay `&#x20;`.
      if (align[c] === 'right' || align[c] === 'center') continue;
      let before = 0;
      let afterColumn = -1;
      for (let r = 0; r < cells.length; r++) {
        const nodes = joinTexts(block.nodes[r]?.nodes[c]?.nodes ?? []);
        const last = nodes[nodes.length - 1];
        const leaf = last?.object === 'text' ? last.leaves[last.leaves.length - 1] : undefined;
        const written = (cells[r] as string[])[c] as string;
        if (last?.object === 'text' && leaf && leaf.marks.length === 0 && leaf.text.endsWith(' ')) {
          const kept = leaf.text.replace(/ +$/, '');
          const spaces = leaf.text.length - kept.length;
          const leaves = kept === '' ? last.leaves.slice(0, -1) : [...last.leaves.slice(0, -1), { ...leaf, text: kept }];
          const stripped: InlineContent[] = leaves.length ? [...nodes.slice(0, -1), { object: 'text', leaves }] : nodes.slice(0, -1);
          let text = this.inline(stripped.length ? stripped : [{ object: 'text', leaves: [{ object: 'leaf', text: '', marks: [] }] }], TABLE_CELL);
          if (text.includes('|')) text = escapeCellPipes(text);
          if (afterColumn !== c) {
            after ??= new Array<number>(cells.length + 1);
            after[cells.length] = 0;
            for (let j = cells.length - 1; j >= 0; j--) after[j] = Math.max(after[j + 1] as number, ((cells[j] as string[])[c] as string).length);
            afterColumn = c;
          }
          const least = align[c] === 'center' ? 3 : align[c] === 'left' || align[c] === 'right' ? 2 : 1;
          if (text.length > before && text.length >= (after?.[r + 1] ?? 0) && text.length >= least && !text.endsWith(' ')) {
            (found ??= new Map()).set(r * width + c, [text, spaces]);
            break;
          }
        }
        before = Math.max(before, written.length);
      }
    }
    return found;
  }

  /**
   * An image with a caption (a caption fragment, even empty) alone in its block is GitBook's `<figure>` (`figure`: where
   * a block may start); others are markdown images — GitBook writes an image without one `![alt](src)`, as read.
   */
  private images(images: readonly ImageBlock[], figure = true): string {
    const parts = images.map((image) => {
      const captions = image.fragments.filter((fragment) => fragment.fragment === 'caption');
      const caption = captions
        .flatMap((fragment) => fragment.nodes)
        .map((b) => (b.type === 'paragraph' ? captionText(b.nodes) : ''))
        .join(' ');
      return { alt: image.data.alt ?? '', src: refToTarget(image.data.ref, 'image', this.resolver), caption, captioned: captions.length > 0 };
    });
    const only = parts.length === 1 ? parts[0] : undefined;
    // One image alone in its block with a caption is GitBook's `<figure>` (an empty `<figcaption></figcaption>` for an empty one).
    const html = only?.captioned && figure ? formatFigure(noNul(only.src), noNul(only.alt), noNul(only.caption)) : undefined;
    // A figure keeps its caption's white space (GitBook's `<p>Caption </p>`); a markdown image's title does not.
    return html ?? parts.map((p) => imageMarkdown(p.alt, p.src, p.caption.trim())).join(' ');
  }

  /** Inline content as one string (`\n` at hard breaks). */
  inline(content: readonly InlineContent[], context: InlineContext): string {
    const nodes = joinTexts(content);
    const plain = plainText(nodes);
    if (plain !== undefined) {
      // What the general path below makes of one text atom alone on its line (no marks, no breaks: no delimiters, no
      // neighbours), without its items and atoms: most table cells, headings and plain paragraphs.
      if (plain === '') return '';
      const options: EscapeOptions = { label: false, lineStart: true, colonEscaped: false, afterBreak: false, lineEnd: true, next: '', heading: context.heading, setext: context.setext, table: context.table, htmlCode: false, htmlText: false, alt: false };
      return protectAutolinks(escapeText(plain, options));
    }
    const atoms: Atom[] = [];
    if (noEmphasis(nodes)) {
      // Without bold, italic or strikethrough no run of a mark is chosen: emitItems would give each item to emitItem
      // in order. The same atoms, without an item per leaf (most paragraphs: text, code spans, links).
      directAtoms(nodes, context.heading === true || context.table === true, 0, false, context, this.resolver, atoms);
    } else {
      const items = toItems(nodes, context);
      emitItems(items, 0, items.length, 0, false, context, this.resolver, atoms);
    }
    return renderAtoms(context.heading || context.table ? atoms : guardHtmlLineStarts(atoms), context);
  }
}

/** The text of inline content that is one leaf without marks and line breaks, else undefined. */
function plainText(nodes: readonly InlineContent[]): string | undefined {
  if (nodes.length !== 1) return undefined;
  const node = nodes[0] as InlineContent;
  if (node.object !== 'text' || node.leaves.length !== 1) return undefined;
  const l = node.leaves[0] as Leaf;
  if (l.marks.length !== 0 || l.text.includes('\n') || l.text.includes('\r')) return undefined;
  return l.text;
}

/** The text of `nodes` when it is one text of one leaf whose marks are all `applied` (no code, no line break). */
function literalText(nodes: readonly InlineContent[], applied: number): string | undefined {
  if (nodes.length !== 1) return undefined;
  const node = nodes[0] as InlineContent;
  if (node.object !== 'text' || node.leaves.length !== 1) return undefined;
  const l = node.leaves[0] as Leaf;
  if ((markBits(l) & ~(applied === ANY ? 0 : applied)) !== 0 || l.text.includes('\n') || l.text.includes('\r')) return undefined;
  return l.text;
}

/**
 * A link read from a URL, e-mail address or `www.` literal typed in text (`data.autolink`), its text that literal
 * with one set of marks: GitBook writes it as typed inside the runs of its marks (`**help@x.io**`), so such a link is
 * part of a run like text (emitItems), where other links take their marks inside (`[**a**](url)`).
 */
function isAutolinkLiteral(inline: Inline | undefined): boolean {
  if (inline?.type !== 'link' || inline.data.autolink !== true || inline.data.title) return false;
  const node = inline.nodes.length === 1 ? inline.nodes[0] : undefined;
  if (node?.object !== 'text' || node.leaves.length !== 1) return false;
  const l = node.leaves[0] as Leaf;
  if ((markBits(l) & MARK_BITS.code) !== 0) return false;
  const url = inline.data.ref.kind === 'url' ? inline.data.ref.url : undefined;
  return url !== undefined && (url === l.text || url === `mailto:${l.text}` || url === `http://${l.text}`);
}

/** Inline content that spans lines: hard breaks, or raw HTML over several lines. */
function needsLines(nodes: readonly InlineContent[]): boolean {
  return nodes.some((node) => {
    if (node.object === 'text') return node.leaves.some((l) => l.text.includes('\n'));
    if (node.type === 'html') return node.data.html.includes('\n');
    return node.type === 'link' && needsLines(node.nodes);
  });
}

/**
 * The text of a paragraph that is one line of a GitBook tag Bindery does not fold into a block (`{% embed … %}`,
 * `{% tabs %}`, …): written verbatim. A hint or code tag line left as text (unbalanced, invalid) is escaped
 * instead (`\{% endhint %}`), or it could pair with another tag when read back.
 */
function tagLine(nodes: readonly InlineContent[]): string | undefined {
  const only = nodes.length === 1 ? nodes[0] : undefined;
  if (only?.object !== 'text' || only.leaves.length !== 1) return undefined;
  const l = only.leaves[0] as Leaf;
  const isTag = l.marks.length === 0 && l.text.startsWith('{%') && l.text.length <= MAX_TAG_LINE && TAG_LIKE_LINE.test(l.text);
  return isTag && parseTagLine(l.text) === undefined ? l.text : undefined;
}

interface TagRole {
  /** An opening tag whose closing tag follows among the same blocks (`{% else %}` both opens and closes). */
  opens: boolean;
  /** A closing tag (`{% endtab %}`). */
  closes: boolean;
}

/** The role of each tag-line paragraph among sibling blocks: one pass, matching each closing tag to its opening tag. */
function pairTags(blocks: readonly Block[]): ReadonlyMap<Block, TagRole> {
  // Most block lists hold no tag line: their maps are made only when one is met.
  let roles: Map<Block, TagRole> | undefined;
  let open: Map<string, TagRole[]> | undefined;
  for (const block of blocks) {
    if (!isTagParagraph(block)) continue;
    roles ??= new Map();
    const role = tagRoleOf(block, (open ??= new Map()));
    if (role) roles.set(block, role);
  }
  return roles ?? NO_TAG_ROLES;
}

/**
 * The role of one tag-line paragraph, the paragraphs before it having been given theirs with the same `open` (tags
 * opened and not closed yet, by name): a closing tag marks the latest open tag of its name as opening a pair.
 */
function tagRoleOf(block: Block, open: Map<string, TagRole[]>): TagRole | undefined {
  const sides = tagLineSides(tagLine((block as { nodes: InlineContent[] }).nodes) ?? '');
  if (!sides) return undefined;
  if (sides.opens && sides.closes) return { opens: true, closes: true };
  const role: TagRole = { opens: false, closes: sides.closes };
  const name = sides.name;
  if (role.closes) {
    const opener = open.get(name)?.pop();
    if (opener) opener.opens = true;
  } else {
    const stack = open.get(name) ?? [];
    stack.push(role);
    open.set(name, stack);
  }
  return role;
}
const NO_TAG_ROLES: ReadonlyMap<Block, TagRole> = new Map();

/**
 * The lines written for `blocks` end with a paragraph's trailing hard break (its `\` line and the break's empty line),
 * the last block being that paragraph or a list whose last item ends so: where a container or the page ends after
 * it, CommonMark reads no break, so the writer adds a blank line there (from-markdown.ts `paragraph` reads it back).
 */
function endsInBreak(blocks: readonly Block[], lines: Lines): boolean {
  let last = blocks[blocks.length - 1];
  while (last !== undefined && (last.type === 'list-unordered' || last.type === 'list-ordered' || last.type === 'list-tasks')) {
    const item = last.nodes[last.nodes.length - 1];
    last = item?.nodes[item.nodes.length - 1];
  }
  if (last?.type !== 'paragraph' || lines.length < 2 || lines[lines.length - 1] !== '') return false;
  const line = lines[lines.length - 2] as string;
  let run = 0;
  while (run < line.length && line.charCodeAt(line.length - 1 - run) === 0x5c) run++;
  return run % 2 === 1;
}

/** The lines of an empty paragraph. */
function isEmptyLine(lines: Lines): boolean {
  return lines.length === 1 && lines[0] === '';
}

/** Inline content of an empty paragraph: text nodes of empty leaves only. */
function isEmptyText(nodes: readonly InlineContent[]): boolean {
  for (const node of nodes) {
    if (node.object !== 'text') return false;
    for (const l of node.leaves) if (l.text !== '') return false;
  }
  return true;
}

function isTagParagraph(block: Block): boolean {
  return block.type === 'paragraph' && tagLine(block.nodes) !== undefined;
}

const SPEC_TAG = /^\{%\s*(?:openapi|openapi-operation|openapi-webhook|openapi-schemas|swagger)\s/;

/**
 * Whether `block` is the tag line of an OpenAPI block: GitBook writes the link line to its spec after it with the
 * URL's `&` bare (a presigned URL: `?X-Amz-Algorithm=…&X-Amz-Credential=…`), unlike the links of its text.
 */
function isSpecTag(block: Block): boolean {
  if (block.type !== 'paragraph') return false;
  const line = tagLine(block.nodes);
  return line !== undefined && SPEC_TAG.test(line);
}

/** A list can follow a paragraph line directly when its first item is not empty and, if ordered, it starts at 1. */
function canInterruptParagraph(block: Block): boolean {
  if (block.type !== 'list-ordered' && block.type !== 'list-unordered' && block.type !== 'list-tasks') return false;
  const first = block.nodes[0];
  if (first === undefined || first.nodes.length === 0) return false;
  return block.type !== 'list-ordered' || (block.data.start ?? 1) === 1;
}

/** A `<figure>` written on one line, as the parser reads it after a bare list marker and a blank line. */
function isFigureLine(line: string | undefined): boolean {
  return line !== undefined && line.length > 17 && line.startsWith('<figure>') && line.endsWith('</figure>') && !line.includes('\n');
}

/** Prefixes the first line with `marker` (padded to the indent's width) and indents the others (blank lines stay empty). */
function indentItem(marker: string, indent: string, lines: Lines): Lines {
  if (lines.length === 0) return [marker];
  const first = marker.padEnd(Math.max(indent.length, marker.length + 1), ' ');
  return lines.map((line, index) => (index === 0 ? (line === '' ? marker : `${first}${line}`) : line === '' ? line : indent + line));
}


// ---------------------------------------------------------------------------
// Code

function code(block: CodeBlock): Lines {
  const { syntax, meta, title, overflow, lineNumbers, fullWidth, expandable } = block.data;
  const info = [syntax, meta].filter((part) => part).join(' ').replace(/[\r\n]+/g, ' ');
  const char = info.includes('`') ? '~' : '`';
  const out: Lines = [];
  const attributes: Record<string, string> | undefined =
    title !== undefined || overflow !== undefined || lineNumbers !== undefined || fullWidth !== undefined || expandable !== undefined
      ? {
          ...(title !== undefined ? { title } : {}),
          ...(overflow !== undefined ? { overflow } : {}),
          ...(lineNumbers !== undefined ? { lineNumbers: String(lineNumbers) } : {}),
          ...(fullWidth !== undefined ? { fullWidth: String(fullWidth) } : {}),
          ...(expandable !== undefined ? { expandable: String(expandable) } : {}),
        }
      : undefined;
  if (attributes !== undefined) out.push(formatOpenTag('code', attributes));
  const head = out.length;
  out.push('');
  // The code's lines straight into `out` (a line's text holding `\n` is several), not joined into one value and split
  // again. The longest run of the fence's character is the same: no run crosses a line's end.
  let longest = 0;
  for (const line of block.nodes) {
    const value = noNul(inlineText(line.nodes));
    longest = Math.max(longest, longestRun(value, char));
    if (!value.includes('\n')) out.push(value);
    else for (const part of value.split('\n')) out.push(part);
  }
  // One empty line is no line (an empty code block).
  if (block.nodes.length === 1 && out.length === head + 2 && out[head + 1] === '') out.pop();
  const fence = char.repeat(Math.max(3, longest + 1));
  // An info string starting with the fence's character would lengthen the fence: a space keeps them apart (it is trimmed).
  out[head] = `${fence}${info.startsWith(char) ? ' ' : ''}${escapeInfo(info)}`;
  out.push(fence);
  if (attributes !== undefined) out.push('{% endcode %}');
  return out;
}

function longestRun(value: string, char: string): number {
  let longest = 0;
  let run = 0;
  for (let i = 0; i < value.length; i++) {
    if (value[i] === char) {
      run++;
      if (run > longest) longest = run;
    } else run = 0;
  }
  return longest;
}

function escapeInfo(info: string): string {
  return info.replace(/\\(?=[!-/:-@[-`{-~])/g, '\\\\').replace(/&(?=[#A-Za-z])/g, '\\&');
}

// ---------------------------------------------------------------------------
// Tables

/** Table cells wider than this in total, padded, are written unpadded unless padding stays under 4× the size. */
const TABLE_PADDING_FLOOR = 64 * 1024;

/**
 * Inline content as a read gives it: neighbouring text nodes as one, neighbouring leaves of the same marks as one, no
 * empty leaf but a lone one (also inside links). A client may split its text anyhow; written as it came, the escapes
 * at the seams differed from those of the text read back (`[" ", " "]` in a cell was `&#x20;&#x20; `, read back and
 * written `&#x20; &#x20;`; `a` and `@b.dev` as two texts `a\@b.dev`, then `a@b.dev`), and the markdown of the document
 * read back was not the markdown it was read from. The same array when there is nothing to join (any document read).
 */
export function joinTexts(nodes: readonly InlineContent[]): readonly InlineContent[] {
  let changed = false;
  for (let i = 0; i < nodes.length && !changed; i++) {
    const node = nodes[i] as InlineContent;
    if (node.object === 'text') {
      if (nodes[i + 1]?.object === 'text') changed = true;
      const leaves = node.leaves;
      for (let l = 0; l < leaves.length && !changed; l++) {
        const leaf = leaves[l] as Leaf;
        if ((leaf.text === '' && leaves.length > 1) || (l > 0 && markBits(leaves[l - 1] as Leaf) === markBits(leaf))) changed = true;
      }
    } else if (node.type === 'link' && joinTexts(node.nodes) !== node.nodes) changed = true;
  }
  if (!changed) return nodes;
  const out: InlineContent[] = [];
  let leaves: Leaf[] | undefined;
  for (const node of nodes) {
    if (node.object !== 'text') {
      leaves = undefined;
      out.push(node.type === 'link' ? { ...node, nodes: joinTexts(node.nodes) as InlineContent[] } : node);
      continue;
    }
    if (leaves === undefined) {
      leaves = [];
      out.push({ ...node, leaves });
    }
    for (const leaf of node.leaves) {
      const previous = leaves[leaves.length - 1];
      if (previous !== undefined && markBits(previous) === markBits(leaf)) leaves[leaves.length - 1] = { ...previous, text: previous.text + leaf.text };
      else if (leaf.text !== '' || previous === undefined) leaves.push(leaf);
    }
  }
  // An empty leaf kept first is dropped once a leaf with text follows it.
  for (const node of out) {
    if (node.object === 'text' && node.leaves.length > 1 && (node.leaves[0] as Leaf).text === '') node.leaves.shift();
  }
  return out;
}

function formatTable(cells: string[][], align: readonly (string | null)[], trailing?: Map<number, [string, number]>): Lines {
  const width = align.length;
  // Cells written with their trailing spaces (`trailingSpaceCells`), when the table is padded: longer by them.
  const plain = trailing ? cells.map((row) => row.slice()) : cells;
  if (trailing) for (const [at, [text, spaces]] of trailing) (cells[Math.floor(at / width)] as string[])[at % width] = text + ' '.repeat(spaces);
  // Widths, sizes and lines in plain loops: no closures or arrays per row.
  const longest: number[] = [];
  for (let i = 0; i < width; i++) {
    let w = (align[i] === 'center' ? 2 : align[i] === 'left' || align[i] === 'right' ? 1 : 0) + 1;
    for (const row of cells) w = Math.max(w, (row[i] as string).length);
    longest.push(w);
  }
  let raw = 0;
  for (const row of cells) {
    raw += 1;
    for (const cell of row) raw += cell.length + 3;
  }
  let rowWidth = 1;
  for (const w of longest) rowWidth += w + 3;
  const padded = cells.length * rowWidth;
  const pad = padded <= Math.max(TABLE_PADDING_FLOOR, 4 * raw);
  if (!pad) cells = plain;
  const delimiter: string[] = [];
  for (let i = 0; i < width; i++) {
    const a = align[i];
    const before = a === 'left' || a === 'center' ? ':' : '';
    const after = a === 'right' || a === 'center' ? ':' : '';
    const dashes = pad ? Math.max(1, (longest[i] as number) - before.length - after.length) : 1;
    delimiter.push(before + '-'.repeat(dashes) + after);
  }
  const out: Lines = [tableRow(cells[0] as string[], false, pad, longest, align), tableRow(delimiter, true, pad, longest, align)];
  for (let r = 1; r < cells.length; r++) out.push(tableRow(cells[r] as string[], false, pad, longest, align));
  return out;
}

function tableRow(values: readonly string[], isDelimiter: boolean, pad: boolean, longest: readonly number[], align: readonly (string | null)[]): string {
  let line = '|';
  for (let i = 0; i < values.length; i++) {
    const cell = values[i] as string;
    if (!pad || isDelimiter) {
      line += cell === '' ? ' |' : ` ${cell} |`;
      continue;
    }
    const gap = (longest[i] as number) - cell.length;
    const a = align[i];
    const before = a === 'right' ? gap : a === 'center' ? Math.ceil(gap / 2) : 0;
    line += ` ${' '.repeat(before)}${cell}${' '.repeat(gap - before)} |`;
  }
  return line;
}

// ---------------------------------------------------------------------------
// Inline content: document -> phrasing tree (marks nested by longest runs) -> atoms -> text

/** The context of a table cell's content (one object for every cell: nothing changes a context). */
const TABLE_CELL: InlineContext = { table: true };
/** The contexts of paragraphs, ATX and setext headings, link content and the link line of an OpenAPI block (shared alike). */
const PLAIN: InlineContext = {};
const HEADING: InlineContext = { heading: true };
const SETEXT: InlineContext = { setext: true };
const SPEC_LINK_LINE: InlineContext = { bareAmpersands: true };

interface InlineContext {
  /** In a heading: hard breaks are written as spaces, a trailing `#` is escaped. */
  heading?: boolean;
  /** In a table cell: hard breaks are written as spaces (and every `|` of the cell is escaped afterwards). */
  table?: boolean;
  /** In a setext heading: `|` is written `&#x7C;`. */
  setext?: boolean;
  /** The link line of an OpenAPI block: `&` in its URL bare (GitBook's `?a=1&b=2` there, `?a=1\&b=2` elsewhere). */
  bareAmpersands?: boolean;
}

/**
 * A text segment (marks as MARK_BITS without `code`; `code` on its own), a hard break, or an inline with the marks
 * that may wrap it. `marks` -1 means "any" (void inlines and breaks never stop a run of a mark).
 */
interface Item {
  kind: 'text' | 'break' | 'inline';
  text: string;
  code: boolean;
  marks: number;
  /** The inline of an `inline` item (every item has the field: one object shape). */
  inline: Inline | undefined;
}

const ANY = -1;
/** The marks of a `<mark …>` or `</mark>` tag: inside runs of italic and strikethrough, outside bold (toItems). */
const COLOUR = -2;
const COLOUR_INSIDE = MARK_BITS.italic | MARK_BITS.strikethrough;
// On runs of equal length the first is outermost: GitBook writes `~~_**text**_~~`.
const WRAPPABLE: readonly [MarkType, number][] = [
  ['strikethrough', MARK_BITS.strikethrough],
  ['italic', MARK_BITS.italic],
  ['bold', MARK_BITS.bold],
];

/**
 * GitBook nests its marks strikethrough, italic, colour, bold (outermost first): an italic or strikethrough run that is
 * all a `<mark …>` holds is written around it (`_<mark …>New</mark>_`), bold stays inside (`<mark …>**New**</mark>`,
 * toItems). Atoms whose `<mark …>` is followed by such a run's opener and whose run's closer is followed by the
 * `</mark>` are swapped (pairs are identities, not positions). Runs of one mark never nest, so the closers looked for
 * cover each atom at most twice: linear.
 */
function colourInsideEmphasis(atoms: Atom[]): void {
  for (let i = 0; i + 3 < atoms.length; i++) {
    const tag = atoms[i] as Atom;
    if (tag.t !== 'raw' || tag.html !== true || !MARK_OPEN_TAG.test(tag.out)) continue;
    let p = i;
    for (;;) {
      const open = atoms[p + 1];
      if (open?.t !== 'open' || (open.mark !== 'italic' && open.mark !== 'strikethrough')) break;
      let q = p + 2;
      let tags = false;
      for (; q < atoms.length; q++) {
        const a = atoms[q] as Atom;
        if (a.t === 'close' && a.pair === open.pair) break;
        if (a.t === 'raw' && a.html === true && MARK_TAG.test(a.out)) tags = true;
      }
      const end = atoms[q + 1];
      if (tags || q >= atoms.length || end?.t !== 'raw' || end.html !== true || !/^<\/mark\s*>$/i.test(end.out)) break;
      atoms[p] = open;
      atoms[p + 1] = tag;
      atoms[q + 1] = atoms[q] as Atom;
      atoms[q] = end;
      p++;
    }
  }
}

const MARK_OPEN_TAG = /^<mark(?:\s[^>]*)?>$/i;

/** A `<mark …>` or `</mark>` tag alone (raw inline HTML: GitBook's colour mark). */
const MARK_TAG = /^<\/?mark(?:\s[^>]*)?>$/i;

function toItems(nodes: readonly InlineContent[], context: InlineContext, out: Item[] = []): Item[] {
  const breaksAsSpaces = context.heading === true || context.table === true;
  for (const node of nodes) {
    if (node.object !== 'text') {
      // GitBook nests its marks strikethrough, italic, colour, bold: no bold run spans a `<mark …>` or `</mark>` tag, it
      // opens and closes inside each `<mark>` (`<mark …>**a**</mark><mark …>**&#x20;**</mark>`); an italic or
      // strikethrough run may span them (`_a <mark …>b</mark> c_`), never starts or ends at one (COLOUR).
      const marks = node.type === 'link' ? commonMarks(node.nodes) : node.type === 'html' && MARK_TAG.test(node.data.html) ? COLOUR : ANY;
      out.push({ kind: 'inline', text: '', code: false, marks, inline: node });
      continue;
    }
    for (const l of node.leaves) {
      const bits = markBits(l);
      const code = (bits & MARK_BITS.code) !== 0;
      const marks = bits & ~MARK_BITS.code;
      const value = l.text.includes('\r') ? l.text.replace(/\r\n?/g, '\n') : l.text;
      if (breaksAsSpaces || !value.includes('\n')) {
        if (value !== '') out.push({ kind: 'text', text: breaksAsSpaces ? value.replace(/\n/g, ' ') : value, code, marks, inline: undefined });
        continue;
      }
      for (let from = 0; ; ) {
        const at = value.indexOf('\n', from);
        const segment = at < 0 ? value.slice(from) : value.slice(from, at);
        // A hard break ends every run of a mark (no marks: continuesRun stops at it): GitBook closes bold, italic and
        // strikethrough before a break and opens them again after it (`**a**\`, `**b**`; 667 lines of four 2026
        // repositories, none running across).
        if (from > 0) out.push({ kind: 'break', text: '', code: false, marks: 0, inline: undefined });
        if (segment !== '') out.push({ kind: 'text', text: segment, code, marks, inline: undefined });
        if (at < 0) break;
        from = at + 1;
      }
    }
  }
  return out;
}

/** No text leaf of `nodes` (outside links and other inlines, but a literal's link) has a mark other than `code`. */
function noEmphasis(nodes: readonly InlineContent[]): boolean {
  for (const node of nodes) {
    // (A literal's link with marks is part of their runs: isAutolinkLiteral.)
    if (node.object !== 'text') {
      if (node.type === 'link' && isAutolinkLiteral(node) && commonMarks(node.nodes) !== 0 && commonMarks(node.nodes) !== ANY) return false;
      continue;
    }
    for (const l of node.leaves) if ((markBits(l) & ~MARK_BITS.code) !== 0) return false;
  }
  return true;
}

/**
 * `emitItems(toItems(nodes, …), 0, n, applied, label, context, …)` for content where `noEmphasis` holds: each leaf's
 * segments, breaks and inlines go to `emitItem`'s cases in the order toItems makes them, with the same text (`\r`
 * normalised; breaks as spaces when toItems' context says so: headings and table cells at the top level, never in a
 * link's text). Without such marks emitItems chooses no run (a text's marks are none, a break's or an inline's any),
 * so the atoms are the same, without an item per leaf.
 */
function directAtoms(nodes: readonly InlineContent[], breaksAsSpaces: boolean, applied: number, label: boolean, context: InlineContext, resolver: RefResolver | undefined, atoms: Atom[]): void {
  for (const node of nodes) {
    if (node.object !== 'text') {
      emitInline(node, applied, label, context, resolver, atoms);
      continue;
    }
    for (const l of node.leaves) {
      const code = l.marks.length !== 0 && (markBits(l) & MARK_BITS.code) !== 0;
      const value = l.text.includes('\r') ? l.text.replace(/\r\n?/g, '\n') : l.text;
      if (breaksAsSpaces || !value.includes('\n')) {
        if (value !== '') emitText(breaksAsSpaces ? value.replace(/\n/g, ' ') : value, code, label, atoms);
        continue;
      }
      for (let from = 0; ; ) {
        const at = value.indexOf('\n', from);
        const segment = at < 0 ? value.slice(from) : value.slice(from, at);
        if (from > 0) atoms.push(rawAtom('break', '\\\n'));
        if (segment !== '') emitText(segment, code, label, atoms);
        if (at < 0) break;
        from = at + 1;
      }
    }
  }
}

/** Marks shared by every leaf inside a link, so formatting can wrap the whole link. */
function commonMarks(nodes: readonly InlineContent[]): number {
  let common = ANY;
  for (const node of nodes) {
    if (node.object !== 'text') continue;
    for (const l of node.leaves) {
      if (l.text === '' || l.text === '\n') continue;
      common = common === ANY ? markBits(l) : common & markBits(l);
    }
  }
  return common === ANY ? ANY : common & ~MARK_BITS.code;
}

/** The first mark of `marks` in GitBook's nesting order that is not yet `applied`. */
function outerMark(marks: number, applied: number): readonly [MarkType, number] | undefined {
  for (const entry of WRAPPABLE) if (!(applied & entry[1]) && marks & entry[1]) return entry;
  return undefined;
}

/** Whether `item` continues a run of the mark `bit`: a break, a void inline, or text whose outer mark it is (no link). */
const continuesRun = (item: Item, bit: number, applied: number): boolean =>
  (item.inline?.type !== 'link' || isAutolinkLiteral(item.inline)) && (item.marks === ANY || (item.marks === COLOUR ? (bit & COLOUR_INSIDE) !== 0 : outerMark(item.marks, applied)?.[1] === bit));

/**
 * Emits the atoms of items [start, end) as GitBook writes marks: each text's marks nest in one order (strikethrough,
 * italic, bold: `~~_**x**_~~`), and neighbours share a delimiter only for the outer marks they both have in that order
 * — `_a **b** c_` (italic outside bold), but `**a&#x20;**_**b**_**&#x20;c**` (italic cannot go inside bold); a link is
 * never inside a run, its marks go inside its text (`**a** [**b**](url)`). Recursively, at most three marks deep;
 * each level scans each item a bounded number of times: linear.
 */
function emitItems(items: readonly Item[], start: number, end: number, applied: number, label: boolean, context: InlineContext, resolver: RefResolver | undefined, atoms: Atom[]): void {
  let i = start;
  while (i < end) {
    const item = items[i] as Item;
    let best: { mark: MarkType; bit: number; end: number } | undefined;
    // A mark on a link goes inside its text, as GitBook writes it: `[**text**](url)`.
    const outer = item.marks === ANY || item.marks === COLOUR || (item.inline?.type === 'link' && !isAutolinkLiteral(item.inline)) ? undefined : outerMark(item.marks, applied);
    if (outer !== undefined) {
      const [mark, bit] = outer;
      let runEnd = i + 1;
      while (runEnd < end && continuesRun(items[runEnd] as Item, bit, applied)) runEnd++;
      while (runEnd - 1 > i && ((items[runEnd - 1] as Item).marks === ANY || (items[runEnd - 1] as Item).marks === COLOUR)) runEnd--;
      best = { mark, bit, end: runEnd };
    }
    if (best === undefined) {
      emitItem(item, applied, label, context, resolver, atoms);
      i++;
      continue;
    }
    const pair = atoms.length;
    atoms.push(delimiter('open', best.mark, pair));
    emitItems(items, i, best.end, applied | best.bit, label, context, resolver, atoms);
    atoms.push(delimiter('close', best.mark, pair));
    i = best.end;
  }
}

function emitItem(item: Item, applied: number, label: boolean, context: InlineContext, resolver: RefResolver | undefined, atoms: Atom[]): void {
  if (item.kind === 'break') {
    atoms.push(rawAtom('break', '\\\n'));
    return;
  }
  if (item.kind === 'text') {
    emitText(item.text, item.code, label, atoms);
    return;
  }
  emitInline(item.inline as Inline, applied, label, context, resolver, atoms);
}

function emitText(text: string, code: boolean, label: boolean, atoms: Atom[]): void {
  atoms.push(code ? rawAtom('raw', codeSpan(text)) : textAtom(text, label));
}

function emitInline(inline: Inline, applied: number, label: boolean, context: InlineContext, resolver: RefResolver | undefined, atoms: Atom[]): void {
  switch (inline.type) {
    case 'link': {
      const url = refToTarget(inline.data.ref, 'link', resolver);
      const title = inline.data.title ?? '';
      // `[text](url)`, also for a URL or an e-mail address as its own text (GitBook writes no `<url>`), but a URL read
      // bare is written bare again where it reads back as the same link (decided in renderAtoms, step 3).
      const open = rawAtom('raw', '[');
      atoms.push(open);
      // (Most link texts have no bold, italic or strikethrough: their atoms without items, as at the top level.)
      if (noEmphasis(inline.nodes)) directAtoms(inline.nodes, false, applied, true, context, resolver, atoms);
      else {
        const inner = toItems(inline.nodes, PLAIN);
        emitItems(inner, 0, inner.length, applied, true, context, resolver, atoms);
      }
      const close = rawAtom('raw', `](${destination(url, context.bareAmpersands === true)}${title ? ` ${linkTitle(title)}` : ''})`);
      atoms.push(close);
      if (!label && !title && inline.data.autolink === true && !/[\s\\|<>`]/.test(url)) {
        // (Its marks applied around it when it is part of a run: isAutolinkLiteral.)
        const text = literalText(inline.nodes, applied);
        if (text === url) open.bare = { url, close };
        // An e-mail address read bare: bare again where the text's linkify reads it back, else `<a@b.dev>`.
        else if (text !== undefined && url === `mailto:${text}`) open.bare = { url, close, literal: text };
        // A `www.` literal read bare: bare again where the text's linkify reads it back, else `[www.x](<http://www.x>)`
        // (no autolink form without a scheme; the angle brackets say it was bare: from-markdown.ts isBareWww).
        else if (text !== undefined && url === `http://${text}` && WWW_LITERAL.test(text)) open.bare = { url, close, literal: text, www: true };
      }
      return;
    }
    case 'inline-image':
      atoms.push(rawAtom('raw', imageMarkdown(inline.data.alt ?? '', refToTarget(inline.data.ref, 'image', resolver), inline.data.caption ?? '')));
      return;
    case 'html':
      atoms.push(rawAtom('raw', noNul(inline.data.html), true));
      return;
    case 'footnote-reference':
      atoms.push(rawAtom('raw', noNul(`[^${inline.data.label ?? inline.data.identifier}]`)));
      return;
    case 'inline-math': {
      // GitBook's inline math, its formula as it is (`$$x_1*y$$`: no escapes inside); one that would not read back
      // so (the API refuses them: content-edits.ts) is written as the text `$$formula$$` (escaped).
      const formula = String(inline.data.formula ?? '');
      atoms.push(inlineMathWritable(formula) ? rawAtom('raw', `$$${formula}$$`) : textAtom(`$$${formula}$$`, label));
      return;
    }
    default: {
      // GitBook inlines without markdown syntax (emoji, mentions, …): their text content is kept.
      const nodes = (inline as { nodes?: unknown }).nodes;
      if (!Array.isArray(nodes)) return;
      if (noEmphasis(nodes as InlineContent[])) directAtoms(nodes as InlineContent[], false, applied, label, context, resolver, atoms);
      else {
        const inner = toItems(nodes as InlineContent[], PLAIN);
        emitItems(inner, 0, inner.length, applied, label, context, resolver, atoms);
      }
    }
  }
}

/**
 * One piece of the output line: text still to escape, markup (`html`: raw HTML; `bare`: the `[` of a link read from a
 * bare URL, which the atoms up to `close` (its `](url)`) write `[url](url)`) or a hard break, or an emphasis delimiter
 * still to choose. Three object shapes, each made in one place (`textAtom`, `rawAtom`, `delimiter`): a raw atom and a
 * break always have `html` and `bare`, so that the writer's loops over atoms (renderAtoms, delimit, …) see at most
 * three hidden classes (polymorphic loads of `t` and `out`); five before (`{t, out}`, `{t, out, html}`, `{t, out,
 * bare}`, text, delimiters) made those sites megamorphic.
 */
interface Delimiter {
  t: 'open' | 'close';
  mark: MarkType;
  pair: number;
  out: string;
}
interface RawAtom {
  t: 'raw' | 'break';
  out: string;
  html: boolean;
  bare: { url: string; close: Atom; literal?: string; www?: boolean } | undefined;
}
type Atom = { t: 'text'; value: string; label: boolean; out: string } | RawAtom | Delimiter;

function textAtom(value: string, label: boolean): Atom {
  return { t: 'text', value, label, out: '' };
}

function rawAtom(t: 'raw' | 'break', out: string, html = false): RawAtom {
  return { t, out, html, bare: undefined };
}

function delimiter(t: 'open' | 'close', mark: MarkType, pair: number): Delimiter {
  return { t, mark, pair, out: '' };
}

/**
 * What is written after atom `from` on its line, up to white space (where an autolink literal ends at the latest) or
 * `AUTOLINK_LOOKAHEAD` characters (`capped`: so that a paragraph of such atoms without white space stays linear).
 */
function writtenAfter(atoms: readonly Atom[], from: number, textOnly = false): { after: string; capped: boolean } {
  let after = '';
  for (let j = from; j < atoms.length; j++) {
    if (after.length >= AUTOLINK_LOOKAHEAD) return { after, capped: true };
    const next = (atoms[j] as Atom).out;
    // `textOnly`: up to the next atom that is not text (where the text token the core linkify reads ends).
    if (textOnly && next !== '' && (atoms[j] as Atom).t !== 'text') break;
    after += next;
    if (/\s/.test(next)) break;
  }
  return { after, capped: false };
}

/** The nearest atom before `index` (step -1) or from `index` on (step 1) that writes something. */
function writing(atoms: readonly Atom[], index: number, step: 1 | -1): Atom | undefined {
  return atoms[writingAt(atoms, index, step)];
}

/** The index of `writing`'s atom, -1 if none. */
function writingAt(atoms: readonly Atom[], index: number, step: 1 | -1): number {
  for (let j = index; j >= 0 && j < atoms.length; j += step) {
    if ((atoms[j] as Atom).out !== '') return j;
  }
  return -1;
}

/** A caption's text (GitBook's `<figcaption>` holds text): inline math in it as written, `$$x$$`. */
function captionText(nodes: readonly InlineContent[]): string {
  let out = '';
  for (const node of nodes) {
    if (node.object === 'text') for (const l of node.leaves) out += l.text;
    else if (node.type === 'link') out += captionText(node.nodes);
    else if (node.type === 'inline-image') out += node.data.alt ?? '';
    else if (node.type === 'inline-math') out += `$$${node.data.formula}$$`;
  }
  return out;
}

function imageMarkdown(alt: string, url: string, title: string): string {
  const label = escapeText(alt.replace(/[\r\n]+/g, ' '), { label: true, lineStart: false, colonEscaped: false, afterBreak: false, lineEnd: false, next: ']', heading: undefined, setext: undefined, table: undefined, htmlCode: false, htmlText: false, alt: true });
  return `![${label}](${destination(url)}${title ? ` ${linkTitle(title)}` : ''})`;
}

/** A link's or image's destination; `bareAmpersands`: `&` escaped only where it could read as a reference. */
function destination(raw: string, bareAmpersands = false): string {
  const url = noNul(raw);
  if (url === '') return '<>';
  if (/[\x00-\x20\x7f<>]/.test(url) || !balancedParens(url)) return `<${escapeLinkPart(url, '<>')}>`;
  return escapeLinkPart(url, bareAmpersands ? '()&' : '()');
}

/**
 * Escapes a link destination or title: `special` characters get a backslash, line breaks become character
 * references, `&` gets a backslash in a bare destination (GitBook's `?a=1\&b=2`) and elsewhere before what could read
 * as a reference, and a backslash is doubled before
 * anything that starts with punctuation once written.
 */
function escapeLinkPart(value: string, special: string): string {
  // Most destinations and titles have nothing to escape: returned as they are, without a string per character.
  const needs = LINK_PART_SPECIAL[special];
  if (needs !== undefined && !needs.test(value)) return value;
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i] as string;
    const next = value[i + 1];
    if (c === '\\') out += next === undefined || next === '\n' || next === '\r' || ASCII_PUNCT.test(next) ? '\\\\' : '\\';
    // In a bare destination every `&` (`?a=1\&b=2`, as GitBook writes its links' URLs); elsewhere where it could read as a reference.
    else if (c === '&') out += special === '()' || startsReference(value, i, '') ? '\\&' : '&';
    else if (c === '\n') out += '&#xA;';
    else if (c === '\r') out += '&#xD;';
    else if (special.includes(c)) out += `\\${c}`;
    else out += c;
  }
  return out;
}

/** The characters `escapeLinkPart` writes otherwise than as they are, by its `special` characters. */
const LINK_PART_SPECIAL: Readonly<Record<string, RegExp>> = { '()': /[\\&\n\r()]/, '()&': /[\\&\n\r()]/, '<>': /[\\&\n\r<>]/, '"': /[\\&\n\r"]/ };

function balancedParens(url: string): boolean {
  let depth = 0;
  for (let i = 0; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 0x28) depth++;
    else if (c === 0x29 && --depth < 0) return false;
  }
  return depth === 0;
}

function linkTitle(title: string): string {
  return `"${escapeLinkPart(noNul(title), '"')}"`;
}

/** NUL reads back as U+FFFD. */
function noNul(value: string): string {
  return value.includes('\u0000') ? value.replaceAll('\u0000', '\uFFFD') : value;
}

function codeSpan(value: string): string {
  const v = noNul(value).replace(/[\r\n]/g, ' ');
  // The fence is the shortest run of backticks not inside (as GitBook writes `` ` ```js ` ``).
  let fence = '`';
  if (v.includes('`')) {
    const runs = new Set(v.match(/`+/g)?.map((r) => r.length) ?? []);
    let size = 1;
    while (runs.has(size)) size++;
    fence = '`'.repeat(size);
  }
  // markdown-it removes one space on each side of content of 3+ characters starting and ending with one (even all spaces).
  const pad = v.startsWith('`') || v.endsWith('`') || (v.length >= 3 && v.startsWith(' ') && v.endsWith(' '));
  return pad ? `${fence} ${v} ${fence}` : `${fence}${v}${fence}`;
}

// ---------------------------------------------------------------------------
// Escaping text and choosing emphasis delimiters

type CharClass = 'space' | 'punct' | 'word';

function classify(ch: string): CharClass {
  if (ch === '') return 'space';
  const code = ch.codePointAt(0) as number;
  if (isWhiteSpace(code)) return 'space';
  if (isMdAsciiPunct(code) || isPunctChar(ch)) return 'punct';
  return 'word';
}

function firstChar(s: string): string {
  if (s === '') return '';
  const code = s.codePointAt(0) as number;
  return String.fromCodePoint(code);
}

function lastChar(s: string): string {
  if (s === '') return '';
  const code = s.charCodeAt(s.length - 1);
  if (code >= 0xdc00 && code <= 0xdfff && s.length > 1) return s.slice(-2);
  return s.slice(-1);
}

function encode(ch: string): string {
  return `&#x${(ch.codePointAt(0) as number).toString(16).toUpperCase()};`;
}

const HTML_BLOCK_START = [
  /^<(?:script|pre|style|textarea)(?=\s|>|$)/i,
  /^<!--/,
  /^<\?/,
  /^<![A-Za-z]/,
  /^<!\[CDATA\[/,
  /^<\/?(?:address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul)(?=\s|\/?>|$)/i,
];
const HTML_TAG = /^<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>$/;

/**
 * Raw HTML starting a line of a paragraph would read back as an HTML block. Such HTML came from inside emphasis
 * (marks on raw HTML are not kept), so it is written inside emphasis again: `_<div>_` (or `~~`, `**`).
 */
function guardHtmlLineStarts(atoms: Atom[]): Atom[] {
  let out: Atom[] | undefined;
  for (let i = 0; i < atoms.length; i++) {
    const a = atoms[i] as Atom;
    const lineStart = i === 0 || atoms[i - 1]?.t === 'break';
    if (!lineStart || a.t !== 'raw' || !a.html) continue;
    let startsBlock = HTML_BLOCK_START.some((re) => re.test(a.out));
    if (!startsBlock && i === 0 && HTML_TAG.test(a.out)) {
      // A lone tag (HTML block of type 7) when nothing but white space follows it on the line.
      let j = i + 1;
      while (j < atoms.length && atoms[j]?.t === 'text' && (atoms[j] as { value: string }).value.trim() === '') j++;
      startsBlock = j === atoms.length || atoms[j]?.t === 'break';
    }
    if (!startsBlock) continue;
    out ??= atoms.slice(0, i);
    const pair = atoms.length + i;
    // A mark whose delimiter cannot merge with the one that may follow.
    const following = atoms[i + 1];
    const mark: MarkType = following?.t === 'open' ? (following.mark === 'strikethrough' ? 'bold' : 'strikethrough') : 'italic';
    out.push(delimiter('open', mark, pair), a, delimiter('close', mark, pair));
    for (const rest of atoms.slice(i + 1)) out.push(rest);
    return guardHtmlLineStarts(out);
  }
  return out ?? atoms;
}

/** Raw HTML that opens or closes an anchor, as markdown-it's `isLinkOpen`/`isLinkClose` read it. */
const ANCHOR_OPEN = /^<a[\s>]/i;
const ANCHOR_CLOSE = /^<\/a\s*>/i;

/**
 * Anchor levels of raw HTML (`<a …>` opens, `</a>` closes) before each atom, or `NO_ANCHORS` when no atom is inside
 * an anchor (most inline contents). Computed once per `renderAtoms`, when it first asks.
 */
function anchorLevels(atoms: readonly Atom[]): Int32Array {
  let levels: Int32Array | undefined;
  let level = 0;
  for (let j = 0; j < atoms.length; j++) {
    const a = atoms[j] as Atom;
    if (level > 0) (levels ??= new Int32Array(atoms.length))[j] = level;
    if (a.t === 'raw' && a.html === true) {
      // No floor at zero: markdown-it's `linkLevel` goes below it on a stray `</a>`, and an `<a …>` after that one
      // brings it back to zero, not inside a link.
      if (ANCHOR_OPEN.test(a.out)) level++;
      else if (ANCHOR_CLOSE.test(a.out)) level--;
    }
  }
  return levels ?? NO_ANCHORS;
}
const NO_ANCHORS = new Int32Array(0);

/**
 * Of the atoms inside raw `<a …>` (`forward`), those the core linkify rule reads no link in either: it counts anchors
 * backward from each closing `</a>` (markdown-it's `htmlLinkLevel`), so text after an `<a …>` never closed is
 * linkified (`www.x.io` there is a link), while the inline rule's `linkLevel` counts the opening tags.
 */
function closedAnchorLevels(atoms: readonly Atom[], forward: Int32Array): Int32Array {
  if (forward === NO_ANCHORS) return NO_ANCHORS;
  const levels = new Int32Array(atoms.length);
  let level = 0;
  for (let j = atoms.length - 1; j >= 0; j--) {
    const a = atoms[j] as Atom;
    if (a.t === 'raw' && a.html === true) {
      if (ANCHOR_CLOSE.test(a.out)) level++;
      else if (ANCHOR_OPEN.test(a.out) && level > 0) level--;
    }
    if (level > 0 && (forward[j] ?? 0) > 0) levels[j] = level;
  }
  return levels;
}

/**
 * The atoms the core linkify rule skips as inside raw HTML links, counted as it counts them: backward from each
 * `</a>`, an `<a …>` before it ending that (markdown-it's `htmlLinkLevel`). So all text before a stray `</a>` (one
 * whose `<a` is escaped text, or none) is skipped: an e-mail literal there is no link, as bare text.
 */
function htmlLinkLevels(atoms: readonly Atom[]): Int32Array {
  let levels: Int32Array | undefined;
  let level = 0;
  for (let j = atoms.length - 1; j >= 0; j--) {
    const a = atoms[j] as Atom;
    if (a.t === 'raw' && a.html === true) {
      if (ANCHOR_OPEN.test(a.out) && level > 0) level--;
      if (ANCHOR_CLOSE.test(a.out)) level++;
    }
    if (level > 0) (levels ??= new Int32Array(atoms.length))[j] = level;
  }
  return levels ?? NO_ANCHORS;
}

/** Whether atom `i` is inside raw `<a …>…</a>` HTML (markdown-it's `linkLevel`: no autolink is read there). */
function inAnchor(levels: Int32Array, i: number): boolean {
  return (levels[i] ?? 0) > 0;
}

function renderAtoms(atoms: Atom[], context: InlineContext): string {
  colourInsideEmphasis(atoms);
  // (A WeakMap of levels per atoms array cost more than the scan: ~2 % of a page write, most of it its ephemerons.)
  let levels: Int32Array | undefined;
  let closed: Int32Array | undefined;
  // 1. Escape text, knowing where lines start and end and what comes next.
  // (Every field set here, in one order, as `inline`'s: escapeText sees one hidden class of options.)
  const options: EscapeOptions = { label: false, lineStart: false, colonEscaped: false, afterBreak: false, lineEnd: false, next: '', heading: context.heading, setext: context.setext, table: context.table, htmlCode: false, htmlText: false, alt: false };
  // In a table cell, how many raw `<p>` are open: GitBook writes a cell of several blocks as HTML paragraphs
  // (`<p>a<br>b</p><p>c</p>`) and their text as HTML text, `<` and `&` as `&#x3C;` and `&#x26;`.
  let paragraphs = 0;
  for (let i = 0; i < atoms.length; i++) {
    const atom = atoms[i] as Atom;
    if (context.table === true && atom.t === 'raw' && atom.html === true) {
      if (HTML_P_OPEN.test(atom.out)) paragraphs++;
      else if (paragraphs > 0 && HTML_P_CLOSE.test(atom.out)) paragraphs--;
    }
    if (atom.t !== 'text') continue;
    options.htmlText = paragraphs > 0;
    const previous = atoms[i - 1];
    const following = atoms[i + 1];
    const next = following === undefined || following.t === 'break' ? '' : following.t === 'text' ? firstChar(following.value) : following.t === 'raw' ? firstChar(following.out) : '*';
    // One options object for every text atom (escapeText keeps nothing of it): no object per atom.
    options.label = atom.label;
    options.lineStart = previous === undefined || previous.t === 'break';
    // `[^1]` then `:` starting a line would read as a footnote definition.
    options.colonEscaped = previous?.t === 'raw' && previous.out.endsWith(']') && (i === 1 || atoms[i - 2]?.t === 'break');
    options.afterBreak = previous?.t === 'break';
    // White space before a hard break is kept; at the end of the content it would be trimmed.
    options.lineEnd = following === undefined;
    options.next = next;
    options.htmlCode = previous?.t === 'raw' && previous.html === true && following?.t === 'raw' && following.html === true && /^<code[\s>]/i.test(previous.out) && /^<\/code>$/i.test(following.out);
    atom.out = escapeText(atom.value, options);
    // Inside raw `<a …>…</a>` neither linkify rule reads links (markdown-it counts the HTML as a link): no escapes there,
    // as GitBook writes `<a href="mailto:a@b.dev">a@b.dev</a>`. After an `<a …>` never closed, the core rule reads them.
    if (!atom.label && !inAnchor((closed ??= closedAnchorLevels(atoms, (levels ??= anchorLevels(atoms)))), i)) atom.out = protectAutolinks(atom.out);
    // `[^1]` then `(` would read as a link whose text is `^1` (the link rule comes before the footnote reference's).
    if (previous?.t === 'raw' && previous.out.endsWith(']') && atom.out.startsWith('(')) atom.out = `\\${atom.out}`;
  }
  // 2. Delimiters: `_` or `*` for emphasis, and character references where flanking rules need them.
  //    Delimiters nest (emitItems, guardHtmlLineStarts): the opener of a closer is the innermost one still open, found
  //    by its pair on a stack of their indexes (no map per content).
  let openers: number[] | undefined;
  for (let i = 0; i < atoms.length; i++) {
    const atom = atoms[i] as Atom;
    if (atom.t === 'open') (openers ??= []).push(i);
    if (atom.t !== 'close' || openers === undefined) continue;
    let at = openers.length - 1;
    while (at >= 0 && (atoms[openers[at] as number] as Delimiter).pair !== atom.pair) at--;
    const open = openers[at] as number;
    if (at === openers.length - 1) openers.pop();
    else if (at >= 0) openers.splice(at, 1);
    delimit(atoms, open, i);
  }
  // A run of `*` closing one run of marks and opening the next may need its italic written `_` (and a delimiter at a
  // referenced character's edge a reference of its own then): rare, so the pairs are found again only then.
  if (openers !== undefined) {
    while (splitStarRuns(atoms)) {
      const stack: number[] = [];
      for (let i = 0; i < atoms.length; i++) {
        const atom = atoms[i] as Atom;
        if (atom.t === 'open') stack.push(i);
        if (atom.t !== 'close') continue;
        let at = stack.length - 1;
        while (at >= 0 && (atoms[stack[at] as number] as Delimiter).pair !== atom.pair) at--;
        if (at < 0) continue;
        delimitEdges(atoms, stack[at] as number, i);
        stack.splice(at, 1);
      }
    }
  }
  // 3. Links read from a bare URL (`data.autolink`) are written bare where the inline autolink rule reads the very URL
  //    back: its scheme starts no word (`a` before `http` makes it text) and the URL ends where it did, given what
  //    follows (from the last, so that what follows is final); elsewhere as `<url>`, which reads back as one too.
  //    After raw `<a …>` HTML the inline rule finds no link (markdown-it counts it as a link open): `<url>` there.
  // (The first raw `<a …>`: looked for once, and only when a link read from a bare URL is there.)
  let anchor: number | undefined;
  /** The atoms inside raw HTML links for the core linkify rule (htmlLinkLevels), when a literal asks. */
  let htmlLinks: Int32Array | undefined;
  // Whether the text has runs of marks at all (looked for once, when a literal asks: writeLiteral).
  let runs: boolean | undefined;
  const inRun = (): boolean => (runs ??= atoms.some((a) => a.t === 'open'));
  for (let i = atoms.length - 1; i >= 0; i--) {
    const atom = atoms[i] as Atom;
    if (atom.t !== 'raw' || atom.bare === undefined) continue;
    anchor ??= atoms.findIndex((a) => a.t === 'raw' && a.html === true && ANCHOR_OPEN.test(a.out));
    // (Found by identity: guardHtmlLineStarts may have put delimiters into the atoms since.)
    const { url, close, literal, www } = atom.bare;
    let end = i + 1;
    while (end < atoms.length && atoms[end - 1] !== close) end++;
    for (let j = i + 1; j < end; j++) (atoms[j] as Atom).out = '';
    if (literal !== undefined) {
      atom.out = www === true ? `[${literal}](<${url}>)` : `<${literal}>`;
      // (Nor before a `</a>` the core rule counts it inside of, found by the GitBook properties, session 23.)
      if ((anchor < 0 || i < anchor) && !inAnchor((htmlLinks ??= htmlLinkLevels(atoms)), i)) writeLiteral(atoms, i, end, url, literal, inRun, www === true);
      continue;
    }
    atom.out = `<${url}>`;
    if (anchor >= 0 && i > anchor) continue;
    // Emphasis delimiters next to it were chosen for `[` and `)` (punctuation, as `<` and `>`: their flanking holds).
    // But `*` runs (GitBook's bold, `**https://x.io**`): a URL starts with a letter, which keeps an opener before it
    // left-flanking, and ends with what `)` stood for or a letter, which keeps a closer after it right-flanking; the
    // inline rule drops the `*` that follow a URL from it.
    const before = writing(atoms, i - 1, -1);
    const next = writing(atoms, end, 1);
    // (Only the run's own opener before it and closer after it: another run's opener after a letter, or closer
    // before one, may flank otherwise.)
    const stars = (a: Atom | undefined, t: 'open' | 'close'): boolean => a?.t === t && /^\*+$/.test(a.out);
    if (((before?.t === 'open' || before?.t === 'close') && !stars(before, 'open')) || ((next?.t === 'open' || next?.t === 'close') && !stars(next, 'close'))) continue;
    // Where that run of `*` also closes or opens another run (`*http://x.io***-**`), the URL's letter must match what
    // is on the run's other side (splitStarRuns chose for `[` and `)`).
    if (stars(before, 'open') && !keepsStarJunction(atoms, writingAt(atoms, i - 1, -1), firstChar(url), 'first')) continue;
    if (stars(next, 'close') && !keepsStarJunction(atoms, writingAt(atoms, end, 1), lastChar(url), 'last')) continue;
    // Nor may text before it have been written for the `<`: a `<` there was not escaped (`<https://…>` is an autolink).
    if (before !== undefined && /[A-Za-z0-9+.\-\\<]/.test(lastChar(before.out))) continue;
    // (Past the look-ahead, what follows might still extend the URL: `<url>`.)
    const { after, capped } = writtenAfter(atoms, end);
    const match = capped ? null : linkifyMatchAtStart(url + after);
    if (match?.url.replace(/\*+$/, '') === url) atom.out = url;
    // A URL the inline rule reads no link from at all (`https://$HOST`: linkify's start match refuses its host) was
    // read by the core linkify from its text token: bare again where that reads it back, as an e-mail literal is.
    else if (!capped && match === null && !inAnchor((htmlLinks ??= htmlLinkLevels(atoms)), i)) writeLiteral(atoms, i, end, url, url, inRun);
  }
  // 4. The inline autolink rule reads `scheme://…` on the source, past the text's own atom: `http://x.io-` is no link
  //    before `__` (linkify finds none in `http://x.io-__`), but one before `~~\_\_~~` (the URL ends at the escape, after
  //    `~~`). A URL that was text is checked again with what is written after it, up to white space or
  //    `AUTOLINK_LOOKAHEAD` characters (so a paragraph of such atoms without white space stays linear).
  for (let i = 0; i < atoms.length; i++) {
    const atom = atoms[i] as Atom;
    // Only the schemes linkify knows start a link (`schema_at_start`): http, https, ftp.
    if (atom.t !== 'text' || atom.label || !atom.out.includes('://') || !/(?:https?|ftp):\/\//i.test(atom.out) || inAnchor((levels ??= anchorLevels(atoms)), i)) continue;
    const { after } = writtenAfter(atoms, i + 1);
    if (after !== '') atom.out = protectSchemes(atom.out, after);
  }
  // 5. A `<` ending a text is escaped where what is written after it (a code span, a run of marks: other atoms)
  //    continues it into an e-mail autolink: `<` then the code `a@b.dev>` written `<`a@b.dev>``, or `<` then an italic
  //    `a@b.dev>` written `<_a@b.dev>_`, read back as the link (escapeText sees its text only; `<**b**` stays bare).
  for (let i = 0; i + 1 < atoms.length; i++) {
    const atom = atoms[i] as Atom;
    if (atom.t !== 'text' || !atom.out.endsWith('<')) continue;
    const following = writing(atoms, i + 1, 1);
    if (following === undefined || !EMAIL_LOCAL_CHAR.test(firstChar(following.out))) continue;
    let backslashes = 0;
    while (atom.out.charCodeAt(atom.out.length - 2 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 1) continue;
    const { after, capped } = writtenAfter(atoms, i + 1);
    if (EMAIL_AUTOLINK.test(`<${after}`) || (capped && /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~@-]*$/.test(after))) atom.out = `${atom.out.slice(0, -1)}\\<`;
  }
  // 6. A link first in the content whose text holds a `]` in a code span (`[`]:`](https://x.io)`) starts a reference
  //    definition's line (a label ends at its first `]`, code spans or not: `[`]` and `:`): its destination is written
  //    after a space (`]( https://x.io)`), which a link reads the same and a definition does not (its destination
  //    `` `]( `` has an unclosed parenthesis). Found by the GitBook properties (session 22's open case).
  const first = writingAt(atoms, 0, 1);
  if (first >= 0 && (atoms[first] as Atom).t === 'raw' && (atoms[first] as Atom).out === '[') startsDefinition(atoms, first);
  // (Joined at once: a flat string, not a chain of one concatenation per atom.)
  if (atoms.length === 1) return (atoms[0] as Atom).out;
  const outs: string[] = new Array(atoms.length);
  for (let i = 0; i < atoms.length; i++) outs[i] = (atoms[i] as Atom).out;
  return outs.join('');
}

/**
 * For renderAtoms step 6: atom `open` (`[`, first in the content) opens a link whose written label, scanned as the
 * reference rule scans one (backslash escapes, a `[` ends the scan), ends at a `]` followed by `:`: the link's `](`
 * gets a space after it.
 */
function startsDefinition(atoms: Atom[], open: number): void {
  let escaped = false;
  for (let j = open + 1; j < atoms.length; j++) {
    const atom = atoms[j] as Atom;
    // The link's own `](url)` (an image's is inside its one atom `![…](…)`): its `]` ends the label, `(` follows.
    if (atom.t === 'raw' && !escaped && atom.out.startsWith('](')) return;
    const out = atom.out;
    for (let k = 0; k < out.length; k++) {
      const c = out.charCodeAt(k);
      if (escaped) escaped = false;
      else if (c === 0x5c) escaped = true;
      else if (c === 0x5b) return;
      else if (c === 0x5d) {
        // The label's end: a definition's line when `:` follows.
        const colon = k + 1 < out.length ? out[k + 1] : firstChar(writing(atoms, j + 1, 1)?.out ?? '');
        if (colon !== ':') return;
        for (let m = j + 1; m < atoms.length; m++) {
          const close = atoms[m] as Atom;
          if (close.t === 'raw' && close.out.startsWith('](')) {
            close.out = `]( ${close.out.slice(2)}`;
            return;
          }
        }
        return;
      }
    }
  }
}

/**
 * An e-mail literal read bare (atom i writes it, as `<text>`, until here) is written bare where the core linkify
 * rule reads the very link back from the text token it lands in: after white space or the start of the line (nothing
 * before it joins it), before white space, the end of the line or text (checked with linkify on what follows, up to
 * white space), not next to delimiters or other markup (other tokens).
 */
function writeLiteral(atoms: Atom[], i: number, end: number, url: string, literal: string, inRun: () => boolean, www = false): void {
  const before = writing(atoms, i - 1, -1);
  // A `www.` literal also after `(`, as GitBook writes `(www.x.io)` (linkify reads one after punctuation), and an
  // e-mail literal after `(` or `"` (`관리자(a@b.dev)에게`, `email "a@b.dev" to`: linkify's e-mail prefixes), checked
  // with the word it ends (at most 64 characters, without escapes or references, else not bare: `ab"a@b.dev` is
  // one address for linkify). The word starts after white space in that text, or at the start of the line.
  let word = '';
  if (before?.t === 'text' && (www ? before.out.endsWith('(') : /["(]$/.test(before.out))) {
    const out = before.out;
    const space = Math.max(out.lastIndexOf(' '), out.lastIndexOf('\t'));
    word = out.slice(space + 1);
    const startsWord = space >= 0 || writing(atoms, atoms.lastIndexOf(before, i - 1) - 1, -1) === undefined;
    if (!startsWord || word.length > 64 || /[\\&]/.test(word)) return;
  } else if (before !== undefined && before.t !== 'open' && (before.t !== 'text' || !/[ \t]$/.test(before.out))) return;
  // Next to an emphasis delimiter only a letter or digit keeps its flanking (`*__a@b.dev*` written `___a@b.dev_` would
  // join the literal's `__` to the opener's run).
  if (before?.t === 'open' && !/^[\p{L}\p{N}]/u.test(literal)) return;
  // (Nor where that opener's run of `*` closes another run: splitStarRuns, as for a URL.)
  if (before?.t === 'open' && !keepsStarJunction(atoms, writingAt(atoms, i - 1, -1), firstChar(literal), 'first')) return;
  // Where the text has runs of marks, a literal starting or ending with `_` or `*` flanks like a delimiter where it
  // stands and can pair with theirs: inside one (`*- _a@b.dev*`, written `_- _a@b.dev_`, read the literal's `_` as
  // the run's opener) or before one (`_a@b.dev#*-*`, written `_a@b.dev#_-_`: the run's both-flanking opener closed
  // the literal's `_`). Not bare there (both found by the pipeline property, about one run in four and one in six).
  // So can one inside it next to punctuation (`*www.x.io-__a@b.dev*`, written `_www.x.io-__a@b.dev_`: the `__` after
  // `-` opened, the run's `_` closed it; found by the autolink property, session 23), and any `*` (intraword too).
  if (inRun() && (/^[_*]|[_*]$/.test(literal) || literal.includes('*') || /[^\p{L}\p{N}_]_|_[^\p{L}\p{N}_]/u.test(literal))) return;
  const next = writing(atoms, end, 1);
  if (next?.t === 'close' && (!/[\p{L}\p{N}]$/u.test(literal) || !keepsStarJunction(atoms, writingAt(atoms, end, 1), lastChar(literal), 'last'))) return;
  // (The run's own opener before it and closer after it only: another run's opener after a letter may flank otherwise.)
  if (next !== undefined && next.t !== 'text' && next.t !== 'break' && next.t !== 'close') return;
  // A line break ends the text token the core linkify reads (`ssh a@10.0.0.5\`, GitBook's hard break after it), so
  // does an emphasis delimiter (`**help@x.io**`: matched, they are tags, not text; chosen for `<` and `>`, punctuation,
  // their flanking holds next to the literal's first and last characters).
  // (The text token ends at the next delimiter or other markup too: `_www.x.io-@b_` is linkified as `www.x.io-@b`,
  // found by the pipeline's autolink property, session 23.)
  const written = next?.t === 'break' || next?.t === 'close' ? { after: '', capped: false } : writtenAfter(atoms, end, true);
  // (Up to white space, where the literal ends at the latest: an escape or a reference there could move its end; a
  // `&#x20;` later in the text cannot.)
  const space = written.after.search(/\s/);
  const after = space >= 0 ? written.after.slice(0, space) : written.after;
  if (written.capped || /[\\&]/.test(after)) return;
  const text = word + literal + after;
  const matches = linkifyMatches(text).filter((m: { lastIndex: number }) => m.lastIndex > word.length) as { index: number; lastIndex: number; url?: string }[];
  const match = matches[0];
  if (match?.index !== word.length || match.lastIndex !== word.length + literal.length || match.url !== url) return;
  // Linkify's match is kept only as GFM's autolink literal (from-markdown.ts, as the reader checks it): `&a@b.dev`
  // (read from `<&a@b.dev>`, CommonMark's e-mail autolink) is matched by linkify but read back as text, so not bare.
  if (!isGfmAutolinkLabel(literal, url.startsWith('mailto:'), /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1] ?? '')) return;
  // Linkify goes on reading links in what follows the literal, from where the literal ended (`a@b.dev:mailto:a@b.dev`:
  // a second link there), which it would not from that text alone: not bare when one would start in the text after it.
  const following = writing(atoms, end, 1);
  if (following?.t === 'text' && matches.slice(1).some((m) => m.index < word.length + literal.length + following.out.length)) return;
  (atoms[i] as Atom).out = literal;
}

function outputBefore(atoms: Atom[], index: number): { atom: number; ch: string } {
  for (let j = index - 1; j >= 0; j--) {
    const atom = atoms[j] as Atom;
    if (atom.t === 'break') return { atom: -1, ch: '' };
    if (atom.t === 'open' || atom.t === 'close') return { atom: -1, ch: '*' };
    if (atom.out !== '') return { atom: j, ch: lastChar(atom.out) };
  }
  return { atom: -1, ch: '' };
}

function outputAfter(atoms: Atom[], index: number): { atom: number; ch: string } {
  for (let j = index + 1; j < atoms.length; j++) {
    const atom = atoms[j] as Atom;
    if (atom.t === 'break') return { atom: -1, ch: '\\' };
    if (atom.t === 'open' || atom.t === 'close') return { atom: -1, ch: '*' };
    if (atom.out !== '') return { atom: j, ch: firstChar(atom.out) };
  }
  return { atom: -1, ch: '' };
}

function encodeEdge(atoms: Atom[], index: number, edge: 'first' | 'last'): void {
  const atom = atoms[index] as Atom & { out: string };
  if (edge === 'first') {
    // The rest now follows a `;`, not the character: a URL that was text after a letter (`ahttp://x.io`) would read
    // back as an autolink literal, so it is protected again.
    const ch = firstChar(atom.out);
    atom.out = encode(ch) + protectAutolinks(atom.out.slice(ch.length));
  } else {
    const ch = lastChar(atom.out);
    let before = atom.out.slice(0, atom.out.length - ch.length);
    // A literal backslash before a space or a letter (written bare: it escapes nothing there) would now escape the `&`.
    if (/(?:^|[^\\])(?:\\\\)*\\$/.test(before)) before += '\\';
    // The text before it now ends at a reference (a token of its own): an e-mail address or `www.` literal that the
    // character continued (`a@b.devé`, `www.a.com日`: none) would end there and read back as a link, so it is
    // protected again (`a\@b.dev&#xE9;`). (Not in a link's text, which holds no links, nor where the text was left
    // unprotected: inside raw `<a …>…</a>`, renderAtoms.)
    const protect = atom.t === 'text' && !atom.label && protectAutolinks(atom.out) === atom.out;
    atom.out = protect ? protectAutolinks(before + encode(ch)) : before + encode(ch);
  }
}

function delimit(atoms: Atom[], open: number, close: number): void {
  const opener = atoms[open] as Delimiter;
  const closer = atoms[close] as Delimiter;
  let marker: string;
  if (opener.mark === 'bold') marker = '**';
  else if (opener.mark === 'strikethrough') marker = '~~';
  else marker = classify(outputBefore(atoms, open).ch) === 'word' || classify(outputAfter(atoms, close).ch) === 'word' ? '*' : '_';
  opener.out = marker;
  closer.out = marker;
  delimitEdges(atoms, open, close);
}

/** The character references a pair of delimiters (chosen) needs at its edges to open and close where it stands. */
function delimitEdges(atoms: Atom[], open: number, close: number): void {
  const before = outputBefore(atoms, open);
  const after = outputAfter(atoms, close);
  // Opening: the first character inside must not be white space; punctuation inside needs no letter outside.
  let inside = outputAfter(atoms, open);
  if (inside.atom >= 0 && classify(inside.ch) === 'space') {
    encodeEdge(atoms, inside.atom, 'first');
    inside = outputAfter(atoms, open);
  }
  // (As CommonMark needs it, also next to CJK text, which the parser reads CJK-friendly: GitBook's pages of 2025-2026
  // encode so, `**主镜头同步：**&#x5C06;同步`, `합니&#xB2E4;**.**`; its 2023 pages wrote `**理念：**面向`, read bold too.)
  if (classify(inside.ch) === 'punct' && before.atom >= 0 && classify(before.ch) === 'word') encodeEdge(atoms, before.atom, 'last');
  // Closing: the same, mirrored.
  let end = outputBefore(atoms, close);
  if (end.atom >= 0 && classify(end.ch) === 'space') {
    encodeEdge(atoms, end.atom, 'last');
    end = outputBefore(atoms, close);
  }
  if (classify(end.ch) === 'punct' && after.atom >= 0 && classify(after.ch) === 'word') encodeEdge(atoms, after.atom, 'first');
}

/** An emphasis delimiter written with `*` (bold's `**`, italic's `*` inside a word). */
const isStarDelimiter = (atom: Atom): boolean => (atom.t === 'open' || atom.t === 'close') && atom.out.charCodeAt(0) === 42;

/**
 * The characters on both sides of the run of `*` delimiters that the delimiter atom `index` is written in (delimit
 * takes every delimiter for punctuation, which holds for a neighbour written with another character) and whether that
 * run holds a closer followed by an opener: an italic `*` run ending where a bold run starts (`*a***-**`) or starting
 * where one ends (`**-***c*d`) is one delimiter run, which must both close and open. (Atoms writing nothing between
 * them are skipped, as in the output.)
 */
function starRun(atoms: readonly Atom[], index: number): { first: number; last: number; junction: boolean } {
  let first = index;
  let last = index;
  for (let j = index - 1; j >= 0; j--) {
    const atom = atoms[j] as Atom;
    if (isStarDelimiter(atom)) first = j;
    else if (atom.out !== '' || atom.t === 'open' || atom.t === 'close' || atom.t === 'break') break;
  }
  for (let j = index + 1; j < atoms.length; j++) {
    const atom = atoms[j] as Atom;
    if (isStarDelimiter(atom)) last = j;
    else if (atom.out !== '' || atom.t === 'open' || atom.t === 'close' || atom.t === 'break') break;
  }
  let junction = false;
  let closed = false;
  for (let j = first; j <= last; j++) {
    const atom = atoms[j] as Atom;
    if (atom.t === 'close') closed = true;
    else if (atom.t === 'open' && closed) junction = true;
  }
  return { first, last, junction };
}

/**
 * An italic run written with `*` (a letter outside it) whose delimiter is one run with a bold run's (`**`) is read as
 * CommonMark pairs delimiter runs, not as delimit chose them (taking the other run's delimiter for punctuation), and
 * is written with `_` instead (renderAtoms, found by the pipeline property) where that could pair otherwise:
 * - a run that closes one run of marks and opens the next must both close and open: kept only as three `*` between
 *   two letters or two punctuation characters (`a**b***c*d`); `1*a***-**` (a letter before, punctuation after)
 *   opened nothing and the bold was lost (now `&#x31;_a_**-**`), five `*` (`*a **b*****-**`) met CommonMark's rule of
 *   3 and the italic never closed;
 * - an italic run holding a bold one, with its `*` in such a merged run (`***b**`c`**.***`, `**)***!(**`:`***`):
 *   the bold's `**` between punctuation can close as well as open, and with the italic's `*` no longer a run of one
 *   the rule of 3 does not stop it from closing the italic.
 * A letter outside the italic run is then written as a reference, as `_` needs. Returns whether it changed one: a
 * delimiter with a referenced character at its edge may need one of its own then (renderAtoms goes on until none
 * changes; each turns a `*` italic into `_` or a letter into a reference, so that ends).
 */
function splitStarRuns(atoms: Atom[]): boolean {
  let pairs: Map<number, number[]> | undefined;
  for (let j = 0; j < atoms.length; j++) {
    const d = atoms[j] as Atom;
    if ((d.t === 'open' || d.t === 'close') && d.mark === 'italic' && d.out === '*') {
      pairs ??= new Map();
      const ends = pairs.get(d.pair);
      if (ends === undefined) pairs.set(d.pair, [j]);
      else ends.push(j);
    }
  }
  if (pairs === undefined) return false;
  // (How many `*` delimiters come before each atom: whether a pair holds one, in constant time.)
  const stars = new Int32Array(atoms.length + 1);
  for (let j = 0; j < atoms.length; j++) stars[j + 1] = (stars[j] as number) + (isStarDelimiter(atoms[j] as Atom) ? 1 : 0);
  let changed = false;
  for (const [open = 0, close = 0] of pairs.values()) {
    const runs = [starRun(atoms, open), starRun(atoms, close)] as const;
    let split = false;
    for (const run of runs) {
      if (!run.junction) continue;
      let length = 0;
      for (let j = run.first; j <= run.last; j++) length += (atoms[j] as Atom).t === 'open' || (atoms[j] as Atom).t === 'close' ? (atoms[j] as Atom).out.length : 0;
      const left = classify(outputBefore(atoms, run.first).ch);
      const right = classify(outputAfter(atoms, run.last).ch);
      if (length !== 3 || left !== right || left === 'space') split = true;
    }
    // (The bold delimiters merged with the italic's own, `***bi***`, are not held: the rule of 3 pairs them as meant.)
    const [first, last] = runs;
    const merged = runs.some((run) => run.first !== run.last);
    if (merged && first.last < last.first && (stars[last.first] as number) - (stars[first.last + 1] as number) > 0) split = true;
    if (!split) continue;
    for (const j of [open, close]) {
      const d = atoms[j] as Delimiter;
      d.out = '_';
      const outside = d.t === 'open' ? outputBefore(atoms, j) : outputAfter(atoms, j);
      if (outside.atom >= 0 && classify(outside.ch) === 'word') encodeEdge(atoms, outside.atom, d.t === 'open' ? 'last' : 'first');
    }
    changed = true;
  }
  return changed;
}

/** Whether a literal starting (`side` 'first') or ending with `ch` next to delimiter `index` keeps its run's flanking. */
function keepsStarJunction(atoms: readonly Atom[], index: number, ch: string, side: 'first' | 'last'): boolean {
  const delimiterAtom = atoms[index];
  if (delimiterAtom === undefined || !isStarDelimiter(delimiterAtom)) return true;
  const run = starRun(atoms, index);
  if (!run.junction) return true;
  const other = side === 'first' ? outputBefore(atoms as Atom[], run.first) : outputAfter(atoms as Atom[], run.last);
  return classify(other.ch) === classify(ch);
}

interface EscapeOptions {
  /** Inside a link label or image alt: `]` is escaped too. */
  label: boolean;
  /** The text starts a line (of a paragraph, after a hard break, …). */
  lineStart: boolean;
  /** The line starts after a hard break (it could continue a table header). */
  afterBreak?: boolean;
  /** A leading `:` is escaped. */
  colonEscaped?: boolean;
  /** The text ends the paragraph/heading/cell (trailing white space would be lost). */
  lineEnd: boolean;
  /** The first character written after the text ('' at the end of the line). */
  next: string;
  heading?: boolean | undefined;
  setext?: boolean | undefined;
  /** In a table cell: a cell's text opens no block (`| - |`, `| =@x |`, as GitBook writes them). */
  table?: boolean | undefined;
  /** The text is all an inline HTML `<code …>` holds (up to its `</code>`). */
  htmlCode?: boolean;
  /** The text is inside a raw `<p>` of a table cell (GitBook's HTML text there: `&#x3C;`, `&#x26;`). */
  htmlText?: boolean;
  /** The text is an image's alt text, which is text: a `$$…$$` span there is written as it was read (`![$$x$$](a.png)`). */
  alt?: boolean;
}

// (And a list item's `<li>`: GitBook writes the text of a cell's `<ul><li>…</li></ul>` as HTML text too, `Layer &#x26; tag`.)
const HTML_P_OPEN = /^<(?:p|li)(?:\s[^>]*)?>$/i;
const HTML_P_CLOSE = /^<\/(?:p|li)\s*>$/i;

const ASCII_PUNCT = /[!-/:-@[-`{-~]/;
const WORD_AT = /[\p{L}\p{N}]/u;
const REFERENCE_START = /^&(?:#[xX][0-9a-fA-F]{0,6}|#[0-9]{0,7}|[A-Za-z][A-Za-z0-9]{0,31})/;

/**
 * Whether the `&` at `i` starts what reads as a character reference (`&amp;`, `&#38;`, `&#x26;`): then it is escaped
 * wherever it is (text escapes one before any letter too). `next` is the first character written after `value`.
 */
function startsReference(value: string, i: number, next: string): boolean {
  const m = REFERENCE_START.exec(value.slice(i, i + 40));
  if (!m || m[0].length < 2) return false;
  const end = i + m[0].length;
  if (end < value.length) return value[end] === ';';
  return next === ';' || /[A-Za-z0-9]/.test(next);
}

/** The characters `escapeText` may write otherwise than as they are, by char code (all ASCII; any other is copied). */
const ESCAPE_CASE = (() => {
  const table = new Uint8Array(128);
  for (const c of '\\*`[~_]<&!#|$\r\u0000{}') table[c.charCodeAt(0)] = 1;
  return table;
})();
const escapeCase = (code: number): boolean => code < 128 && ESCAPE_CASE[code] === 1;

/** CommonMark's e-mail autolink (`<local@domain>`), at the start of a text. */
const EMAIL_AUTOLINK = /^<[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*>/;
const EMAIL_LOCAL_CHAR = /[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]/;

/** Whether the formula `value[from, to)` of an inline `$$…$$` in an alt text can be written as it is: no `\r`, `\n` or NUL. */
function verbatimMath(value: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = value.charCodeAt(i);
    if (c === 0x0a || c === 0x0d || c === 0) return false;
  }
  return true;
}

/**
 * Whether `formula` written `$$formula$$` reads back as GitBook's inline math holding it (`math_inline`): not empty,
 * on one line, no `$$` in it (the first closes the span), not ending in `$` (`$$x$$$` closes after `x`), no NUL.
 */
export function inlineMathWritable(formula: string): boolean {
  return formula !== '' && !/[\n\r\0]/.test(formula) && !formula.includes('$$') && !formula.endsWith('$');
}

/** A table cell's `|` written `\|`, but those inside inline math, which the parser reads whole (`mathSpans`). */
function escapeCellPipes(text: string): string {
  const spans = text.includes('$$') ? mathSpans(text) : [];
  let out = '';
  let from = 0;
  for (let s = 0; s <= spans.length; s += 2) {
    const end = s < spans.length ? (spans[s] as number) : text.length;
    out += text.slice(from, end).replace(/\|/g, '\\|');
    if (s < spans.length) {
      out += text.slice(end, spans[s + 1] as number);
      from = spans[s + 1] as number;
    }
  }
  return out;
}

/** Escapes text so that it reads back as the same text. */
export function escapeText(value: string, options: EscapeOptions): string {
  // A paragraph (or item, heading) line of one backslash, as GitBook writes it (`\` alone, then a blank line): a
  // backslash at the end of a block escapes nothing and reads back as itself.
  if (value === '\\' && options.lineStart && options.lineEnd && options.next === '' && options.table !== true && options.afterBreak !== true && !options.label) return value;
  let out = '';
  let i = 0;
  const n = value.length;
  if (options.lineStart && n > 0) {
    const start = options.setext && value.startsWith('|')
      ? { out: '&#x7C;', consumed: 1 }
      // An ATX heading's text opens no block (`### 1. Install`): only leading white space needs encoding.
      // A table cell's text loses any white space at its edges (the table rule trims with String#trim: also
      // U+00A0, U+3000, …), so that is encoded there too.
      : (options.heading && !options.setext) || options.table ? (value[0] === ' ' || value[0] === '\t' || (options.table === true && isTrimmed(value[0] as string)) ? { out: encode(value[0] as string), consumed: 1 } : undefined)
        // A line of `$$` alone opens block math wherever a later `$$` line closes it (even inside a code fence).
        : options.next === '' && /^\$\$[ \t]*$/.test(value) ? { out: '\\$', consumed: 1 }
          : escapeLineStart(value, options.afterBreak === true);
    if (start) {
      out = start.out;
      i = start.consumed;
    }
  }
  if (i === 0 && options.colonEscaped && value.startsWith(':')) {
    out = '\\:';
    i = 1;
  }
  // The last character is looked at on its own when white space there is encoded.
  const tableEdge = options.table === true && options.lineEnd && n > 0 && isTrimmed(value[n - 1] as string);
  const runEnd = options.lineEnd && n > 0 && (value[n - 1] === ' ' || value[n - 1] === '\t' || tableEdge) ? n - 1 : n;
  for (; i < n; i++) {
    // A run of characters written as they are (no case below) is copied at once.
    if (i < runEnd && !escapeCase(value.charCodeAt(i))) {
      let end = i + 1;
      while (end < runEnd && !escapeCase(value.charCodeAt(end))) end++;
      out += i === 0 && end === n ? value : value.slice(i, end);
      i = end - 1;
      continue;
    }
    const c = value[i] as string;
    const next = i + 1 < n ? (value[i + 1] as string) : options.next;
    switch (c) {
      case '\\': {
        // Doubled before punctuation, and before what will be written as an escape or a character reference.
        const encodedNext = (next === ' ' || next === '\t' || tableEdge) && i + 2 === n && options.lineEnd;
        out += next === '' || next === '\r' || ASCII_PUNCT.test(next) || encodedNext ? '\\\\' : '\\';
        continue;
      }
      case '[':
        // Inside a table cell's raw `<p>` GitBook writes no markdown escapes (`text[]`, `ARRAY['a','b']`): a `[` there is
        // bare when what it opens reads as no link: a `]` follows in the same text, no `[` between, and no `(` or `[`
        // after it (no reference definitions are written: links are inline), nor is it a footnote's `[^`.
        if (options.htmlText === true && next !== '^') {
          // (The next bracket: each `[` looks up to the next one only, so a text of many stays linear.)
          let close = i + 1;
          while (close < n && value[close] !== ']' && value[close] !== '[') close++;
          const after = close + 1 < n ? (value[close + 1] as string) : options.next;
          if (close < n && value[close] === ']' && after !== '(' && after !== '[') {
            out += '[';
            continue;
          }
        }
        out += '\\[';
        continue;
      case '*':
      case '`':
      case '~':
        out += `\\${c}`;
        continue;
      case '_':
        // Every `_` of text, also inside words (`json\_extract`, `:heavy\_plus\_sign:`), as GitBook writes it — but
        // inside words in the text of an HTML `<code>` (GitBook's expressions: `<code class="expression">a.b_c</code>`).
        // So inside a table cell's raw `<p>` (GitBook's HTML text, `pg_class`).
        out += (options.htmlCode === true || options.htmlText === true) && i > 0 && i + 1 < n && WORD_AT.test(value[i - 1] as string) && WORD_AT.test(value[i + 1] as string) ? '_' : '\\_';
        continue;
      case ']':
        out += options.label ? '\\]' : ']';
        continue;
      case '<':
        if (options.htmlText === true) {
          out += '&#x3C;';
          continue;
        }
        // HTML and URI autolinks start with a letter, `!`, `/` or `?`; an e-mail autolink with any character of its
        // local part (`<&a@b.dev>`, `<1@b.dev>`): checked whole, so that `<3` or `<=` stay as they are.
        out += /[!/?A-Za-z]/.test(next) || (next !== '' && EMAIL_LOCAL_CHAR.test(next) && EMAIL_AUTOLINK.test(value.slice(i, i + 320))) ? '\\<' : '<';
        continue;
      case '&':
        // Before a letter or `#` (`Q\&A`, `?a=1\&b=2` in text), as GitBook writes it in its files of 2024-2026 (those of
        // 2020-2022 have `W&B`); elsewhere only where it would read as a reference. Inside a raw `<code>`, as before.
        out += options.htmlText === true ? '&#x26;' : (options.htmlCode !== true && (next === '#' || /^[A-Za-z]$/.test(next))) || startsReference(value, i, options.next) ? '\\&' : '&';
        continue;
      case '!':
        out += next === '[' ? '\\!' : '!';
        continue;
      case '$': {
        if (next !== '$') {
          out += '$';
          continue;
        }
        // `$$` opens GitBook's inline math when a `$$` of the same line closes it (parser.ts, `math_inline`): text's
        // `$$` is `\$$`, so that it never reads as math (inline math is its own node, `inline-math`) — but in an alt
        // text, which is text, a span to the next `$$` is written as it is (`![$$x_1*y$$](a.png)`, read back so).
        const close = options.alt === true && i + 1 < n ? value.indexOf('$$', i + 3) : -1;
        if (close >= 0 && verbatimMath(value, i + 2, close)) {
          out += value.slice(i, close + 2);
          i = close + 1;
          continue;
        }
        out += '\\$';
        continue;
      }
      case '{':
      case '}':
        // GitBook escapes a pair of braces in text, `\{{ name \}}` (its pages of 2023 and 2026: 38 such lines in two
        // spaces of the fourteenth round, the bare pairs looked at were in code or HTML); not in HTML text or code.
        if (next === c && options.htmlText !== true && options.htmlCode !== true) {
          if (i + 1 < n) {
            out += `\\${c}${c}`;
            i++;
          } else out += `\\${c}`;
          continue;
        }
        out += c;
        continue;
      case '#':
        out += i === n - 1 && options.heading && options.lineEnd ? '\\#' : '#';
        continue;
      case '|':
        out += options.setext ? '&#x7C;' : '|';
        continue;
      case '\r':
        out += '&#xD;';
        continue;
      case '\u0000':
        out += '\uFFFD';
        continue;
      case ' ':
      case '\t':
        out += i === n - 1 && options.lineEnd ? encode(c) : c;
        continue;
      default:
        out += i === n - 1 && tableEdge ? encode(c) : c;
    }
  }
  return out;
}

/** White space other than a space or tab that String#trim removes (and so the table rule from a cell's edges). */
function isTrimmed(ch: string): boolean {
  return ch !== ' ' && ch !== '\t' && /^\s$/.test(ch);
}

/**
 * Text starting a line, when its start could open a block: the escaped start and how many characters it covers.
 * `#`, `>`, `=`, `-` always; `+` before white space; the `.`/`)` of a number; leading white space (encoded);
 * after a hard break also `:` and `|` (the line could be a table's delimiter row) and `{%` (a tag line).
 */
function escapeLineStart(value: string, afterBreak: boolean): { out: string; consumed: number } | undefined {
  const c = value[0] as string;
  if (c === ' ' || c === '\t') {
    // GitBook escapes a list marker after a line's leading white space too, as if the line began there (`&#x20;   1\.
    // text`, `&#x20;  \- text`: every one of the 17 in its pages of the thirteenth round), though the encoded space
    // already opens no list. (The white space is scanned once.)
    let j = 1;
    while (j < value.length && (value[j] === ' ' || value[j] === '\t')) j++;
    const lead = encode(c) + value.slice(1, j);
    const marker = /^(\d{1,9})([.)])(?=[ \t]|$)/.exec(value.slice(j, j + 12));
    if (marker) return { out: `${lead}${marker[1]}\\${marker[2]}`, consumed: j + marker[0].length };
    const bullet = value[j];
    if ((bullet === '-' || bullet === '+') && (j + 1 === value.length || value[j + 1] === ' ' || value[j + 1] === '\t')) return { out: `${lead}\\${bullet}`, consumed: j + 1 };
    return { out: encode(c), consumed: 1 };
  }
  if (c === '#' || c === '>' || c === '=' || c === '-') return { out: `\\${c}`, consumed: 1 };
  if (c === '+' && (value.length === 1 || value[1] === ' ' || value[1] === '\t')) return { out: '\\+', consumed: 1 };
  if (afterBreak && (c === ':' || c === '|' || (c === '{' && value[1] === '%'))) return { out: `\\${c}`, consumed: 1 };
  const number = /^(\d{1,9})([.)])(?=[ \t]|$)/.exec(value.slice(0, 12));
  if (number) return { out: `${number[1]}\\${number[2]}`, consumed: number[0].length };
  return undefined;
}

/**
 * Escaped text that would read back as an autolink literal (a URL with a scheme, `www.…`, an e-mail address) is
 * text the parser did not link (or text from the API): a backslash before its `:`, `.` or `@` keeps it text.
 */
function protectAutolinks(out: string): string {
  // A backslash the core rule's pass puts in (`www\.x.io`) ends what the inline rule reads of a `scheme://` before it
  // (`$http://x.io|www\.x.io`: `http://x.io|www` is a URL, `http://x.io|www.x.io-__` was none): both passes again
  // until neither adds one.
  let result = out;
  for (let round = 0; round < 8; round++) {
    const before = result;
    result = protectLiterals(result.includes('://') ? protectSchemes(result, '') : result);
    if (result === before) break;
  }
  return result;
}

/** The core rule's autolink literals in `out` (see protectAutolinks). */
function protectLiterals(out: string): string {
  let result = out;
  // Only literals GFM links are kept (scheme, www., e-mail): text with none of their markers needs no look.
  if (!result.includes(':') && !result.includes('@') && !/www\./i.test(result)) return result;
  // The core rule: literals in each run of text between escapes and character references (separate tokens), the runs
  // read one at a time (no array of every separator). A run without `:`, `@` or `www.` holds no literal GFM keeps
  // (isGfmAutolinkLabel: its label, part of the run, starts with a scheme or `www.`, or is an e-mail address).
  // markdown-it's core rule drops a link found at the very start of a text token right after a `text_special` one (a
  // backslash escape but `\ `, a numeric character reference): `Body0\_Head@10.1.1.1` reads no address, and GitBook
  // writes it so (no `\@`). (Not a `scheme:` literal: the inline rule reads `\_http://x.io`'s URL from the text.)
  for (let guard = 0; guard < 64; guard++) {
    let position = -1;
    let from = 0;
    let afterSpecial = false;
    TEXT_SPECIAL.lastIndex = 0;
    for (;;) {
      const separator = TEXT_SPECIAL.exec(result);
      const end = separator === null ? result.length : separator.index;
      const segment = result.slice(from, end);
      const match = !segment.includes(':') && !segment.includes('@') && !/www\./i.test(segment) ? undefined : linkifyMatches(segment).find((m) => {
        const label = segment.slice(m.index, m.lastIndex);
        if (afterSpecial && m.index === 0 && (/^www\./i.test(label) || (m.schema === 'mailto:' && !/^mailto:/i.test(label)))) return false;
        return isGfmAutolinkLabel(label, m.schema === 'mailto:', m.schema.replace(/:$/, ''));
      });
      if (match) {
        const label = segment.slice(match.index, match.lastIndex);
        const at = match.schema === 'mailto:' && !/^mailto:/i.test(label) ? label.indexOf('@') : /^www\./i.test(label) ? 3 : label.indexOf(':');
        position = from + match.index + Math.max(at, 0);
        break;
      }
      if (separator === null) break;
      from = end + separator[0].length;
      afterSpecial = /^(?:\\[^ ]|&#)/.test(separator[0]);
    }
    if (position < 0) return result;
    result = `${result.slice(0, position)}\\${result.slice(position)}`;
  }
  return result;
}

/**
 * The inline rule: `scheme://…` found at its colon (up to 10 scheme characters back), reading on into `after` (what is
 * written after `out` on its line): a backslash before the colon keeps it text.
 */
/**
 * How far past a `scheme://` the autolink test reads: whether linkify finds a URL there depends on its authority and
 * host (a host name is at most 253 characters), not on what lies further, and reading the whole rest of a paragraph
 * for each of its `://` would make the serialiser quadratic in them.
 */
const AUTOLINK_LOOKAHEAD = 512;

function protectSchemes(out: string, after: string): string {
  return out.replace(/[A-Za-z0-9+.-]{1,10}(?=:\/\/)/g, (scheme, offset: number, whole: string) => {
    const start = scheme.search(/[A-Za-z]/);
    if (start < 0) return scheme;
    const head = whole.slice(offset + start, offset + start + AUTOLINK_LOOKAHEAD);
    const text = head.length < AUTOLINK_LOOKAHEAD ? head + after.slice(0, AUTOLINK_LOOKAHEAD - head.length) : head;
    return linkifyAtStart(text) ? `${scheme}\\` : scheme;
  });
}

/**
 * Backslash escapes and character references: markdown-it makes them tokens of their own — a backslash before any
 * character, not only before punctuation (`\a` is a token too, so `\a=www.a.com` has the text `=www.a.com` to link).
 * (Inline math is a node of its own, a raw atom: escaped text holds no `$$…$$` span.)
 */
const TEXT_SPECIAL = /\\[^\n]|&(?:#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});/g;
