// The markdown round trip the property tests check (src/content/pipeline.test.ts, gitbook-properties.test.ts):
// parse -> serialise -> parse gives the same document (keys included) and writing it again the same markdown.
import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';
import { documentToMarkdown, markdownToDocument } from '../content/convert.js';
import type { Document } from '../content/document.js';
import { ContentLimitError } from '../content/limits.js';

/** The document without its keys (derived from content: a difference shows in the content itself, more readably). */
const withoutKeys = (doc: Document): unknown => JSON.parse(JSON.stringify(doc, (key, value: unknown) => (key === 'key' ? undefined : value)));

/**
 * Asserts that `md` round-trips: its document written and read back is the same document, and written again the same
 * markdown. Answers the document and the markdown written, or undefined for an input past a content limit (refused
 * with ContentLimitError, as it must be).
 */
export function expectRoundTrip(md: string): { doc: Document; once: string } | undefined {
  let doc: Document;
  try {
    doc = markdownToDocument(md);
  } catch (err) {
    expect(err).toBeInstanceOf(ContentLimitError);
    return undefined;
  }
  const once = documentToMarkdown(doc);
  const again = markdownToDocument(once);
  if (!isDeepStrictEqual(again, doc)) expect({ md, once, doc: withoutKeys(again) }).toEqual({ md, once, doc: withoutKeys(doc) });
  expect(documentToMarkdown(again)).toBe(once);
  return { doc, once };
}
