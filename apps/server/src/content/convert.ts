/**
 * The markdown <-> document pipeline (see markdown.ts for the public facade
 * and the normalisation rules):
 *
 *   markdown --splitFrontmatter--> body --parseDocument (from-markdown.ts)--> Document
 *   Document --serializeDocument (to-markdown.ts)--> markdown
 *
 * Both directions are linear in their input and check the limits of
 * limits.ts as they go (ContentLimitError past one).
 */
import type { RefResolver } from './content-ref.js';
import type { Block, Document } from './document.js';
import { parseDocument, parseDocumentBlocks } from './from-markdown.js';
import { checkBytes } from './limits.js';
import { splitFrontmatter } from './frontmatter.js';
import { serializeDocument } from './to-markdown.js';

export interface ConvertOptions {
  /** Maps link/image targets to content refs and back (default: see content-ref.ts). */
  resolver?: RefResolver;
  /** Give blocks and inlines their deterministic keys (default true; normalising and indexing do without). */
  keys?: boolean;
}

/** Parses a markdown page (front matter is ignored) into a GitBook document with deterministic keys. */
export function markdownToDocument(markdown: string, options: ConvertOptions = {}): Document {
  checkBytes(markdown, 'markdownBytes', 'the markdown');
  return parseDocument(splitFrontmatter(markdown).body, options.resolver, options.keys ?? true);
}

/**
 * `markdownToDocument(markdown, { keys: false, resolver }).nodes` given to `onBlock` one top-level block at a time as
 * each is built (same blocks, same refusals): a caller that writes and indexes each block as it comes keeps only one
 * block of the document alive at a time, not the whole page (content/tasks.ts, page writes). The blocks are to be read
 * only (leaves share their `marks` arrays: from-markdown.ts parseDocumentBlocks).
 */
export function streamDocument(markdown: string, onBlock: (block: Block) => void, options: Omit<ConvertOptions, 'keys'> = {}): void {
  checkBytes(markdown, 'markdownBytes', 'the markdown');
  parseDocumentBlocks(splitFrontmatter(markdown).body, onBlock, options.resolver);
}

/** Serialises a GitBook document to normalised markdown. */
export function documentToMarkdown(doc: Document, options: ConvertOptions = {}): string {
  return serializeDocument(doc, options.resolver);
}

/** Bindery's canonical form of a markdown page: `documentToMarkdown(markdownToDocument(md))`. */
export function normalizeMarkdown(markdown: string, options: ConvertOptions = {}): string {
  return documentToMarkdown(markdownToDocument(markdown, { keys: false, ...options }), options);
}
