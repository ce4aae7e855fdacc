/**
 * mdast (flow content) -> GitBook document blocks.
 *
 * Inline content is delegated to inline.ts; GitBook block tags arrive here as
 * `liquidBlock` nodes (gitbook-syntax.ts). Link reference definitions are
 * resolved at their use sites and produce no block.
 */
import type { Code, Definition, List, Paragraph, Root, RootContent, Table } from 'mdast';
import type { RefResolver } from './content-ref.js';
import { targetToImageRef } from './content-ref.js';
import {
  assignKeys,
  createDocument,
  leaf,
  text,
  type Block,
  type CodeBlock,
  type CodeData,
  type Document,
  type HeadingType,
  type HintStyle,
  type ImageBlock,
  type ImagesBlock,
  type ListBlock,
  type ListItemBlock,
  type TableBlock,
} from './document.js';
import { parseFigure, type LiquidBlock } from './gitbook-syntax.js';
import { phrasingToInlines, resolveTarget, type InlineContext } from './inline.js';

/** Converts a parsed markdown tree into a keyed GitBook document. */
export function mdastToDocument(root: Root, resolver?: RefResolver): Document {
  const ctx: InlineContext = { definitions: collectDefinitions(root), ...(resolver ? { resolver } : {}) };
  return assignKeys(createDocument(flowToBlocks(root.children, ctx)));
}

function collectDefinitions(root: Root): Map<string, Definition> {
  const definitions = new Map<string, Definition>();
  const visit = (node: Root | RootContent): void => {
    // CommonMark: the first definition of a label wins.
    if (node.type === 'definition' && !definitions.has(node.identifier)) definitions.set(node.identifier, node);
    if ('children' in node) node.children.forEach(visit);
  };
  visit(root);
  return definitions;
}

function flowToBlocks(nodes: readonly RootContent[], ctx: InlineContext): Block[] {
  return nodes.flatMap((node) => flowToBlock(node, ctx));
}

function flowToBlock(node: RootContent, ctx: InlineContext): Block[] {
  switch (node.type) {
    case 'paragraph':
      return [
        imagesFromParagraph(node, ctx) ?? {
          object: 'block',
          type: 'paragraph',
          data: {},
          nodes: phrasingToInlines(node.children, ctx),
        },
      ];
    case 'heading':
      return [
        {
          object: 'block',
          type: `heading-${node.depth}` as HeadingType,
          data: {},
          nodes: phrasingToInlines(node.children, ctx),
        },
      ];
    case 'thematicBreak':
      return [{ object: 'block', type: 'divider', data: {}, isVoid: true, nodes: [] }];
    case 'blockquote':
      return [{ object: 'block', type: 'blockquote', data: {}, nodes: flowToBlocks(node.children, ctx) }];
    case 'list':
      return [listBlock(node, ctx)];
    case 'code':
      return [codeBlock(node, {})];
    case 'html': {
      const figure = parseFigure(node.value);
      return [
        figure
          ? imagesBlock([imageBlock(figure.src, figure.alt, figure.caption ?? '', ctx)])
          : { object: 'block', type: 'html', data: { html: node.value }, isVoid: true, nodes: [] },
      ];
    }
    case 'table':
      return [tableBlock(node, ctx)];
    case 'liquidBlock':
      return [liquidBlockToBlock(node, ctx)];
    case 'footnoteDefinition':
      return [
        {
          object: 'block',
          type: 'footnote-definition',
          data: { identifier: node.identifier, ...(node.label ? { label: node.label } : {}) },
          nodes: flowToBlocks(node.children, ctx),
        },
      ];
    case 'definition':
      return [];
    default:
      throw new Error(`Unexpected markdown node at block level: ${node.type}`);
  }
}

function listBlock(node: List, ctx: InlineContext): ListBlock {
  const isTasks = !node.ordered && node.children.length > 0 && node.children.every((item) => typeof item.checked === 'boolean');
  const items = node.children.map(
    (item): ListItemBlock => ({
      object: 'block',
      type: 'list-item',
      data: typeof item.checked === 'boolean' ? { checked: item.checked } : {},
      nodes: flowToBlocks(item.children, ctx),
    }),
  );
  if (node.ordered) {
    const start = node.start ?? 1;
    return { object: 'block', type: 'list-ordered', data: start === 1 ? {} : { start }, nodes: items };
  }
  return { object: 'block', type: isTasks ? 'list-tasks' : 'list-unordered', data: {}, nodes: items };
}

function codeBlock(node: Code, extra: CodeData): CodeBlock {
  const data: CodeData = {
    ...(node.lang ? { syntax: node.lang } : {}),
    ...extra,
    ...(node.meta ? { meta: node.meta } : {}),
  };
  return {
    object: 'block',
    type: 'code',
    data,
    nodes: node.value.split('\n').map((line) => ({
      object: 'block',
      type: 'code-line',
      data: {},
      nodes: [text([leaf(line)])],
    })),
  };
}

function liquidBlockToBlock(node: LiquidBlock, ctx: InlineContext): Block {
  if (node.name === 'hint') {
    const style = node.attributes.style as HintStyle;
    return { object: 'block', type: 'hint', data: { style }, nodes: flowToBlocks(node.children, ctx) };
  }
  // `{% code %}` wraps exactly one code node (validated when grouping).
  const { title, overflow, lineNumbers } = node.attributes;
  return codeBlock(node.children[0] as Code, {
    ...(title !== undefined ? { title } : {}),
    ...(overflow !== undefined ? { overflow: overflow as 'wrap' | 'scroll' } : {}),
    ...(lineNumbers !== undefined ? { lineNumbers: lineNumbers === 'true' } : {}),
  });
}

function tableBlock(node: Table, ctx: InlineContext): TableBlock {
  const align = (node.align ?? []).map((a) => a ?? null);
  const width = align.length;
  return {
    object: 'block',
    type: 'table',
    data: { align },
    nodes: node.children.map((row) => ({
      object: 'block',
      type: 'table-row',
      data: {},
      // GFM: missing cells are empty, excess cells are ignored.
      nodes: Array.from({ length: width }, (_unused, index) => ({
        object: 'block',
        type: 'table-cell',
        data: {},
        nodes: phrasingToInlines(row.children[index]?.children ?? [], ctx),
      })),
    })),
  };
}

/** A paragraph holding only images (and whitespace) is GitBook's `images` block. */
function imagesFromParagraph(node: Paragraph, ctx: InlineContext): ImagesBlock | undefined {
  const content = node.children.filter((child) => !(child.type === 'text' && child.value.trim() === ''));
  if (content.length === 0 || !content.every((child) => child.type === 'image' || child.type === 'imageReference')) {
    return undefined;
  }
  const images: ImageBlock[] = [];
  for (const image of content) {
    const target = resolveTarget(image, ctx);
    if (target === undefined) return undefined;
    images.push(imageBlock(target.url, image.alt ?? '', target.title ?? '', ctx));
  }
  return imagesBlock(images);
}

function imagesBlock(images: ImageBlock[]): ImagesBlock {
  return { object: 'block', type: 'images', data: {}, nodes: images };
}

function imageBlock(url: string, alt: string, caption: string, ctx: InlineContext): ImageBlock {
  return {
    object: 'block',
    type: 'image',
    data: { ref: targetToImageRef(url, ctx.resolver), ...(alt ? { alt } : {}) },
    isVoid: true,
    nodes: [],
    fragments: caption
      ? [
          {
            object: 'fragment',
            fragment: 'caption',
            type: 'caption',
            nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: [text([leaf(caption)])] }],
          },
        ]
      : [],
  };
}
