/**
 * Derived data for search and link checking: plain text of a document,
 * per-heading sections of a page, and every link/image target of a page.
 */
import { classifyTarget, refToTarget, type LinkUsage, type RefResolver, type TargetKind } from './content-ref.js';
import { markdownToDocument } from './convert.js';
import { childNodes, inlineText, isHeading, type AnyNode, type Block, type Document, type InlineContent } from './document.js';
import { AnchorSlugger } from './slug.js';
import { readTagLine } from './gitbook-blocks.js';

// ---------------------------------------------------------------------------
// Text

/**
 * Plain text of a document for full-text search: one line per text block
 * (paragraph, heading, code line, table row, …), formatting dropped, link
 * texts and image alt texts/captions kept, HTML tags stripped.
 */
export function extractText(doc: Pick<Document, 'nodes'>): string {
  return blocksText(doc.nodes);
}

function blocksText(blocks: readonly Block[]): string {
  return blocks
    .map(blockText)
    .filter((line) => line !== '')
    .join('\n');
}

function blockText(block: Block): string {
  if (isHeading(block)) return inlineText(block.nodes);
  switch (block.type) {
    case 'paragraph':
    case 'table-cell':
    case 'code-line':
      return inlineText(block.nodes);
    case 'table-row':
      return block.nodes.map((cell) => inlineText(cell.nodes)).join(' ');
    case 'image': {
      const caption = block.fragments.map((fragment) => blocksText(fragment.nodes));
      return [block.data.alt ?? '', ...caption].filter(Boolean).join(' ');
    }
    case 'html':
      return block.data.html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
    case 'math':
      return block.data.formula;
    case 'divider':
      return '';
    default:
      return blocksText(block.nodes as Block[]);
  }
}

// ---------------------------------------------------------------------------
// Sections

export interface Section {
  /** Heading anchor (GitBook-style slug, unique in the page); `''` for the text before the first heading. */
  id: string;
  /** Heading text; `''` for the intro section. */
  title: string;
  /** Heading level 1-6; 0 for the intro section. */
  level: number;
  /** Plain text of the blocks up to the next heading. */
  body: string;
}

/**
 * Splits a page at its top-level headings (any level) for search. The intro
 * before the first heading is returned only when it has text.
 */
export function extractSections(markdown: string): Section[] {
  return documentSections(markdownToDocument(markdown, { keys: false }));
}

/** `extractSections` of an already parsed document. */
export function documentSections(doc: Pick<Document, 'nodes'>): Section[] {
  const slugger = new AnchorSlugger();
  const sections: { section: Omit<Section, 'body'>; blocks: Block[] }[] = [];
  let current: (typeof sections)[number] = { section: { id: '', title: '', level: 0 }, blocks: [] };
  sections.push(current);
  for (const block of doc.nodes) {
    if (isHeading(block)) {
      const title = inlineText(block.nodes).replace(/\s+/g, ' ').trim();
      current = { section: { id: slugger.slug(title), title, level: Number(block.type.slice(-1)) }, blocks: [] };
      sections.push(current);
    } else {
      current.blocks.push(block);
    }
  }
  return sections
    .map(({ section, blocks }) => ({ ...section, body: blocksText(blocks) }))
    .filter((section) => section.level > 0 || section.body !== '');
}

// ---------------------------------------------------------------------------
// Links

export interface ExtractedLink {
  /** Whether the target comes from a link or an image. */
  source: LinkUsage;
  /** The target exactly as written (reference links resolved). */
  target: string;
  kind: TargetKind;
  /** Path part of `page`/`file` targets. */
  path?: string;
  /** Fragment (without `#`), if any. */
  anchor?: string;
  /** Link text or image alt text. */
  text: string;
}

/**
 * The file a `{% file src="…" %}` line points at (a paragraph of that one line): a file block refers to its file as a
 * link does, so it counts in the links and the file's backlinks.
 */
function fileLineTarget(b: Block): string | undefined {
  if (b.type !== 'paragraph' || b.nodes.length !== 1) return undefined;
  const t = b.nodes[0]!;
  if (t.object !== 'text' || t.leaves.length !== 1 || !t.leaves[0]!.text.startsWith('{% file ')) return undefined;
  const tag = readTagLine(t.leaves[0]!.text.trim());
  return tag?.kind === 'open' && tag.name === 'file' && tag.attributes.src ? tag.attributes.src : undefined;
}

/** Keeps every target verbatim as a URL ref so the raw text can be classified. */
const RAW_TARGETS: RefResolver = { toRef: (target) => ({ kind: 'url', url: target }) };

/**
 * `extractLinks` of a document parsed with the default codec (page and file refs are written back to their
 * `/pages/<id>`, `/files/<id>` targets before being classified), so one parse serves sections and links.
 */
export function documentLinks(doc: Pick<Document, 'nodes'>): ExtractedLink[] {
  const links: ExtractedLink[] = [];
  const add = (source: LinkUsage, target: string, linkText: string): void => {
    links.push({ source, target, ...classifyTarget(target, source), text: linkText });
  };
  const visit = (node: AnyNode): void => {
    if (node.object === 'text') return;
    const file = node.object === 'block' ? fileLineTarget(node as Block) : undefined;
    if (file !== undefined) add('link', file, '');
    if (node.object === 'inline' && node.type === 'link') add('link', refToTarget(node.data.ref, 'link'), inlineText(node.nodes));
    const isImage = (node.object === 'inline' && node.type === 'inline-image') || (node.object === 'block' && node.type === 'image');
    if (isImage) add('image', refToTarget(node.data.ref, 'image'), node.data.alt ?? '');
    for (const child of node.nodes as AnyNode[]) visit(child);
    if (node.object === 'block' && node.type === 'image') for (const fragment of node.fragments) visit(fragment);
  };
  for (const node of doc.nodes) visit(node);
  return links;
}

const HEADINGS = new Set(['heading-1', 'heading-2', 'heading-3', 'heading-4', 'heading-5', 'heading-6']);

/**
 * `documentSections(doc)` and `documentLinks(doc)` in one walk of the document (what a page write and the index
 * need of every page: the text is gathered where the links are found), with the same results.
 */
export function documentIndex(doc: Pick<Document, 'nodes'>): { sections: Section[]; links: ExtractedLink[] } {
  const index = documentIndexer();
  for (const b of doc.nodes) index.add(b);
  return index.finish();
}

/** `documentIndex` fed one top-level block at a time (`add`, in document order), its result at `finish()`. */
export function documentIndexer(): { add(block: Block): void; finish(): { sections: Section[]; links: ExtractedLink[] } } {
  const links: ExtractedLink[] = [];
  const add = (source: LinkUsage, target: string, linkText: string): ExtractedLink => {
    const link = { source, target, ...classifyTarget(target, source), text: linkText };
    links.push(link);
    return link;
  };
  // The links under nodes whose text is not gathered (raw HTML, math, footnote references: no children, in practice).
  const linksOnly = (nodes: readonly AnyNode[]): void => {
    for (const node of nodes) {
      if (node.object === 'text') continue;
      if (node.object === 'inline' && node.type === 'link') add('link', refToTarget(node.data.ref, 'link'), inlineText(node.nodes));
      const isImage = (node.object === 'inline' && node.type === 'inline-image') || (node.object === 'block' && node.type === 'image');
      if (isImage) add('image', refToTarget(node.data.ref, 'image'), node.data.alt ?? '');
      linksOnly(node.nodes as AnyNode[]);
      if (node.object === 'block' && node.type === 'image') linksOnly(node.fragments);
    }
  };
  /** inlineText(nodes), adding the links and images met, in document order (a link before the images in it). */
  const inline = (nodes: readonly InlineContent[]): string => {
    let out = '';
    for (const node of nodes) {
      if (node.object === 'text') {
        for (const l of node.leaves) out += l.text;
      } else if (node.type === 'link') {
        const link = add('link', refToTarget(node.data.ref, 'link'), '');
        link.text = inline(node.nodes);
        out += link.text;
      } else {
        if (node.type === 'inline-image') {
          add('image', refToTarget(node.data.ref, 'image'), node.data.alt ?? '');
          out += node.data.alt ?? '';
        } else if (node.type === 'inline-math') out += node.data.formula;
        linksOnly(node.nodes);
      }
    }
    return out;
  };
  /** blocksText(blocks), with the links. */
  const blocks = (list: readonly Block[]): string => {
    let out = '';
    let first = true;
    for (const b of list) {
      const line = block(b);
      if (line === '') continue;
      out = first ? line : `${out}\n${line}`;
      first = false;
    }
    return out;
  };
  /** blockText(b), with the links. */
  const block = (b: Block): string => {
    if (HEADINGS.has(b.type)) return inline(b.nodes as InlineContent[]);
    switch (b.type) {
      case 'paragraph': {
        const file = fileLineTarget(b);
        if (file !== undefined) add('link', file, '');
        return inline(b.nodes);
      }
      case 'table-cell':
      case 'code-line':
        return inline(b.nodes);
      case 'table-row': {
        let out = '';
        for (let i = 0; i < b.nodes.length; i++) out = i === 0 ? inline(b.nodes[i]!.nodes) : `${out} ${inline(b.nodes[i]!.nodes)}`;
        return out;
      }
      case 'image': {
        add('image', refToTarget(b.data.ref, 'image'), b.data.alt ?? '');
        linksOnly(b.nodes);
        const caption = b.fragments.map((fragment) => blocks(fragment.nodes));
        return [b.data.alt ?? '', ...caption].filter(Boolean).join(' ');
      }
      case 'html':
        linksOnly(b.nodes);
        return b.data.html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
      case 'math':
        linksOnly(b.nodes);
        return b.data.formula;
      case 'divider':
        linksOnly(b.nodes);
        return '';
      default:
        return blocks(b.nodes as Block[]);
    }
  };
  const slugger = new AnchorSlugger();
  const sections: Section[] = [];
  let current: Section = { id: '', title: '', level: 0, body: '' };
  // The lines of the current section, joined once when it ends: a body grown by one concatenation per line was a
  // left-deep chain of string pieces that the worker's reply (a structured clone) flattened.
  let lines: string[] = [];
  const close = () => {
    if (lines.length > 0) current.body = lines.length === 1 ? (lines[0] as string) : lines.join('\n');
    lines = [];
    if (current.level > 0 || current.body !== '') sections.push(current);
  };
  return {
    add(b: Block): void {
      if (HEADINGS.has(b.type)) {
        close();
        const title = inline(b.nodes as InlineContent[]).replace(/\s+/g, ' ').trim();
        current = { id: slugger.slug(title), title, level: Number(b.type.slice(-1)), body: '' };
      } else {
        const line = block(b);
        if (line !== '') lines.push(line);
      }
    },
    finish() {
      close();
      return { sections, links };
    },
  };
}

/** Every link and image target of a page, in document order. */
export function extractLinks(markdown: string): ExtractedLink[] {
  const links: ExtractedLink[] = [];
  const add = (source: LinkUsage, target: string, linkText: string): void => {
    links.push({ source, target, ...classifyTarget(target, source), text: linkText });
  };
  const visit = (node: AnyNode): void => {
    if (node.object === 'inline' && node.type === 'link' && node.data.ref.kind === 'url') {
      add('link', node.data.ref.url, inlineText(node.nodes));
    }
    const isImage = (node.object === 'inline' && node.type === 'inline-image') || (node.object === 'block' && node.type === 'image');
    if (isImage && node.data.ref.kind === 'url') add('image', node.data.ref.url, node.data.alt ?? '');
    childNodes(node).forEach(visit);
  };
  markdownToDocument(markdown, { resolver: RAW_TARGETS, keys: false }).nodes.forEach(visit);
  return links;
}
