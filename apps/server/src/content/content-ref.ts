/**
 * Link targets: markdown URLs <-> GitBook `ContentRef`s, and classification
 * of raw targets for link extraction.
 *
 * The default codec is symmetric, so documents survive markdown round trips
 * without any context:
 *
 *   `#anchor`              <-> { kind: 'anchor', anchor }
 *   `/pages/<id>`          <-> { kind: 'page', page: id }
 *   `/pages/<id>#anchor`   <-> { kind: 'anchor', anchor, page: id }
 *   `/files/<id>`          <-> { kind: 'file', file: id }
 *   anything else          <-> { kind: 'url', url }
 *
 * Callers that know the page tree (e.g. an import that maps `../guide/setup.md`
 * to a page id) pass a `RefResolver`; whatever it returns wins, `undefined`
 * falls back to the default codec. A resolver should be an inverse pair
 * (`toTarget(toRef(t)) === t`) for round trips to hold.
 */
import type { ContentRef, ImageRef } from './document.js';

export type LinkUsage = 'link' | 'image';

export interface RefResolver {
  /** Markdown target -> ref. Return `undefined` to use the default codec. */
  toRef?(target: string, usage: LinkUsage): ContentRef | undefined;
  /** Ref -> markdown target. Return `undefined` to use the default codec. */
  toTarget?(ref: ContentRef, usage: LinkUsage): string | undefined;
}

const PAGE_TARGET = /^\/pages\/([\w-]+)(?:#(.*))?$/;
const FILE_TARGET = /^\/files\/([\w-]+)$/;

/** Converts a link target found in markdown to a content ref. */
export function targetToRef(target: string, resolver?: RefResolver): ContentRef {
  return resolver?.toRef?.(target, 'link') ?? defaultTargetToRef(target);
}

/** Converts an image source found in markdown to an image ref (url or file). */
export function targetToImageRef(target: string, resolver?: RefResolver): ImageRef {
  const ref = resolver?.toRef?.(target, 'image') ?? defaultTargetToRef(target);
  return ref.kind === 'url' || ref.kind === 'file' ? ref : { kind: 'url', url: target };
}

/** Converts a content ref back to a markdown target. */
export function refToTarget(ref: ContentRef, usage: LinkUsage = 'link', resolver?: RefResolver): string {
  return resolver?.toTarget?.(ref, usage) ?? defaultRefToTarget(ref);
}

function defaultTargetToRef(target: string): ContentRef {
  if (target.startsWith('#')) return { kind: 'anchor', anchor: target.slice(1) };
  const page = PAGE_TARGET.exec(target);
  if (page?.[1] !== undefined) {
    return page[2] === undefined ? { kind: 'page', page: page[1] } : { kind: 'anchor', anchor: page[2], page: page[1] };
  }
  const file = FILE_TARGET.exec(target);
  if (file?.[1] !== undefined) return { kind: 'file', file: file[1] };
  return { kind: 'url', url: target };
}

function defaultRefToTarget(ref: ContentRef): string {
  switch (ref.kind) {
    case 'url':
      return ref.url;
    case 'anchor':
      return ref.page === undefined ? `#${ref.anchor}` : `/pages/${ref.page}#${ref.anchor}`;
    case 'page':
      return `/pages/${ref.page}`;
    case 'file':
      return `/files/${ref.file}`;
  }
}

// ---------------------------------------------------------------------------
// Classification of raw targets (for link extraction / link checking)

export type TargetKind = 'url' | 'page' | 'file' | 'anchor';

export interface ClassifiedTarget {
  kind: TargetKind;
  /** Path part for `page`/`file` targets (no query or fragment). */
  path?: string;
  /** Fragment without `#`, when present. */
  anchor?: string;
}

const SCHEME = /^[a-z][a-z\d+.-]*:/i;
const PAGE_EXTENSION = /\.(?:md|mdx|markdown)$/i;
const HAS_EXTENSION = /\.[a-z\d]+$/i;

/**
 * Classifies a raw markdown target:
 * - `#x` -> anchor in the same page;
 * - `scheme:` or `//host` -> absolute `url` (including `mailto:`);
 * - paths to `.md` files, directories or extension-less paths -> `page`
 *   (images are always `file`);
 * - any other path -> `file`.
 */
export function classifyTarget(target: string, usage: LinkUsage = 'link'): ClassifiedTarget {
  if (target.startsWith('#')) return { kind: 'anchor', anchor: target.slice(1) };
  if (SCHEME.test(target) || target.startsWith('//')) return { kind: 'url' };
  const hashIndex = target.indexOf('#');
  const withoutFragment = hashIndex === -1 ? target : target.slice(0, hashIndex);
  const path = withoutFragment.replace(/\?.*$/, '');
  const anchor = hashIndex === -1 ? undefined : target.slice(hashIndex + 1);
  const isPage = usage === 'link' && (PAGE_EXTENSION.test(path) || path.endsWith('/') || !HAS_EXTENSION.test(path));
  return { kind: isPage ? 'page' : 'file', path, ...(anchor === undefined ? {} : { anchor }) };
}
