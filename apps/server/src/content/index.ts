/**
 * Bindery's content core: pure functions over documents, markdown and page
 * trees (no database, no HTTP).
 *
 * - markdown.ts  GitBook JSON documents <-> markdown, text/sections/links extraction
 * - tree.ts      content-addressed page trees, paths, diffs, fractional order keys
 * - merge.ts     three-way merges of page markdown and page trees
 * - slug.ts      GitBook-style slugs and anchors
 */
export * from './markdown.js';
export * from './tree.js';
export * from './merge.js';
export { AnchorSlugger, slugify } from './slug.js';
export { canonicalJson, type JsonObject, type JsonValue } from './hash.js';
