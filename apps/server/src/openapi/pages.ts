// API reference pages: what a `builtin:openapi` computed page becomes, and what the OpenAPI blocks of a page's
// markdown (`{% openapi-operation %}`, `{% openapi-webhook %}`, `{% openapi-schemas %}`, the older `{% openapi %}`)
// evaluate to. Pure: the caller resolves specs (a slug, or a source URL, to a model of its latest version).
//
// A computed page `{type: builtin:openapi, props: {models?, downloadLink?, grouping?}, dependencies: {spec: {ref:
// {kind: openapi, spec: <slug>}}}}` becomes, in its place:
//   grouping `by-tag` (default): one page per tag (`props: {doc: operations, page: <tag>}`) holding an
//     `{% openapi-operation %}` block per operation of the tag;
//   grouping `by-operation`: one page per tag (`{doc: tag, page}`) with one child page per operation
//     (`{doc: operation, page: <path or webhook>, method}`);
//   and with `props.models`, a "Models" page (`{doc: models}`) with an `{% openapi-schemas %}` block.
// Generated pages carry `computed` (the source with those props) and `computedSeed`; their ids derive from the
// computed page's id and what they show, so they stay the same when the spec changes.
import { createHash } from 'node:crypto';
import { slugify, uniqueSlug } from '../content/slug.js';
import type { ApiModel, ApiOperation } from './model.js';
import { exampleOf, operationTitle, renderInfo, renderModels, renderOperation, schemaLines, typeLabel } from './render.js';
import { setImmediate as turn } from 'node:timers/promises';

export interface OpenAPIComputedSource {
  type: 'builtin:openapi';
  props?: { models?: boolean; downloadLink?: boolean; grouping?: 'by-tag' | 'by-operation' } & Record<string, unknown>;
  dependencies: { spec: { ref: { kind: 'openapi'; spec: string } } };
}

/** A resolved specification: its slug, latest version, model, and (when public) where to download it. */
export interface ResolvedSpec {
  slug: string;
  versionId: string;
  model: ApiModel;
  /** API URL of the spec (the link inside blocks). */
  location: string;
  /** Public download URL, when the spec is public. */
  downloadUrl?: string;
}

export interface GeneratedPage {
  id: string;
  title: string;
  slug: string;
  description?: string;
  /** The page as GitBook stores it: blocks referring to the spec. */
  markdown: string;
  computed: { type: 'builtin:openapi'; props: Record<string, unknown>; dependencies: OpenAPIComputedSource['dependencies'] };
  computedSeed: string;
  /** For by-operation pages: the operation's method (a badge in navigation). */
  operation?: { method: string; deprecated: boolean };
  children: GeneratedPage[];
}

/** Whether a page's `computed` source is an OpenAPI reference, and its spec slug. */
export function openAPISource(computed: unknown): OpenAPIComputedSource | undefined {
  if (!computed || typeof computed !== 'object') return undefined;
  const c = computed as Record<string, any>;
  if (c.type !== 'builtin:openapi') return undefined;
  const slug = c.dependencies?.spec?.ref?.spec;
  if (typeof slug !== 'string' || !slug) return undefined;
  return c as OpenAPIComputedSource;
}

const stableId = (seed: string, key: string) => 'oa' + createHash('sha256').update(`${seed}\0${key}`).digest('base64url').replace(/[-_]/g, '').slice(0, 18);

const attr = (v: string) => v.replace(/"/g, '&quot;');

export function operationBlock(spec: Pick<ResolvedSpec, 'slug' | 'location'>, op: Pick<ApiOperation, 'path' | 'method' | 'webhook'>): string {
  const tag = op.webhook ? 'openapi-webhook' : 'openapi-operation';
  const where = op.webhook ? `name="${attr(op.path)}"` : `path="${attr(op.path)}"`;
  return `{% ${tag} spec="${attr(spec.slug)}" ${where} method="${op.method}" %}\n[OpenAPI ${spec.slug}](${spec.location})\n{% end${tag} %}\n`;
}

function schemasBlock(spec: Pick<ResolvedSpec, 'slug' | 'location'>, names: string[]): string {
  return `{% openapi-schemas spec="${attr(spec.slug)}" schemas="${attr(names.join(','))}" grouped="true" %}\n[OpenAPI ${spec.slug}](${spec.location})\n{% endopenapi-schemas %}\n`;
}

/** The pages a computed page stands for; a notice page when the spec is missing or has no version yet. */
export function generatePages(pageId: string, source: OpenAPIComputedSource, spec: ResolvedSpec | undefined): GeneratedPage[] {
  const slug = source.dependencies.spec.ref.spec;
  const base = { type: 'builtin:openapi' as const, dependencies: { spec: { ref: { kind: 'openapi' as const, spec: slug } } } };
  const seed = pageId;
  if (!spec) {
    return [{
      id: stableId(seed, 'missing'), title: 'API reference', slug: 'api-reference', computedSeed: seed, children: [],
      computed: { ...base, props: { doc: 'info', page: slug } },
      markdown: `{% hint style="warning" %}\nThe OpenAPI specification "${slug}" is not available: it does not exist in this organization, or has not been processed successfully yet.\n{% endhint %}\n`,
    }];
  }
  const taken = new Set<string>();
  const slugOf = (title: string) => {
    const s = uniqueSlug(slugify(title) || 'page', taken);
    taken.add(s);
    return s;
  };
  const byOperation = source.props?.grouping === 'by-operation';
  const download = source.props?.downloadLink && spec.downloadUrl ? `\n[Download the OpenAPI specification](${spec.downloadUrl})\n` : '';
  const pages: GeneratedPage[] = spec.model.tags.map((tag, i) => {
    const intro = (tag.description ? tag.description.trim() + '\n' : '') + (i === 0 ? download : '');
    if (!byOperation) {
      return {
        id: stableId(seed, `tag:${tag.name}`), title: tag.name, slug: slugOf(tag.name), computedSeed: seed, children: [],
        computed: { ...base, props: { doc: 'operations', page: tag.name } },
        markdown: [intro, ...tag.operations.map((op) => operationBlock(spec, op))].filter(Boolean).join('\n'),
      };
    }
    const childSlugs = new Set<string>();
    return {
      id: stableId(seed, `tag:${tag.name}`), title: tag.name, slug: slugOf(tag.name), computedSeed: seed,
      computed: { ...base, props: { doc: 'tag', page: tag.name } }, markdown: intro,
      children: tag.operations.map((op) => {
        const s = uniqueSlug(slugify(operationTitle(op)) || op.method, childSlugs);
        childSlugs.add(s);
        return {
          id: stableId(seed, `op:${op.webhook ? 'hook' : op.method}:${op.path}:${tag.name}`), title: operationTitle(op), slug: s, computedSeed: seed, children: [],
          ...(op.description ? { description: op.description.split('\n')[0]!.slice(0, 500) } : {}),
          computed: { ...base, props: { doc: 'operation', page: op.path, method: op.webhook ? 'hook' : op.method, ...(op.deprecated ? { deprecated: true } : {}) } },
          operation: { method: op.method, deprecated: op.deprecated },
          markdown: operationBlock(spec, op),
        };
      }),
    };
  });
  if (source.props?.models && Object.keys(spec.model.schemas).length) {
    pages.push({
      id: stableId(seed, 'models'), title: 'Models', slug: slugOf('Models'), computedSeed: seed, children: [],
      computed: { ...base, props: { doc: 'models' } },
      markdown: schemasBlock(spec, Object.keys(spec.model.schemas)),
    });
  }
  if (pages.length === 0) {
    pages.push({
      id: stableId(seed, 'info'), title: spec.model.title, slug: slugOf(spec.model.title), computedSeed: seed, children: [],
      computed: { ...base, props: { doc: 'info', page: slug } }, markdown: renderInfo(spec.model) + download,
    });
  }
  return pages;
}

// ---------------------------------------------------------------------------------------------------------------
// Evaluating the OpenAPI blocks of a page

const OPEN = /^[ \t]*\{%\s*(openapi-operation|openapi-webhook|openapi-schemas|openapi|swagger)((?:\s+[\w-]+="[^"]*")*)\s*%\}[ \t]*$/;
const CLOSE = /^[ \t]*\{%\s*end(openapi-operation|openapi-webhook|openapi-schemas|openapi|swagger)\s*%\}[ \t]*$/;
const FENCE = /^[ \t]*(`{3,}|~{3,})/;

function attributes(s: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of s.matchAll(/([\w-]+)="([^"]*)"/g)) out[m[1]!] = m[2]!.replace(/&quot;/g, '"');
  return out;
}

/** How blocks find their spec: by slug (`spec="…"`), or by the URL of an `{% openapi src="…" %}` block. */
export interface SpecLookup {
  bySlug(slug: string): ResolvedSpec | undefined;
  bySource(src: string): ResolvedSpec | undefined;
}

const notice = (text: string) => `{% hint style="warning" %}\n${text}\n{% endhint %}\n`;

const NESTED = /^[ \t]*\{%\s*(swagger-description|swagger-parameter|swagger-response)((?:\s+[\w-]+="[^"]*")*)\s*%\}[ \t]*$/;
const NESTED_END = /^[ \t]*\{%\s*end(swagger-description|swagger-parameter|swagger-response)\s*%\}[ \t]*$/;

/**
 * GitBook's legacy API block, which carries its operation itself: `{% swagger method path baseUrl summary %}` with
 * `{% swagger-description %}`, `{% swagger-parameter in name type required %}` and `{% swagger-response status
 * description %}` inside, rendered like an operation of a spec.
 */
function renderLegacySwagger(attrs: Record<string, string>, body: string[]): string {
  const method = (attrs.method ?? 'get').toUpperCase();
  const path = attrs.path ?? '';
  const lines = [`## ${attrs.summary || `${method} ${path}`}`, '', `\`${method} ${(attrs.baseUrl ?? '') + path}\``, ''];
  const parts: { tag: string; attrs: Record<string, string>; text: string }[] = [];
  let current: { tag: string; attrs: Record<string, string>; lines: string[] } | undefined;
  for (const line of body) {
    const open = NESTED.exec(line);
    if (open && !current) {
      current = { tag: open[1]!, attrs: attributes(open[2] ?? ''), lines: [] };
      continue;
    }
    const end = NESTED_END.exec(line);
    if (end && current && end[1] === current.tag) {
      parts.push({ tag: current.tag, attrs: current.attrs, text: current.lines.join('\n').trim() });
      current = undefined;
      continue;
    }
    current?.lines.push(line);
  }
  if (current) parts.push({ tag: current.tag, attrs: current.attrs, text: current.lines.join('\n').trim() });
  const cellOf = (s: string | undefined) => (s ?? '').replace(/\r?\n+/g, ' ').replace(/\|/g, '\\|').trim();
  for (const d of parts.filter((p) => p.tag === 'swagger-description')) if (d.text) lines.push(d.text, '');
  const params = parts.filter((p) => p.tag === 'swagger-parameter');
  if (params.length) {
    lines.push('### Parameters', '', '| Name | In | Type | Required | Description |', '| --- | --- | --- | --- | --- |');
    for (const p of params) {
      lines.push(`| \`${cellOf(p.attrs.name)}\` | ${cellOf(p.attrs.in)} | ${cellOf(p.attrs.type) || 'any'} | ${p.attrs.required === 'true' ? 'yes' : 'no'} | ${cellOf(p.text)} |`);
    }
    lines.push('');
  }
  const responses = parts.filter((p) => p.tag === 'swagger-response');
  if (responses.length) {
    lines.push('### Responses', '');
    for (const r of responses) lines.push(`#### ${cellOf(r.attrs.status)}${r.attrs.description ? `: ${cellOf(r.attrs.description)}` : ''}`, '', ...(r.text ? [r.text, ''] : []));
  }
  return lines.join('\n').trimEnd() + '\n';
}

function evaluateBlock(name: string, attrs: Record<string, string>, lookup: SpecLookup, body: string[]): string | undefined {
  // `{% swagger %}`: with `src`, GitBook's intermediate form naming a spec file (like `{% openapi %}`); without, the
  // legacy block that carries its own operation.
  if (name === 'swagger' && !attrs.src) return renderLegacySwagger(attrs, body);
  const bySource = name === 'openapi' || name === 'swagger';
  const spec = bySource ? (attrs.src ? lookup.bySource(attrs.src) : undefined) : attrs.spec ? lookup.bySlug(attrs.spec) : undefined;
  const label = bySource ? `at ${attrs.src ?? '(no src)'}` : `"${attrs.spec ?? ''}"`;
  if (!spec) return notice(`The OpenAPI specification ${label} is not available.`);
  const m = spec.model;
  if (name === 'openapi-schemas') {
    const names = (attrs.schemas ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    const parts = names.map((n) => {
      if (!(n in m.schemas)) return notice(`The schema "${n}" is not in the OpenAPI specification ${label}.`);
      const ref = { $ref: m.schemaPrefix + n.replace(/~/g, '~0').replace(/\//g, '~1') };
      const example = exampleOf(m, ref);
      return [`## ${attrs.title && names.length === 1 ? attrs.title : `The ${n} object`}`, '', `Type: ${typeLabel(m, ref)}`, '', ...schemaLines(m, ref), '',
        ...(example !== null && example !== undefined ? ['```json', JSON.stringify(example, null, 2), '```', ''] : [])].join('\n');
    });
    return names.length ? parts.join('\n') : renderModels(m);
  }
  const method = (attrs.method ?? '').toLowerCase();
  const webhook = name === 'openapi-webhook';
  const target = webhook ? attrs.name : attrs.path;
  const op = m.operations.find((o) => o.webhook === webhook && o.path === target && (o.method === method || (webhook && method === 'hook')));
  if (!op) return notice(`${webhook ? 'The webhook' : 'The operation'} ${method.toUpperCase()} ${target ?? ''} is not in the OpenAPI specification ${label}.`);
  return renderOperation(m, op, 2);
}

/**
 * The markdown with every OpenAPI block replaced by what it shows (an operation with its parameters, bodies,
 * responses and examples; schemas); blocks whose spec or operation cannot be found become a warning hint.
 * Blocks inside fenced code stay as they are. Linear in the markdown.
 */
export function evaluateOpenAPIBlocks(markdown: string, lookup: SpecLookup): string {
  const steps = evaluationSteps(markdown, lookup);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Evaluation ran past its time budget. */
export class RenderBudgetError extends Error {}

/**
 * evaluateOpenAPIBlocks, giving the event loop back every `sliceMs` of rendering (so other requests run between
 * blocks) and failing with RenderBudgetError once `deadline` (a `performance.now()` time) has passed.
 */
export async function evaluateOpenAPIBlocksWithin(markdown: string, lookup: SpecLookup, budget: { deadline: number; sliceMs?: number }): Promise<string> {
  const steps = evaluationSteps(markdown, lookup);
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    const now = performance.now();
    if (now > budget.deadline) throw new RenderBudgetError('The OpenAPI reference took longer to render than its time budget');
    if (now - sliceStart > (budget.sliceMs ?? 10)) {
      await turn();
      sliceStart = performance.now();
    }
  }
}

/** The evaluation, one block at a time (it yields after each block it renders). */
function* evaluationSteps(markdown: string, lookup: SpecLookup): Generator<void, string> {
  if (!markdown.includes('{%')) return markdown;
  const lines = markdown.split('\n');
  const out: string[] = [];
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const f = FENCE.exec(line);
    if (f) {
      if (!fence) fence = f[1]![0]!.repeat(3);
      else if (line.trim().startsWith(fence)) fence = undefined;
      out.push(line);
      continue;
    }
    const open = fence ? null : OPEN.exec(line);
    if (!open) {
      out.push(line);
      continue;
    }
    const name = open[1]!;
    // The block's own content runs to its closing tag (which `{% openapi-schemas %}` and `{% openapi %}` may omit).
    // (The scan stops at the next block, so every line is scanned once: linear. A legacy swagger block is long.)
    let end = -1;
    for (let j = i + 1; j < lines.length && j <= i + (name === 'swagger' ? 10_000 : 50); j++) {
      const c = CLOSE.exec(lines[j]!);
      if (c && c[1] === name) {
        end = j;
        break;
      }
      if (OPEN.test(lines[j]!)) break;
    }
    const rendered = evaluateBlock(name, attributes(open[2] ?? ''), lookup, end >= 0 ? lines.slice(i + 1, end) : []);
    yield;
    if (rendered === undefined) {
      out.push(line);
      continue;
    }
    out.push(rendered.trimEnd());
    if (end >= 0) i = end;
  }
  return out.join('\n');
}
