/**
 * The CPU-heavy content tasks, as plain functions of plain data: content/worker.ts runs them in worker threads
 * (lib/worker-pool.ts), content/process.ts runs small inputs inline. Every one is linear in its input and checks
 * the limits of limits.ts.
 */
import { documentToMarkdown, markdownToDocument, normalizeMarkdown, streamDocument } from './convert.js';
import { checkDocumentLimits, type ContentRef, type Document } from './document.js';
import type { LinkUsage, RefResolver } from './content-ref.js';
import { documentIndexer, type ExtractedLink, type Section } from './extract.js';
import { foldGitBookBlocks, mapGitBookTargets } from './gitbook-blocks.js';
import { checkBytes, withField as prefixed } from './limits.js';
import { MarkdownStream } from './to-markdown.js';
import { merge3Text, type TextMergeResult } from './merge-text.js';
import { htmlToMarkdown } from '../lib/html-to-markdown.js';
import { pathResolver, readRepository, recordingClimbs, type RepoSpace } from '../gitsync/format/read.js';
import { refTarget } from '../gitsync/format/write.js';
import { exportTargets, importTargets } from '../gitsync/format/block-targets.js';
import mammoth from 'mammoth';
import type { RenderPdfInput } from '../export/pdf.js';
import type { OgImageInput } from '../site/gitbook-images.js';

/** A comment or reply body as stored (JSON): markdown, or a GitBook document; and as shown in either format. */
export type StoredBody = { markdown: string } | { document: Document } | Record<string, never>;
export type BodyFormat = 'markdown' | 'document';
export type ShownBody = { markdown?: string; document?: Document };

/** A stored body in the format asked: markdown parsed to a document, or a document written as markdown. */
export function bodyAs(stored: string, format: BodyFormat): ShownBody {
  const body = JSON.parse(stored) as StoredBody;
  if ('markdown' in body) return format === 'markdown' ? { markdown: body.markdown } : { document: markdownToDocument(body.markdown) };
  if ('document' in body) return format === 'document' ? { document: body.document } : { markdown: documentToMarkdown(body.document) };
  return {};
}

/** A page's stored markdown (normal form) and what the indexes derive from it. */
export interface ProcessedPage {
  markdown: string;
  sections: Section[];
  links: ExtractedLink[];
}

/** Runs `fn`, prefixing limit errors with `field` when the caller names one (else the caller locates them). */
function withField<T>(field: string | undefined, fn: () => T): T {
  return field ? prefixed(field, fn) : fn();
}

/**
 * The normal form of markdown with its sections and links: `documentToMarkdown(markdownToDocument(markdown))` and
 * `documentIndex` of that document, each top-level block written and indexed as soon as it is built, so that the
 * page's document never lives whole (a 250 KB page's is ~4.8 MB: alive, it is what the young generation's
 * scavenges copied).
 */
function normalizeAndIndex(markdown: string): ProcessedPage {
  const writer = new MarkdownStream();
  const index = documentIndexer();
  streamDocument(markdown, (block) => {
    writer.add(block);
    index.add(block);
  });
  return { markdown: writer.finish(), ...index.finish() };
}

/** Sections and links of markdown, each top-level block indexed as it is built (as normalizeAndIndex). */
function indexMarkdown(markdown: string): { sections: Section[]; links: ExtractedLink[] } {
  const index = documentIndexer();
  streamDocument(markdown, (block) => index.add(block));
  return index.finish();
}

export const TASKS = {
  /** Markdown written by a client -> its normal form, sections and links. */
  normalizePage(input: { markdown: string; field?: string }): ProcessedPage {
    return withField(input.field, () => normalizeAndIndex(input.markdown));
  },

  /** A GitBook JSON document written by a client -> markdown in normal form, sections and links. */
  documentPage(input: { document: Document; field?: string }): ProcessedPage {
    return withField(input.field, () => {
      checkDocumentLimits(input.document);
      const markdown = documentToMarkdown(input.document);
      // The stored markdown is what the indexes and later reads see.
      return { markdown, ...indexMarkdown(markdown) };
    });
  },

  /** Sections and links of stored markdown (already in normal form). */
  derivePage(input: { markdown: string }): ProcessedPage {
    return { markdown: input.markdown, ...indexMarkdown(input.markdown) };
  },

  /** Sections and links of many pages' stored markdown (the index of a large commit), in order. */
  derivePages(input: { markdowns: string[] }): { sections: Section[]; links: ExtractedLink[] }[] {
    return input.markdowns.map(indexMarkdown);
  },

  /** The GitBook JSON document of stored markdown, as the API shows it (GitBook's container blocks folded). */
  pageDocument(input: { markdown: string }): Document {
    return foldGitBookBlocks(markdownToDocument(input.markdown));
  },

  /** Markdown of a GitBook JSON document (comment bodies, descriptions), checked against the limits first. */
  documentMarkdown(input: { document: Document; field?: string; limit?: 'commentBytes' }): string {
    return withField(input.field, () => {
      checkDocumentLimits(input.document);
      const markdown = documentToMarkdown(input.document);
      if (input.limit) checkBytes(markdown, input.limit, 'the markdown of the document');
      return markdown;
    });
  },

  /** Checks markdown against the limits (size, parse) without keeping anything (comment bodies). */
  checkMarkdown(input: { markdown: string; field?: string; limit?: 'commentBytes' }): true {
    withField(input.field, () => {
      if (input.limit) checkBytes(input.markdown, input.limit, 'the markdown');
      streamDocument(input.markdown, () => {});
    });
    return true;
  },

  /** An HTML page (imports) -> its title and markdown in normal form. */
  htmlPage(input: { html: string; baseUrl: string; contentId?: string }): { title: string; markdown: string } {
    checkBytes(input.html, 'htmlBytes', 'the HTML page');
    const converted = htmlToMarkdown(input.html, input.baseUrl, input.contentId);
    return { title: converted.title, markdown: normalizeMarkdown(converted.markdown) };
  },

  /** Git Sync import: the project directory (its files, path -> oid, and the text of its markdown and YAML files) read in GitBook's format. */
  gitReadRepository(input: { projectDir: string; files: [string, string][]; texts: [string, string][] }): RepoSpace {
    const texts = new Map(input.texts);
    return readRepository({ projectDir: input.projectDir, files: new Map(input.files), text: (path) => texts.get(path) });
  },

  /**
   * Git Sync import: page bodies as read from their files (`from`: the file's path) -> stored markdown, relative links
   * and images to files and pages of the repository (path -> id maps) as references; `climbs`: the targets among them
   * that climb above the content root, as written (gitsync/format/read.ts), when there are any.
   */
  gitImportBodies(input: { items: { from: string; body: string }[]; files: [string, string][]; pages: [string, string][]; includes?: [string, string][] }): { markdown: string; climbs?: Record<string, string> }[] {
    const files = new Map(input.files);
    const pages = new Map(input.pages);
    const includes = new Map(input.includes ?? []);
    return input.items.map((it) => withField(it.from, () => {
      const climbs: Record<string, string> = {};
      const doc = markdownToDocument(it.body, { resolver: recordingClimbs(it.from, pathResolver(it.from, files, pages), climbs) });
      // content-ref, file and include lines: their paths become ids too (gitsync/format/block-targets.ts).
      mapGitBookTargets(doc, importTargets(it.from, files, pages, includes), 'new');
      const markdown = documentToMarkdown(doc);
      return Object.keys(climbs).length > 0 ? { markdown, climbs } : { markdown };
    }));
  },

  /**
   * Imports, first pass: the link and image targets each markdown asks its resolver about (`[target, usage]`, each
   * pair once, in the order first asked), so the importer can resolve them on its side (its resolvers are functions
   * over its own maps) and the conversion itself can run here.
   */
  refTargets(input: { markdowns: string[] }): [string, LinkUsage][][] {
    return input.markdowns.map((markdown) => {
      const seen = new Set<string>();
      const asked: [string, LinkUsage][] = [];
      const recorder: RefResolver = {
        toRef(target, usage) {
          const key = `${usage}\n${target}`;
          if (!seen.has(key)) {
            seen.add(key);
            asked.push([target, usage]);
          }
          return undefined;
        },
      };
      streamDocument(markdown, () => {}, { resolver: recorder });
      return asked;
    });
  },

  /**
   * Imports, second pass: markdown -> stored markdown (normal form), each target answered from `refs` (`usage\ntarget`
   * -> the ref the importer's resolver gave; absent: the default codec), as `documentToMarkdown(markdownToDocument(
   * markdown, { resolver }))` with the importer's resolver.
   */
  storeWithRefs(input: { items: { markdown: string; refs: [string, ContentRef][] }[] }): string[] {
    return input.items.map((it) => {
      const refs = new Map(it.refs);
      return documentToMarkdown(markdownToDocument(it.markdown, { resolver: { toRef: (target, usage) => refs.get(`${usage}\n${target}`) } }));
    });
  },

  /** Git Sync export: stored markdown -> page bodies of the files at `from`, references as paths (id -> path maps). */
  gitExportBodies(input: { items: { from: string; markdown: string; climbs?: Record<string, string> }[]; files: [string, string][]; pages: [string, string][]; includes?: [string, string][] }): string[] {
    const plan = { pages: new Map(input.pages), files: new Map(input.files) };
    const includes = new Map(input.includes ?? []);
    return input.items.map((it) => withField(it.from, () => {
      const doc = markdownToDocument(it.markdown);
      mapGitBookTargets(doc, exportTargets(it.from, plan, includes), 'old');
      // Targets climbing above the root are written as they were read while they still resolve to the same place.
      return documentToMarkdown(doc, { resolver: { toTarget: (ref) => refTarget(plan, it.from, ref, false, it.climbs) } });
    }));
  },

  /** A Word document -> HTML (mammoth); its images in order, each `<img src="…/images/<n>">` in the HTML. */
  async docxToHtml(input: { data: Uint8Array; base: string }): Promise<{ html: string; images: { contentType: string; data: Uint8Array }[] }> {
    const images: { contentType: string; data: Uint8Array }[] = [];
    const out = await mammoth.convertToHtml({ buffer: Buffer.from(input.data.buffer, input.data.byteOffset, input.data.byteLength) }, {
      convertImage: mammoth.images.imgElement(async (image) => {
        images.push({ contentType: image.contentType, data: new Uint8Array(await image.readAsBuffer()) });
        return { src: `${input.base}images/${images.length - 1}` };
      }),
    });
    return { html: out.value, images };
  },

  /** Comment and reply bodies in the format asked (a list of comments in the other format than they were posted in). */
  bodiesAs(input: { bodies: string[]; format: BodyFormat }): ShownBody[] {
    return input.bodies.map((b) => bodyAs(b, input.format));
  },

  /** Three-way merge of page markdown. */
  mergeText(input: { base: string; ours: string; theirs: string }): TextMergeResult {
    return merge3Text(input.base, input.ours, input.theirs);
  },

  /**
   * A PDF of pages (export/pdf.ts: parsing and PDFKit layout, about a second of CPU per 250 KB of markdown), with the
   * images it may embed given by file id (other images get the placeholder).
   */
  async renderPdf(input: PdfTaskInput): Promise<Uint8Array> {
    const { renderPdf } = await import('../export/pdf.js');
    const images = new Map(input.images);
    return renderPdf({
      ...input.pdf,
      loadImage: async (ref) => {
        const bytes = ref.kind === 'file' && ref.file && !ref.space ? images.get(ref.file) : undefined;
        return bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : undefined;
      },
    });
  },

  /** A published page's social image, a 1200×630 PNG (site/og-png.ts: fontkit shaping, rasterising, deflate). */
  async ogImagePng(input: OgImageInput): Promise<Uint8Array> {
    const { ogImagePng } = await import('../site/og-png.js');
    return ogImagePng(input);
  },
};

/** What the PDF task renders: the pages and cover (no callbacks: they cannot cross to a worker), and image bytes by file id. */
export interface PdfTaskInput {
  pdf: Omit<RenderPdfInput, 'loadImage' | 'resolver' | 'resolveLink'>;
  images: [string, Uint8Array][];
}

export type Tasks = typeof TASKS;
export type TaskName = keyof Tasks;
export type TaskInput<K extends TaskName> = Parameters<Tasks[K]>[0];
export type TaskOutput<K extends TaskName> = Awaited<ReturnType<Tasks[K]>>;
