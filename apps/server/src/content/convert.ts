/**
 * The markdown <-> document pipeline (see markdown.ts for the public facade
 * and the normalisation rules):
 *
 *   markdown --splitFrontmatter--> body --parseMarkdown--> mdast --mdastToDocument--> Document
 *   Document --documentToMdast--> mdast --serializeMarkdown--> markdown
 */
import type { RefResolver } from './content-ref.js';
import type { Document } from './document.js';
import { documentToMdast } from './document-to-mdast.js';
import { parseMarkdown, serializeMarkdown, splitFrontmatter } from './mdast.js';
import { mdastToDocument } from './mdast-to-document.js';

export interface ConvertOptions {
  /** Maps link/image targets to content refs and back (default: see content-ref.ts). */
  resolver?: RefResolver;
}

/** Parses a markdown page (front matter is ignored) into a GitBook document with deterministic keys. */
export function markdownToDocument(markdown: string, options: ConvertOptions = {}): Document {
  return mdastToDocument(parseMarkdown(splitFrontmatter(markdown).body), options.resolver);
}

/** Serialises a GitBook document to normalised markdown. */
export function documentToMarkdown(doc: Document, options: ConvertOptions = {}): string {
  return serializeMarkdown(documentToMdast(doc, options.resolver));
}

/** Bindery's canonical form of a markdown page: `documentToMarkdown(markdownToDocument(md))`. */
export function normalizeMarkdown(markdown: string, options: ConvertOptions = {}): string {
  return documentToMarkdown(markdownToDocument(markdown, options), options);
}
