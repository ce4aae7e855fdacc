/**
 * PDF export of pages: `renderPdf` turns page markdown into a PDF with PDFKit.
 *
 * Where it is used (`GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/pdf` and `GET /v1/spaces/{spaceId}/pdf`,
 * engine/change-request-content.ts):
 *   1. `changeRequestPdfUrl` checks that the actor can read the change request (and the page, when `?page=` is
 *      given) and answers `{ url }`, a URL signed by export/signed-url.ts that needs no token and lasts an hour
 *      (its HMAC key is derived from jwtSecret, so export tokens never pass for JWTs or the other way round).
 *   2. `GET /v1/exports/pdf/{token}` (a Bindery extension, public in the spec: the token is the credential) calls
 *      `renderExportedPdf`: `verifyExportToken` gives 404 for a malformed or forged token and 410 once expired;
 *      then the change request's current page tree (or the single page) is rendered in tree order with
 *      `renderPdf`, whose `loadImage` reads only the change request's own files (images on the web are not
 *      fetched: a placeholder is drawn). The route answers `application/pdf` with
 *      `Content-Disposition: inline; filename="change-request.pdf"` and `Cache-Control: private, no-store`.
 *
 * Layout: an A4 cover with the title, then every page on a new sheet: its title (a bookmark in the PDF outline,
 * nested by `depth`) and its content from the GitBook document (`markdownToDocument`). Footers carry page numbers.
 * Links to other exported pages (by page id or relative `.md` path) and to their headings' anchors jump inside
 * the PDF; absolute URLs become link annotations. Output is deterministic for the same input and `createdAt`.
 *
 * Fonts: Inter for text and Source Code Pro for code, embedded as subsets (export/fonts.ts): Latin, Greek and Cyrillic
 * as written; Chinese, Japanese and Korean in the system's fallback font when there is one (a run's CJK pieces drawn
 * in it: `withFallback`, `oneLine`; two cells of the code grid a character); what no font has (emoji, Arabic…) is
 * transliterated or shown as `?` (text.ts `drawableText`; bookmarks and metadata keep full Unicode). Limitations: only PNG and JPEG images are
 * embedded (images.ts: GIF, WebP and SVG get the placeholder); inline images are shown as their alt text; no syntax
 * highlighting, and long code lines are wrapped at the column; table columns are equal (wide tables get a smaller
 * font) and a row taller than a sheet flows onto the next one without its grid; very deep nesting stops indenting.
 * Everything is built in memory (PDFKit buffers the pages for the footers), and parsing plus layout run synchronously
 * once the images are loaded (a few seconds for ~400 KB of markdown, mostly micromark), so callers should bound the
 * input size or render big exports in a job.
 */
import PDFDocument from 'pdfkit';
import { targetToImageRef, type RefResolver } from '../content/content-ref.js';
import {
  createDocument,
  headingLevel,
  inlineText,
  isHeading,
  leaf,
  text as textNode,
  type Block,
  type CodeBlock,
  type CodeLineBlock,
  type ContentRef,
  type Document,
  type FootnoteDefinitionBlock,
  type HeadingBlock,
  type HintStyle,
  type ImageBlock,
  type ImageRef,
  type InlineContent,
  type ListBlock,
  type TableAlign,
  type TableBlock,
  type TableRowBlock,
} from '../content/document.js';
import { markdownToDocument } from '../content/markdown.js';
import { AnchorSlugger } from '../content/slug.js';
import { checkImage } from './images.js';
import { drawableText, htmlImages, htmlToText } from './text.js';
import { fallbackPieces, pdfFontCoverage, PDF_FONTS, registerPdfFonts } from './fonts.js';

// ---------------------------------------------------------------------------
// Public API

/** What `loadImage` is asked for: an image's URL (as written in the markdown) or an uploaded file's id. */
export interface PdfImageRequest {
  kind: 'url' | 'file';
  url?: string;
  file?: string;
  /** Space of a file ref from another space, when the markdown says so. */
  space?: string;
}

export interface PdfPageInput {
  title: string;
  /** Page path in the space (`guides/install`): shown under the title and used to resolve relative `.md` links. */
  path?: string;
  markdown: string;
  /** Nesting depth in the page tree (0 = top level): nests the page's bookmark in the PDF outline. */
  depth?: number;
  /** Page id: `/pages/<id>` links and page refs to this page jump to it inside the PDF. */
  id?: string;
}

export interface RenderPdfInput {
  title: string;
  /** A line under the title on the cover (e.g. the change request's subject and number). */
  subtitle?: string;
  pages: PdfPageInput[];
  /** Image bytes for a ref; `undefined` (or a rejection) shows a placeholder. Called at most once per distinct ref. */
  loadImage?: (ref: PdfImageRequest) => Promise<Buffer | undefined>;
  /** Creation date written in the PDF metadata (default: the Unix epoch, so that output is reproducible). */
  createdAt?: Date;
  /** Author in the PDF metadata. */
  author?: string;
  /** Passed to `markdownToDocument` to map relative link targets to page ids. */
  resolver?: RefResolver;
  /** URL for a link that does not point into the export (e.g. a page of another space); `undefined` = no link. */
  resolveLink?: (ref: ContentRef) => string | undefined;
}

/** Renders the pages to a PDF and returns its bytes. */
export async function renderPdf(input: RenderPdfInput): Promise<Buffer> {
  const pages = input.pages.map((page, index) => preparePage(page, index, input.resolver));
  const images = await loadImages(pages, input.loadImage, input.resolver);
  return new PdfRenderer(input, pages, images).render();
}

// ---------------------------------------------------------------------------
// Preparation: documents, anchors, images

interface PreparedPage {
  input: PdfPageInput;
  index: number;
  doc: Document;
  /** Anchor slug -> named destination, per heading in document order. */
  anchors: Map<string, string>;
  /** Heading block -> its anchor destination. */
  headingDest: Map<HeadingBlock, string>;
}

function preparePage(input: PdfPageInput, index: number, resolver: RefResolver | undefined): PreparedPage {
  let doc: Document;
  try {
    doc = markdownToDocument(input.markdown, resolver ? { resolver } : {});
  } catch {
    // Never fail an export on one odd page: show its source instead.
    const lines: CodeLineBlock[] = input.markdown
      .split('\n')
      .map((line) => ({ object: 'block', type: 'code-line', data: {}, nodes: [textNode([leaf(line)])] }));
    doc = createDocument([{ object: 'block', type: 'code', data: {}, nodes: lines }]);
  }
  const anchors = new Map<string, string>();
  const headingDest = new Map<HeadingBlock, string>();
  const slugger = new AnchorSlugger();
  const visit = (blocks: readonly Block[]): void => {
    for (const block of blocks) {
      if (isHeading(block)) {
        const anchor = slugger.slug(inlineText(block.nodes));
        const dest = `${pageDest(index)}#${anchor}`;
        anchors.set(anchor, dest);
        headingDest.set(block, dest);
      } else if (block.type !== 'code' && block.type !== 'table' && block.type !== 'images' && 'nodes' in block) {
        visit(block.nodes as Block[]);
      }
    }
  };
  visit(doc.nodes);
  return { input, index, doc, anchors, headingDest };
}

function pageDest(index: number): string {
  return `page-${index + 1}`;
}

function imageKey(ref: ImageRef): string {
  return ref.kind === 'url' ? `url:${ref.url}` : `file:${ref.space ?? ''}:${ref.file}`;
}

function imageRequest(ref: ImageRef): PdfImageRequest {
  return ref.kind === 'url' ? { kind: 'url', url: ref.url } : { kind: 'file', file: ref.file, ...(ref.space ? { space: ref.space } : {}) };
}

/** Image refs of a document, in order: image blocks and `<img>` tags in HTML blocks. */
function collectImageRefs(blocks: readonly Block[], resolver: RefResolver | undefined, out: ImageRef[]): void {
  for (const block of blocks) {
    if (block.type === 'image') out.push(block.data.ref);
    else if (block.type === 'html') for (const img of htmlImages(block.data.html)) out.push(targetToImageRef(img.src, resolver));
    else if (block.type !== 'code' && block.type !== 'table' && 'nodes' in block) collectImageRefs(block.nodes as Block[], resolver, out);
  }
}

const IMAGE_LOAD_CONCURRENCY = 4;

async function loadImages(
  pages: readonly PreparedPage[],
  loadImage: RenderPdfInput['loadImage'],
  resolver: RefResolver | undefined,
): Promise<Map<string, Buffer | undefined>> {
  const result = new Map<string, Buffer | undefined>();
  if (!loadImage) return result;
  const refs = new Map<string, ImageRef>();
  for (const page of pages) {
    const found: ImageRef[] = [];
    collectImageRefs(page.doc.nodes, resolver, found);
    for (const ref of found) refs.set(imageKey(ref), ref);
  }
  const queue = [...refs.entries()];
  const worker = async (): Promise<void> => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [key, ref] = next;
      try {
        result.set(key, await loadImage(imageRequest(ref)));
      } catch {
        result.set(key, undefined);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(IMAGE_LOAD_CONCURRENCY, queue.length) }, worker));
  return result;
}

// ---------------------------------------------------------------------------
// Style

const MARGIN = { top: 64, bottom: 64, left: 60, right: 60 };
const FOOTER_OFFSET = 36; // footer baseline area, from the bottom edge
const BODY_SIZE = 10.5;
const LINE_GAP = 2.5;
const BLOCK_GAP = 8;
const ITEM_GAP = 3;
const CODE_SIZE = 8.8;
const TABLE_SIZE = 9.5;
const CAPTION_SIZE = 8.5;
const HEADING_SIZES: Record<1 | 2 | 3 | 4 | 5 | 6, number> = { 1: 19, 2: 15.5, 3: 13, 4: 11.5, 5: 10.5, 6: 10 };

const COLOR = {
  text: '#1f2937',
  muted: '#6b7280',
  link: '#1d4ed8',
  code: '#9f1239',
  codeBackground: '#f3f4f6',
  codeTitleBackground: '#e5e7eb',
  rule: '#d1d5db',
  quote: '#4b5563',
  quoteBar: '#d1d5db',
  tableHeader: '#f3f4f6',
  checkbox: '#2563eb',
};
const HINT_COLOR: Record<HintStyle, string> = { info: '#3b82f6', warning: '#f59e0b', danger: '#ef4444', success: '#10b981' };

/** Where and how blocks are laid out: a column of the page and the inherited text style. */
interface Box {
  x: number;
  width: number;
  color: string;
  size: number;
  /** Gap after a block at this level (smaller inside list items). */
  gap: number;
  /** Nesting of unordered lists (bullet shape). */
  bulletDepth: number;
}

interface TableGrid {
  x: number;
  columns: number;
  colWidth: number;
  align: readonly TableAlign[];
  /** Font size of the cells. */
  size: number;
}

const CELL_PAD_X = 5;
/** Narrowest column that nested lists, quotes and hints leave for their content. */
const MIN_CONTENT_WIDTH = 180;
const CELL_PAD_Y = 4;

type LinkTarget = { url: string } | { goTo: string } | { none: true };

/** A stretch of text in one style. */
interface Run {
  text: string;
  bold: boolean;
  italic: boolean;
  code: boolean;
  strike: boolean;
  link?: LinkTarget;
  color?: string;
  /** Drawn in the fallback font (export/fonts.ts `fallbackPieces`: CJK the bundled fonts lack). */
  fallback?: boolean;
}

interface RunOptions {
  size: number;
  color: string;
  align?: 'left' | 'center' | 'right';
  /** Force bold (headings, table headers) or italic (captions). */
  bold?: boolean;
  italic?: boolean;
  /** Start a new sheet when the first line does not fit (off inside table cells, which reserve their row). */
  breakBefore?: boolean;
}

// ---------------------------------------------------------------------------
// Renderer

interface OutlineLevel {
  depth: number;
  item: PDFKit.PDFOutline;
}

/** PDFKit's `openImage` (untyped in @types/pdfkit): the opened image is embedded once, however often it is drawn. */
interface OpenedImage {
  width: number;
  height: number;
}

class PdfRenderer {
  private readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<void>;
  /** Vertical gap owed before the next block (collapsing, like CSS margins). */
  private gap = 0;
  private current!: PreparedPage;
  private readonly byId = new Map<string, PreparedPage>();
  private readonly byPath = new Map<string, PreparedPage>();
  private readonly opened = new Map<string, OpenedImage | null>();
  private readonly outlineStack: OutlineLevel[] = [];
  private readonly input: RenderPdfInput;
  private readonly pages: readonly PreparedPage[];
  private readonly imageData: ReadonlyMap<string, Buffer | undefined>;

  // No parameter properties: the content worker pool runs this file with Node's type stripping in tests.
  constructor(input: RenderPdfInput, pages: readonly PreparedPage[], imageData: ReadonlyMap<string, Buffer | undefined>) {
    this.input = input;
    this.pages = pages;
    this.imageData = imageData;
    const createdAt = input.createdAt ?? new Date(0);
    this.doc = new PDFDocument({
      size: 'A4',
      margins: MARGIN,
      bufferPages: true,
      autoFirstPage: true,
      displayTitle: true,
      pdfVersion: '1.7',
      info: {
        Title: input.title,
        ...(input.author ? { Author: input.author } : {}),
        Creator: 'Bindery',
        Producer: 'Bindery (PDFKit)',
        CreationDate: createdAt,
        ModDate: createdAt,
      },
    });
    registerPdfFonts(this.doc);
    this.doc.font(PDF_FONTS.sans);
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.done = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve());
      this.doc.on('error', reject);
    });
    for (const page of pages) {
      if (page.input.id && !this.byId.has(page.input.id)) this.byId.set(page.input.id, page);
      if (page.input.path !== undefined) {
        const key = normalizePath(page.input.path);
        if (!this.byPath.has(key)) this.byPath.set(key, page);
      }
    }
  }

  async render(): Promise<Buffer> {
    this.cover();
    for (const page of this.pages) this.page(page);
    this.footers();
    this.doc.end();
    await this.done;
    return Buffer.concat(this.chunks);
  }

  // -- geometry ------------------------------------------------------------

  private get left(): number {
    return MARGIN.left;
  }
  private get contentWidth(): number {
    return this.doc.page.width - MARGIN.left - MARGIN.right;
  }
  private get top(): number {
    return this.doc.page.margins.top;
  }
  private get maxY(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }
  private get pageIndex(): number {
    const range = this.doc.bufferedPageRange();
    return range.start + range.count - 1;
  }

  private newSheet(): void {
    this.doc.addPage();
    this.gap = 0;
  }

  /** Starts a new sheet unless `height` fits below the current position (or we are at the top already). */
  private ensureSpace(height: number): void {
    if (this.doc.y + height > this.maxY && this.doc.y > this.top + 1) this.newSheet();
  }

  /** Applies the pending gap (not at the top of a sheet). */
  private flushGap(): void {
    if (this.gap > 0 && this.doc.y > this.top + 1) this.doc.y += this.gap;
    this.gap = 0;
  }

  private owe(gap: number): void {
    this.gap = Math.max(this.gap, gap);
  }

  /**
   * Where an indented container starts (`x`, e.g. for list markers) so that its content keeps at least
   * MIN_CONTENT_WIDTH: very deep nesting stops moving right and uses the room on its left instead.
   */
  private indented(box: Box, indent: number): number {
    const missing = MIN_CONTENT_WIDTH - (box.width - indent);
    return missing > 0 ? box.x - Math.min(missing, box.x - this.left) : box.x;
  }

  private lineHeight(size: number, font: string = PDF_FONTS.sans): number {
    return this.doc.font(font).fontSize(size).currentLineHeight(true) + LINE_GAP;
  }

  // -- cover, pages, footers -----------------------------------------------

  private cover(): void {
    const doc = this.doc;
    const width = this.contentWidth;
    doc.y = doc.page.height * 0.3;
    this.plain(sansText(this.input.title) || 'Untitled', this.left, width, { size: 28, color: COLOR.text, bold: true, align: 'center', breakBefore: false });
    if (this.input.subtitle) {
      doc.font(PDF_FONTS.sans).fontSize(13);
      doc.moveDown(0.6);
      this.plain(sansText(this.input.subtitle), this.left, width, { size: 13, color: COLOR.muted, align: 'center', breakBefore: false });
    }
    const y = doc.y + 18;
    doc.save().moveTo(this.left + width / 2 - 40, y).lineTo(this.left + width / 2 + 40, y).lineWidth(1.5).strokeColor(COLOR.rule).stroke().restore();
  }

  private page(page: PreparedPage): void {
    const doc = this.doc;
    this.current = page;
    this.newSheet();
    doc.addNamedDestination(pageDest(page.index), 'XYZ', null, this.top, null);
    this.bookmark(page);

    const width = this.contentWidth;
    doc.y = this.top;
    this.plain(sansText(page.input.title) || 'Untitled', this.left, width, { size: 22, color: COLOR.text, bold: true, breakBefore: false });
    if (page.input.path) {
      doc.font(PDF_FONTS.sans).fontSize(8.5);
      doc.moveDown(0.15);
      this.plain(sansText(page.input.path), this.left, width, { size: 8.5, color: COLOR.muted, breakBefore: false });
    }
    const y = doc.y + 6;
    doc.save().moveTo(this.left, y).lineTo(this.left + width, y).lineWidth(0.75).strokeColor(COLOR.rule).stroke().restore();
    doc.y = y;
    this.gap = 14;

    const box: Box = { x: this.left, width, color: COLOR.text, size: BODY_SIZE, gap: BLOCK_GAP, bulletDepth: 0 };
    this.blocks(page.doc.nodes, box);
  }

  /** One outline entry per page, nested under the closest previous page with a smaller depth. */
  private bookmark(page: PreparedPage): void {
    const depth = Math.max(0, page.input.depth ?? 0);
    while (this.outlineStack.length > 0 && this.outlineStack[this.outlineStack.length - 1]!.depth >= depth) this.outlineStack.pop();
    const parent = this.outlineStack[this.outlineStack.length - 1]?.item ?? this.doc.outline;
    const item = parent.addItem(page.input.title || 'Untitled', { expanded: true });
    this.outlineStack.push({ depth, item });
  }

  private footers(): void {
    const doc = this.doc;
    const { start, count } = doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      if (i === 0) continue; // the cover
      doc.switchToPage(i);
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0; // writing below the bottom margin would otherwise add a page
      const label = `${i + 1} / ${count}`;
      doc.font(PDF_FONTS.sans).fontSize(8).fillColor(COLOR.muted);
      const w = doc.widthOfString(label);
      doc.text(label, doc.page.width / 2 - w / 2, doc.page.height - FOOTER_OFFSET, { lineBreak: false });
      doc.page.margins.bottom = bottom;
    }
  }

  // -- blocks --------------------------------------------------------------

  private blocks(blocks: readonly Block[], box: Box): void {
    for (const block of blocks) this.block(block, box);
  }

  private block(block: Block, box: Box): void {
    switch (block.type) {
      case 'paragraph':
        this.paragraph(block.nodes, box);
        return;
      case 'heading-1':
      case 'heading-2':
      case 'heading-3':
      case 'heading-4':
      case 'heading-5':
      case 'heading-6':
        this.heading(block, box);
        return;
      case 'list-ordered':
      case 'list-unordered':
      case 'list-tasks':
        this.list(block, box);
        return;
      case 'list-item':
        this.blocks(block.nodes, box);
        return;
      case 'blockquote':
        this.barred(block.nodes, box, { bar: COLOR.quoteBar, text: COLOR.quote });
        return;
      case 'hint':
        this.barred(block.nodes, box, { bar: HINT_COLOR[block.data.style] ?? COLOR.quoteBar, text: box.color, tint: HINT_COLOR[block.data.style] ?? COLOR.quoteBar });
        return;
      case 'code':
        this.code(block, box);
        return;
      case 'code-line':
        this.code({ object: 'block', type: 'code', data: {}, nodes: [block] }, box);
        return;
      case 'table':
        this.table(block, box);
        return;
      case 'table-row':
        this.table({ object: 'block', type: 'table', data: { align: [] }, nodes: [block] }, box);
        return;
      case 'table-cell':
        this.paragraph(block.nodes, box);
        return;
      case 'images':
        this.images(block.nodes.map((image) => ({ ref: image.data.ref, alt: image.data.alt ?? '', caption: captionOf(image) })), box);
        return;
      case 'image':
        this.images([{ ref: block.data.ref, alt: block.data.alt ?? '', caption: captionOf(block) }], box);
        return;
      case 'divider':
        this.divider(box);
        return;
      case 'html':
        this.html(block.data.html, box);
        return;
      case 'footnote-definition':
        this.footnote(block, box);
        return;
      case 'math':
        this.code({ object: 'block', type: 'code', data: {}, nodes: block.data.formula.split('\n').map((text) => ({ object: 'block', type: 'code-line', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] })) }, box);
        return;
    }
  }

  private paragraph(nodes: readonly InlineContent[], box: Box): void {
    const runs = this.inlineRuns(nodes, {});
    if (!runs.some((r) => r.text.trim() !== '')) return;
    this.flushGap();
    this.runs(runs, box.x, box.width, { size: box.size, color: box.color, breakBefore: true });
    this.owe(box.gap);
  }

  private heading(block: HeadingBlock, box: Box): void {
    const level = headingLevel(block.type);
    const size = HEADING_SIZES[level];
    const runs = this.inlineRuns(block.nodes, {});
    this.owe(level <= 2 ? 16 : 12);
    this.flushGap();
    // Keep the heading with at least two lines of what follows.
    this.ensureSpace(this.lineHeight(size, PDF_FONTS.sansBold) + 2 * this.lineHeight(BODY_SIZE));
    const dest = this.current.headingDest.get(block);
    if (dest) this.doc.addNamedDestination(dest, 'XYZ', null, this.doc.y, null);
    const empty = !runs.some((r) => r.text.trim() !== '');
    if (!empty) this.runs(runs, box.x, box.width, { size, color: COLOR.text, bold: true, breakBefore: false });
    if (level <= 2 && !empty) {
      const y = this.doc.y + 1;
      this.doc.save().moveTo(box.x, y).lineTo(box.x + box.width, y).lineWidth(level === 1 ? 0.75 : 0.5).strokeColor(COLOR.rule).stroke().restore();
      this.doc.y = y;
    }
    this.owe(level <= 2 ? 8 : 5);
  }

  private list(list: ListBlock, box: Box): void {
    const doc = this.doc;
    const items = list.nodes;
    const ordered = list.type === 'list-ordered';
    const tasks = list.type === 'list-tasks';
    const start = list.type === 'list-ordered' ? (list.data.start ?? 1) : 1;
    doc.font(PDF_FONTS.sans).fontSize(box.size);
    const indent = ordered ? Math.max(18, doc.widthOfString(`${start + items.length - 1}.`) + 8) : tasks ? 18 : 14;
    const lineHeight = this.lineHeight(box.size);
    const x = this.indented(box, indent);
    const width = box.width + (box.x - x);
    items.forEach((item, i) => {
      this.owe(ITEM_GAP);
      this.flushGap();
      this.ensureSpace(lineHeight);
      const y = doc.y;
      const markerRight = x + indent - 5;
      if (ordered) {
        const label = `${start + i}.`;
        doc.font(PDF_FONTS.sans).fontSize(box.size).fillColor(box.color);
        doc.text(label, markerRight - doc.widthOfString(label), y, { lineBreak: false });
      } else if (tasks || item.data.checked !== undefined) {
        this.checkbox(markerRight - box.size * 0.75, y, box.size, item.data.checked === true);
      } else {
        this.bullet(markerRight - 3, y + box.size * 0.46, box.bulletDepth);
      }
      doc.y = y;
      const inner: Box = {
        ...box,
        x: x + indent,
        width: width - indent,
        gap: ITEM_GAP,
        bulletDepth: list.type === 'list-unordered' ? box.bulletDepth + 1 : box.bulletDepth,
      };
      if (item.nodes.length === 0) doc.y = y + lineHeight;
      else this.blocks(item.nodes, inner);
      this.gap = 0;
    });
    this.owe(box.gap);
  }

  private bullet(cx: number, cy: number, depth: number): void {
    const doc = this.doc;
    doc.save();
    switch (depth % 3) {
      case 0:
        doc.circle(cx, cy, 1.9).fillColor(COLOR.text).fill();
        break;
      case 1:
        doc.circle(cx, cy, 1.8).lineWidth(0.7).strokeColor(COLOR.text).stroke();
        break;
      default:
        doc.rect(cx - 1.6, cy - 1.6, 3.2, 3.2).fillColor(COLOR.text).fill();
    }
    doc.restore();
  }

  private checkbox(x: number, y: number, size: number, checked: boolean): void {
    const doc = this.doc;
    const s = size * 0.75;
    const top = y + size * 0.46 - s / 2;
    doc.save();
    if (checked) {
      doc.roundedRect(x, top, s, s, 1.2).fillColor(COLOR.checkbox).fill();
      doc
        .moveTo(x + s * 0.22, top + s * 0.52)
        .lineTo(x + s * 0.42, top + s * 0.74)
        .lineTo(x + s * 0.8, top + s * 0.27)
        .lineWidth(1.2)
        .strokeColor('#ffffff')
        .stroke();
    } else {
      doc.roundedRect(x, top, s, s, 1.2).lineWidth(0.8).strokeColor(COLOR.muted).stroke();
    }
    doc.restore();
  }

  /**
   * Blockquotes and hints: the content indented with a coloured bar on its left; hints also get a light tint
   * (drawn afterwards, translucent, so that it needs no measuring). Both are drawn on every sheet the block spans.
   */
  private barred(blocks: readonly Block[], box: Box, style: { bar: string; text: string; tint?: string }): void {
    const doc = this.doc;
    const pad = style.tint ? 6 : 0;
    this.flushGap();
    this.ensureSpace(this.lineHeight(box.size) + 2 * pad);
    const startPage = this.pageIndex;
    const startY = doc.y;
    doc.y += pad;
    const indent = style.tint ? 16 : 14;
    const x = this.indented(box, indent);
    const width = box.width + (box.x - x);
    const inner: Box = { ...box, x: x + indent, width: width - indent - (style.tint ? 8 : 0), color: style.text };
    this.blocks(blocks, inner);
    this.gap = 0;
    doc.y += pad;
    const endPage = this.pageIndex;
    const endY = doc.y;
    const saved = { x: doc.x, y: doc.y };
    for (let p = startPage; p <= endPage; p++) {
      doc.switchToPage(p);
      const from = p === startPage ? startY : this.top;
      const to = p === endPage ? endY : this.maxY;
      if (to <= from) continue;
      if (style.tint) doc.save().rect(x, from, width, to - from).fillColor(style.tint).fillOpacity(0.08).fill().restore();
      doc.save().rect(x + (style.tint ? 0 : 2), from, 3, to - from).fillColor(style.bar).fill().restore();
    }
    doc.switchToPage(endPage);
    doc.x = saved.x;
    doc.y = saved.y;
    this.owe(box.gap + (style.tint ? 2 : 0));
  }

  private code(block: CodeBlock, box: Box): void {
    const doc = this.doc;
    const size = CODE_SIZE;
    const pad = 6;
    const lineHeight = size * 1.38;
    const charWidth = size * 0.6; // Source Code Pro: every glyph is 600/1000 em wide
    const source = block.nodes.map((line) => monoText(line.nodes.map((t) => (t.object === 'text' ? t.leaves.map((l) => l.text).join('') : '')).join('')));
    const numbered = block.data.lineNumbers === true;
    const gutter = numbered ? String(source.length).length * charWidth + 8 : 0;
    const columns = Math.max(8, Math.floor((box.width - 2 * pad - gutter) / charWidth));
    const lines: { text: string; number?: number }[] = [];
    source.forEach((text, i) => {
      if (text.length <= columns && !hasFallback(text, true)) lines.push({ text, number: i + 1 });
      else for (const [at, piece] of codeColumns(text, columns).entries()) lines.push({ text: piece, ...(at === 0 ? { number: i + 1 } : {}) });
    });
    if (lines.length === 0) lines.push({ text: '' });

    this.flushGap();
    if (block.data.title) {
      const titleHeight = 8.5 * 1.4 + 8;
      this.ensureSpace(titleHeight + pad + lineHeight * Math.min(3, lines.length));
      const top = doc.y;
      doc.save().rect(box.x, top, box.width, titleHeight).fillColor(COLOR.codeTitleBackground).fill().restore();
      doc.fillColor(COLOR.quote);
      this.oneLine(sansText(block.data.title), PDF_FONTS.sansBold, 8.5, box.x + pad, top + 4.5, box.width - 2 * pad);
      doc.y = top + titleHeight;
    } else {
      this.ensureSpace(pad + lineHeight * Math.min(3, lines.length));
    }
    let sheetStart = true;
    lines.forEach((line, i) => {
      const last = i === lines.length - 1;
      let top = doc.y;
      let padTop = sheetStart ? pad : 0;
      const bottom = last ? pad : 0;
      if (top + padTop + lineHeight + bottom > this.maxY && top > this.top + 1) {
        this.newSheet();
        top = doc.y;
        padTop = pad;
      }
      doc.save().rect(box.x, top, box.width, padTop + lineHeight + bottom).fillColor(COLOR.codeBackground).fill().restore();
      const textY = top + padTop + (lineHeight - size) / 2;
      if (numbered && line.number !== undefined) {
        const label = String(line.number);
        doc.font(PDF_FONTS.mono).fontSize(size).fillColor(COLOR.muted);
        doc.text(label, box.x + pad + gutter - 8 - label.length * charWidth, textY, { lineBreak: false });
      }
      if (line.text.trim() !== '') {
        doc.fillColor(COLOR.text);
        this.oneLine(line.text, PDF_FONTS.mono, size, box.x + pad + gutter, textY);
      }
      doc.y = top + padTop + lineHeight + bottom;
      sheetStart = false;
    });
    this.owe(box.gap + 2);
  }

  private table(table: TableBlock, box: Box): void {
    const rows = table.nodes;
    const columns = rows.reduce((w, row) => Math.max(w, row.nodes.length), 1);
    // Wide tables get a smaller font (down to 6.5 pt), so that their columns keep a few words per line.
    const size = Math.max(6.5, Math.min(TABLE_SIZE, (box.width / columns) / 7));
    const grid: TableGrid = { x: box.x, columns, colWidth: box.width / columns, align: table.data.align, size };
    this.flushGap();
    rows.forEach((row, r) => {
      if (r === 0) {
        // Keep the header with the first row.
        const next = rows[1];
        this.ensureSpace(this.estimateRow(row, grid, true) + (next ? this.estimateRow(next, grid, false) : 0));
      } else if (this.rowNeedsSheet(row, grid)) {
        this.newSheet();
        if (rows[0]) this.tableRow(rows[0], true, grid);
      }
      this.tableRow(row, r === 0, grid);
    });
    this.owe(box.gap + 2);
  }

  /** A generous estimate of a row's height: each cell measured in its widest font. */
  private estimateRow(row: TableRowBlock, grid: TableGrid, header: boolean): number {
    let height = this.lineHeight(grid.size) - LINE_GAP;
    for (const cell of row.nodes) {
      const runs = this.inlineRuns(cell.nodes, {});
      const text = trimRuns(runs).map((r) => r.text).join('') || ' ';
      const width = grid.colWidth - 2 * CELL_PAD_X;
      const bold = header || runs.some((r) => r.bold);
      this.doc.font(bold ? PDF_FONTS.sansBold : PDF_FONTS.sans).fontSize(grid.size);
      let h = this.doc.heightOfString(text, { width, lineGap: LINE_GAP });
      if (runs.some((r) => r.code)) {
        this.doc.font(bold ? PDF_FONTS.monoBold : PDF_FONTS.mono).fontSize(grid.size);
        h = Math.max(h, this.doc.heightOfString(text, { width, lineGap: LINE_GAP }));
      }
      if (hasFallback(text)) {
        this.doc.font(PDF_FONTS.fallback).fontSize(grid.size);
        h = Math.max(h, this.doc.heightOfString(text, { width, lineGap: LINE_GAP }));
      }
      height = Math.max(height, h - LINE_GAP);
    }
    return height + 2 * CELL_PAD_Y;
  }

  private rowNeedsSheet(row: TableRowBlock, grid: TableGrid): boolean {
    const height = this.estimateRow(row, grid, false);
    return this.doc.y + height > this.maxY && this.doc.y > this.top + 1 && height <= this.maxY - this.top;
  }

  private tableRow(row: TableRowBlock, header: boolean, grid: TableGrid): void {
    const doc = this.doc;
    const { x, colWidth, columns } = grid;
    const estimate = this.estimateRow(row, grid, header);
    this.ensureSpace(estimate);
    const top = doc.y;
    const sheet = doc.page;
    if (header) doc.save().rect(x, top, colWidth * columns, estimate).fillColor(COLOR.tableHeader).fill().restore();
    let bottom = top + (header ? estimate : this.lineHeight(grid.size) - LINE_GAP + 2 * CELL_PAD_Y);
    // Set when a cell did not fit on the sheet after all (only a row taller than a sheet): later cells follow it.
    let overflowY: number | undefined;
    row.nodes.forEach((cell, c) => {
      const runs = this.inlineRuns(cell.nodes, {});
      if (!runs.some((r) => r.text.trim() !== '')) return;
      doc.y = overflowY ?? top + CELL_PAD_Y;
      const cellAlign = grid.align[c] ?? null;
      this.runs(runs, x + c * colWidth + CELL_PAD_X, colWidth - 2 * CELL_PAD_X, {
        size: grid.size,
        color: COLOR.text,
        bold: header,
        breakBefore: false,
        ...(cellAlign ? { align: cellAlign } : {}),
      });
      if (doc.page === sheet) bottom = Math.max(bottom, doc.y - LINE_GAP + CELL_PAD_Y);
      else overflowY = doc.y + CELL_PAD_Y;
    });
    if (overflowY !== undefined) {
      // No grid for such a row: it spans sheets.
      doc.y = overflowY;
      return;
    }
    doc.save().lineWidth(0.5).strokeColor(COLOR.rule);
    for (let c = 0; c < columns; c++) doc.rect(x + c * colWidth, top, colWidth, bottom - top).stroke();
    doc.restore();
    if (header) doc.save().moveTo(x, bottom).lineTo(x + columns * colWidth, bottom).lineWidth(1).strokeColor(COLOR.muted).stroke().restore();
    doc.y = bottom;
  }

  private images(images: readonly { ref: ImageRef; alt: string; caption: InlineContent[] | undefined }[], box: Box): void {
    const doc = this.doc;
    const perRow = images.length <= 3 ? Math.max(1, images.length) : 3;
    const spacing = 10;
    for (let at = 0; at < images.length; at += perRow) {
      const row = images.slice(at, at + perRow);
      const cellWidth = (box.width - spacing * (row.length - 1)) / row.length;
      const maxHeight = (this.maxY - this.top) * 0.75;
      const laid = row.map((image) => {
        const opened = this.openImage(image.ref);
        if (!opened) return { image, opened, width: cellWidth, height: 34 };
        let width = Math.min(cellWidth, opened.width * 0.75); // pixels at 96 dpi
        let height = (width * opened.height) / opened.width;
        if (height > maxHeight) {
          width = (width * maxHeight) / height;
          height = maxHeight;
        }
        return { image, opened, width, height };
      });
      const captionHeight = row.some((r) => r.caption) ? this.lineHeight(CAPTION_SIZE) + 4 : 0;
      this.flushGap();
      this.ensureSpace(Math.max(...laid.map((l) => l.height)) + captionHeight);
      const top = doc.y;
      let bottom = top;
      laid.forEach((l, i) => {
        const cellX = box.x + i * (cellWidth + spacing);
        if (l.opened) {
          doc.image(l.opened as never, cellX + (cellWidth - l.width) / 2, top, { width: l.width, height: l.height });
        } else {
          doc.save().rect(cellX, top, cellWidth, l.height).dash(3, { space: 2 }).lineWidth(0.6).strokeColor(COLOR.rule).stroke().undash().restore();
          const source = l.image.ref.kind === 'url' ? l.image.ref.url : `file ${l.image.ref.file}`;
          const label = drawableText(`Image not available: ${l.image.alt || source}`, pdfFontCoverage(false, false));
          doc.font(PDF_FONTS.sansItalic).fontSize(CAPTION_SIZE).fillColor(COLOR.muted);
          doc.text(label, cellX + 6, top + (l.height - CAPTION_SIZE) / 2 - 1, { width: cellWidth - 12, align: 'center', height: l.height - 4, ellipsis: true, lineBreak: true });
        }
        let cellBottom = top + l.height;
        if (l.image.caption) {
          doc.y = cellBottom + 4;
          const runs = this.inlineRuns(l.image.caption, {});
          if (runs.some((r) => r.text.trim() !== '')) {
            this.runs(runs, cellX, cellWidth, { size: CAPTION_SIZE, color: COLOR.muted, italic: true, align: 'center', breakBefore: false });
            cellBottom = doc.y;
          }
        }
        bottom = Math.max(bottom, cellBottom);
      });
      doc.y = bottom;
      this.owe(box.gap + 2);
    }
  }

  private openImage(ref: ImageRef): OpenedImage | undefined {
    const key = imageKey(ref);
    const cached = this.opened.get(key);
    if (cached !== undefined) return cached ?? undefined;
    const data = this.imageData.get(key);
    let opened: OpenedImage | null = null;
    if (data && checkImage(data).ok) {
      try {
        opened = (this.doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(data);
        if (!(opened.width > 0 && opened.height > 0)) opened = null;
      } catch {
        opened = null;
      }
    }
    this.opened.set(key, opened);
    return opened ?? undefined;
  }

  private divider(box: Box): void {
    this.flushGap();
    this.ensureSpace(16);
    const y = this.doc.y + 6;
    this.doc.save().moveTo(box.x, y).lineTo(box.x + box.width, y).lineWidth(0.75).strokeColor(COLOR.rule).stroke().restore();
    this.doc.y = y + 6;
    this.owe(box.gap);
  }

  private html(html: string, box: Box): void {
    const text = sansText(htmlToText(html));
    if (text.trim() !== '') {
      this.flushGap();
      this.runs([{ text, bold: false, italic: false, code: false, strike: false }], box.x, box.width, {
        size: box.size,
        color: box.color,
        breakBefore: true,
      });
      this.owe(box.gap);
    }
    const images = htmlImages(html);
    if (images.length > 0) {
      this.images(
        images.map((img) => ({ ref: targetToImageRef(img.src, this.input.resolver), alt: img.alt, caption: undefined })),
        box,
      );
    }
  }

  private footnote(block: FootnoteDefinitionBlock, box: Box): void {
    const doc = this.doc;
    const size = Math.min(box.size, 9);
    this.owe(box.gap);
    this.flushGap();
    this.ensureSpace(this.lineHeight(size));
    const y = doc.y;
    const label = `[${sansText(block.data.label ?? block.data.identifier)}]`;
    doc.fillColor(COLOR.muted);
    const indent = Math.max(18, this.oneLine(label, PDF_FONTS.sans, size, box.x, y) + 6);
    doc.y = y;
    this.blocks(block.nodes, { ...box, x: box.x + indent, width: Math.max(box.width - indent, 40), size, color: COLOR.quote, gap: ITEM_GAP });
    this.gap = 0;
    this.owe(box.gap);
  }

  // -- inline text ---------------------------------------------------------

  /** Flattens inline content into styled runs (WinAnsi-safe text, adjacent runs of one style merged). */
  private inlineRuns(nodes: readonly InlineContent[], inherited: { link?: LinkTarget }): Run[] {
    const runs: Run[] = [];
    const push = (run: Run): void => {
      if (run.text === '') return;
      const prev = runs[runs.length - 1];
      if (prev && sameStyle(prev, run)) prev.text += run.text;
      else runs.push(run);
    };
    for (const node of nodes) {
      if (node.object === 'text') {
        for (const leaf of node.leaves) {
          const marks = new Set(leaf.marks.map((m) => m.type));
          push({
            text: marks.has('code') ? monoText(leaf.text) : sansText(leaf.text),
            bold: marks.has('bold'),
            italic: marks.has('italic'),
            code: marks.has('code'),
            strike: marks.has('strikethrough'),
            ...(inherited.link ? { link: inherited.link } : {}),
          });
        }
      } else if (node.type === 'link') {
        const link = this.resolveLink(node.data.ref);
        for (const run of this.inlineRuns(node.nodes, { link })) push(run);
      } else if (node.type === 'inline-image') {
        const alt = node.data.alt || node.data.caption || 'image';
        push({ text: sansText(`[${alt}]`), bold: false, italic: true, code: false, strike: false, color: COLOR.muted, ...(inherited.link ? { link: inherited.link } : {}) });
      } else if (node.type === 'inline-math') {
        // The formula's source, as block math is shown (code): no TeX typesetting in the PDF.
        push({ text: monoText(node.data.formula), bold: false, italic: false, code: true, strike: false, ...(inherited.link ? { link: inherited.link } : {}) });
      } else if (node.type === 'footnote-reference') {
        push({ text: `[${sansText(node.data.label ?? node.data.identifier)}]`, bold: false, italic: false, code: false, strike: false, color: COLOR.muted });
      } else if (node.type === 'html') {
        // Inline tags (<kbd>, <mark>, …) are dropped, their content is plain text around them; <br> breaks the line.
        if (/^<br\s*\/?>$/i.test(node.data.html.trim())) push({ text: '\n', bold: false, italic: false, code: false, strike: false });
      }
    }
    return runs;
  }

  /** Where a link goes: inside the PDF (another exported page or heading), to a URL, or nowhere. */
  private resolveLink(ref: ContentRef): LinkTarget {
    const external = (): LinkTarget => {
      const url = this.input.resolveLink?.(ref);
      return url ? { url } : { none: true };
    };
    switch (ref.kind) {
      case 'url': {
        if (/^(https?:|mailto:|tel:)/i.test(ref.url)) return { url: ref.url };
        const target = this.pageByRelativePath(ref.url);
        if (target) return { goTo: target };
        return external();
      }
      case 'page': {
        const page = ref.space ? undefined : this.byId.get(ref.page);
        return page ? { goTo: pageDest(page.index) } : external();
      }
      case 'anchor': {
        const page = ref.space ? undefined : ref.page ? this.byId.get(ref.page) : this.current;
        if (!page) return external();
        return { goTo: page.anchors.get(ref.anchor) ?? pageDest(page.index) };
      }
      case 'file':
        return external();
    }
  }

  /** `../guide/setup.md#install` relative to the current page's path -> destination of that page (or heading). */
  private pageByRelativePath(target: string): string | undefined {
    if (this.current.input.path === undefined || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return undefined;
    const hashAt = target.indexOf('#');
    const pathPart = (hashAt >= 0 ? target.slice(0, hashAt) : target).split('?')[0] ?? '';
    const anchor = hashAt >= 0 ? decodeURIComponentSafe(target.slice(hashAt + 1)) : undefined;
    if (pathPart === '') {
      return anchor !== undefined ? (this.current.anchors.get(anchor) ?? undefined) : undefined;
    }
    const base = this.current.input.path.split('/').slice(0, -1);
    const segments = pathPart.startsWith('/') ? [] : [...base];
    for (const segment of decodeURIComponentSafe(pathPart).split('/')) {
      if (segment === '' || segment === '.') continue;
      if (segment === '..') segments.pop();
      else segments.push(segment);
    }
    const page = this.byPath.get(normalizePath(segments.join('/')));
    if (!page) return undefined;
    return (anchor !== undefined ? page.anchors.get(anchor) : undefined) ?? pageDest(page.index);
  }

  /** Text in one style as a flowing paragraph at (`x`, doc.y): `runs` of one run (its CJK in the fallback font). */
  private plain(text: string, x: number, width: number, options: RunOptions): void {
    this.runs([{ text, bold: options.bold === true, italic: options.italic === true, code: false, strike: false }], x, width, options);
  }

  /**
   * One line at (`x`, `y`) that never wraps, each piece in its font (`font`, or the fallback font for the CJK it
   * lacks), cut with an ellipsis past `maxWidth`. Answers the width drawn.
   */
  private oneLine(text: string, font: string, size: number, x: number, y: number, maxWidth = Infinity): number {
    const doc = this.doc;
    let at = x;
    for (const piece of fallbackPieces(text, font === PDF_FONTS.mono || font === PDF_FONTS.monoBold)) {
      doc.font(piece.fallback ? PDF_FONTS.fallback : font).fontSize(size);
      const room = x + maxWidth - at;
      if (doc.widthOfString(piece.text) <= room) {
        doc.text(piece.text, at, y, { lineBreak: false });
        at += doc.widthOfString(piece.text);
        continue;
      }
      const chars = [...piece.text];
      while (chars.length > 0 && doc.widthOfString(`${chars.join('')}…`) > room) chars.pop();
      const cut = `${chars.join('').trimEnd()}…`;
      doc.text(cut, at, y, { lineBreak: false });
      at += doc.widthOfString(cut);
      break;
    }
    return at - x;
  }

  /** Draws runs as one flowing paragraph at (`x`, doc.y), `width` wide; leaves doc.y below it. */
  private runs(runs: readonly Run[], x: number, width: number, options: RunOptions): void {
    const doc = this.doc;
    const visible = withFallback(trimRuns(runs));
    if (visible.length === 0) return;
    if (options.breakBefore !== false) this.ensureSpace(this.lineHeight(options.size));
    let align = options.align;
    if (align && align !== 'left' && visible.length > 1) {
      // PDFKit misplaces centred/right-aligned text made of several runs: place a one-line paragraph by hand.
      align = undefined;
      const total = visible.reduce((sum, run) => {
        doc.font(fontName(run.code, run.bold || options.bold === true, run.italic || options.italic === true, run.fallback)).fontSize(options.size);
        return sum + doc.widthOfString(run.text);
      }, 0);
      if (total < width - 1 && !visible.some((r) => r.text.includes('\n'))) {
        x += options.align === 'center' ? (width - total) / 2 : width - total - 1;
        width = total + 1;
      }
    }
    visible.forEach((run, i) => {
      const bold = run.bold || options.bold === true;
      const italic = run.italic || options.italic === true;
      const link = run.link;
      const color = run.color ?? (link ? COLOR.link : run.code ? COLOR.code : options.color);
      doc.font(fontName(run.code, bold, italic, run.fallback)).fontSize(options.size).fillColor(color);
      // Every option is set on every run: PDFKit carries unset options over from the previous `continued` run
      // (`null` means "none" for link and goTo).
      const textOptions = {
        continued: i < visible.length - 1,
        lineGap: LINE_GAP,
        underline: link !== undefined,
        strike: run.strike,
        link: link && 'url' in link ? link.url : null,
        goTo: link && 'goTo' in link ? link.goTo : null,
        ...(align ? { align } : {}),
      } as PDFKit.Mixins.TextOptions;
      if (i === 0) doc.text(run.text, x, doc.y, { ...textOptions, width });
      else doc.text(run.text, textOptions);
    });
  }
}

// ---------------------------------------------------------------------------
// Helpers

function fontName(code: boolean, bold: boolean, italic: boolean, fallback = false): string {
  // The fallback font has one face; code has no italic face: an italic code run is upright.
  if (fallback) return PDF_FONTS.fallback;
  if (code) return bold ? PDF_FONTS.monoBold : PDF_FONTS.mono;
  if (bold && italic) return PDF_FONTS.sansBoldItalic;
  if (bold) return PDF_FONTS.sansBold;
  if (italic) return PDF_FONTS.sansItalic;
  return PDF_FONTS.sans;
}

/** Text in the text font, what it lacks rewritten (export/text.ts `drawableText`). */
const sansText = (text: string): string => drawableText(text, pdfFontCoverage());
/** Text in the code font, what it lacks rewritten. */
const monoText = (text: string): string => drawableText(text, pdfFontCoverage(true));

/** Whether some of `text` is drawn in the fallback font. */
function hasFallback(text: string, code = false): boolean {
  return fallbackPieces(text, code).some((p) => p.fallback);
}

/** Runs split where their characters go to the fallback font (a run without such characters is kept as it is). */
function withFallback(runs: Run[]): Run[] {
  const out: Run[] = [];
  for (const run of runs) {
    const pieces = fallbackPieces(run.text, run.code);
    if (pieces.length === 1 && !pieces[0]!.fallback) out.push(run);
    else for (const piece of pieces) out.push({ ...run, text: piece.text, fallback: piece.fallback });
  }
  return out;
}

/**
 * A code line cut into lines of `columns` cells of the code font's grid: a character of the fallback font (CJK,
 * about an em wide against the grid's 0.6 em) takes two cells.
 */
function codeColumns(text: string, columns: number): string[] {
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const piece of fallbackPieces(text, true)) {
    for (const ch of piece.text) {
      const cells = piece.fallback && ch !== ' ' ? 2 : 1;
      if (used + cells > columns && line !== '') {
        lines.push(line);
        line = '';
        used = 0;
      }
      line += ch;
      used += cells;
    }
  }
  lines.push(line);
  return lines;
}

function sameStyle(a: Run, b: Run): boolean {
  return (
    a.bold === b.bold &&
    a.italic === b.italic &&
    a.code === b.code &&
    a.strike === b.strike &&
    a.color === b.color &&
    a.fallback === b.fallback &&
    JSON.stringify(a.link) === JSON.stringify(b.link)
  );
}

/** Drops leading/trailing whitespace of a paragraph (and runs that become empty). */
function trimRuns(runs: readonly Run[]): Run[] {
  const out = runs.map((r) => ({ ...r }));
  while (out.length > 0 && out[0]!.text.trimStart() === '') out.shift();
  while (out.length > 0 && out[out.length - 1]!.text.trimEnd() === '') out.pop();
  if (out.length === 0) return out;
  out[0]!.text = out[0]!.text.trimStart();
  out[out.length - 1]!.text = out[out.length - 1]!.text.trimEnd();
  return out;
}

function captionOf(image: ImageBlock): InlineContent[] | undefined {
  const paragraph = image.fragments.find((f) => f.fragment === 'caption')?.nodes[0];
  // An empty caption (GitBook's `<figcaption></figcaption>`) is none.
  return paragraph && paragraph.type === 'paragraph' && inlineText(paragraph.nodes).trim() !== '' ? paragraph.nodes : undefined;
}

/** Page path key: no leading/trailing slashes, no `.md`, `README`/`index` stands for its folder. */
function normalizePath(path: string): string {
  return path
    .replace(/^\/+|\/+$/g, '')
    .replace(/\.md$/i, '')
    .replace(/(^|\/)(readme|index)$/i, '')
    .replace(/\/+$/, '')
    .toLowerCase();
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
