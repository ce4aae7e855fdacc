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
import type { Document } from './document.js';
import { parseDocument } from './from-markdown.js';
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

/** Serialises a GitBook document to normalised markdown. */
export function documentToMarkdown(doc: Document, options: ConvertOptions = {}): string {
  return serializeDocument(doc, options.resolver);
}

/** Bindery's canonical form of a markdown page: `documentToMarkdown(markdownToDocument(md))`. */
export function normalizeMarkdown(markdown: string, options: ConvertOptions = {}): string {
  return documentToMarkdown(markdownToDocument(markdown, { keys: false, ...options }), options);
}
