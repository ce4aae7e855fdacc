/**
 * GitBook document blocks -> mdast (flow content), ready for serialisation.
 *
 * Inverse of mdast-to-document.ts. Structural blocks found out of place
 * (a `list-item` at the top level, a stray `code-line`, …) are converted as
 * best as possible instead of failing; unknown GitBook blocks keep their
 * child blocks.
 *
 * List tightness is not part of the document model: lists are written tight,
 * unless an item holds blocks that could not be told apart without blank
 * lines (then the whole list is loose).
 */
import type { BlockContent, Code, DefinitionContent, Image, ListItem, PhrasingContent, Root, RootContent, TableRow } from 'mdast';
import { refToTarget, type RefResolver } from './content-ref.js';
import {
  headingLevel,
  inlineText,
  isHeading,
  type Block,
  type CodeBlock,
  type Document,
  type ImageBlock,
  type ListBlock,
  type TableBlock,
} from './document.js';
import { codeTagBlock } from './gitbook-syntax.js';
import { inlinesToPhrasing } from './inline.js';

/** Converts a GitBook document into mdast. */
export function documentToMdast(doc: Document, resolver?: RefResolver): Root {
  return { type: 'root', children: blocksToFlow(doc.nodes, resolver) };
}

type FlowContent = BlockContent | DefinitionContent;

function blocksToFlow(blocks: readonly Block[], resolver: RefResolver | undefined): FlowContent[] {
  return blocks.flatMap((block) => blockToFlow(block, resolver));
}

function blockToFlow(block: Block, resolver: RefResolver | undefined): FlowContent[] {
  if (isHeading(block)) {
    return [{ type: 'heading', depth: headingLevel(block.type), children: inlinesToPhrasing(block.nodes, resolver) }];
  }
  switch (block.type) {
    case 'paragraph':
    case 'table-cell':
      return [{ type: 'paragraph', children: inlinesToPhrasing(block.nodes, resolver) }];
    case 'list-ordered':
    case 'list-unordered':
    case 'list-tasks':
      return [listToMdast(block, resolver)];
    case 'list-item':
    case 'table-row':
      return blocksToFlow(block.nodes, resolver);
    case 'blockquote':
      return [{ type: 'blockquote', children: blocksToFlow(block.nodes, resolver) }];
    case 'hint':
      return [{ type: 'liquidBlock', name: 'hint', attributes: { style: block.data.style }, children: blocksToFlow(block.nodes, resolver) }];
    case 'code':
      return [codeToMdast(block)];
    case 'code-line':
      return [{ type: 'code', lang: null, meta: null, value: inlineText(block.nodes) }];
    case 'table':
      return [tableToMdast(block, resolver)];
    case 'images':
      return [imagesParagraph(block.nodes, resolver)];
    case 'image':
      return [imagesParagraph([block], resolver)];
    case 'divider':
      return [{ type: 'thematicBreak' }];
    case 'html':
      return [{ type: 'html', value: block.data.html }];
    case 'footnote-definition':
      return [
        {
          type: 'footnoteDefinition',
          identifier: block.data.identifier,
          label: block.data.label ?? null,
          children: blocksToFlow(block.nodes, resolver),
        },
      ];
    default:
      return unsupportedBlock(block);
  }
}

/**
 * GitBook blocks Bindery has no markdown for (tabs, embeds, …, arriving
 * through the API): their child blocks are kept, the wrapper is dropped.
 */
function unsupportedBlock(block: never): FlowContent[] {
  const nodes = (block as { nodes?: unknown }).nodes;
  const children = Array.isArray(nodes) ? (nodes as { object?: unknown }[]).filter((node) => node.object === 'block') : [];
  return blocksToFlow(children as Block[], undefined);
}

function listToMdast(block: ListBlock, resolver: RefResolver | undefined): BlockContent {
  const items = block.nodes.map((item): ListItem => {
    const children = blocksToFlow(item.nodes, resolver);
    const checked = item.data.checked ?? (block.type === 'list-tasks' ? false : null);
    return { type: 'listItem', spread: !isTight(children), checked, children };
  });
  const start = block.type === 'list-ordered' ? (block.data.start ?? 1) : null;
  const spread = items.some((item) => item.spread);
  return { type: 'list', ordered: block.type === 'list-ordered', start, spread, children: items };
}

/** Whether an item's blocks read back identically without blank lines between them. */
function isTight(children: readonly RootContent[]): boolean {
  const [first, second, ...rest] = children;
  return rest.length === 0 && (second === undefined || (first?.type === 'paragraph' && second.type === 'list'));
}

function codeToMdast(block: CodeBlock): BlockContent {
  const { syntax, meta, title, overflow, lineNumbers } = block.data;
  const code: Code = {
    type: 'code',
    lang: syntax ?? null,
    meta: meta ?? null,
    value: block.nodes.map((line) => inlineText(line.nodes)).join('\n'),
  };
  const attributes: Record<string, string> = {
    ...(title !== undefined ? { title } : {}),
    ...(overflow !== undefined ? { overflow } : {}),
    ...(lineNumbers !== undefined ? { lineNumbers: String(lineNumbers) } : {}),
  };
  return Object.keys(attributes).length > 0 ? codeTagBlock(code, attributes) : code;
}

function tableToMdast(block: TableBlock, resolver: RefResolver | undefined): BlockContent {
  const rows = block.nodes.map(
    (row): TableRow => ({
      type: 'tableRow',
      children: row.nodes.map((cell) => ({ type: 'tableCell', children: inlinesToPhrasing(cell.nodes, resolver) })),
    }),
  );
  return { type: 'table', align: block.data.align, children: rows };
}

/** Images are written as one paragraph of space-separated markdown images. */
function imagesParagraph(images: readonly ImageBlock[], resolver: RefResolver | undefined): BlockContent {
  const children: PhrasingContent[] = [];
  images.forEach((image, index) => {
    if (index > 0) children.push({ type: 'text', value: ' ' });
    children.push(imageToMdast(image, resolver));
  });
  return { type: 'paragraph', children };
}

function imageToMdast(image: ImageBlock, resolver: RefResolver | undefined): Image {
  return {
    type: 'image',
    url: refToTarget(image.data.ref, 'image', resolver),
    alt: image.data.alt ?? '',
    title: imageCaption(image) || null,
  };
}

/** Caption fragments flattened to plain text (markdown titles cannot hold formatting). */
function imageCaption(image: ImageBlock): string {
  return image.fragments
    .filter((fragment) => fragment.fragment === 'caption')
    .flatMap((fragment) => fragment.nodes)
    .map((block) => (block.type === 'paragraph' ? inlineText(block.nodes) : ''))
    .join(' ')
    .trim();
}
