// GitBook's `…/content/computed/revision` and `…/content/computed/document` (getComputedRevision,
// getComputedDocument): what a computed content source stands for, computed now and stored nowhere. Bindery computes
// `builtin:openapi` (docs/openapi.md "Computed pages"): the pages generated from the latest version of one of the
// organization's OpenAPI specifications (openapi/pages.ts, as a computed page of a revision becomes), and the
// document of one of them rendered as readers see it.
import type { AppContext } from '../context.js';
import type { JsonObject } from '../content/hash.js';
import { ApiError, invalidField } from '../errors.js';
import { evaluateOpenAPIBlocksWithin, generatePages, openAPISource, RenderBudgetError, type GeneratedPage, type OpenAPIComputedSource, type ResolvedSpec } from '../openapi/pages.js';
import { renderInfo } from '../openapi/render.js';
import { openapiRepo, type SpecRow } from '../repos/openapi.repo.js';
import { resolveSpecRow } from './openapi-pages.js';

/** A generated page as the content readers present pages (PageView's shape: meta, path, children). */
export interface ComputedPageView {
  meta: { id: string; title: string; slug: string; type: 'document'; description?: string; computed: JsonObject; computedSeed: string };
  contentHash: string;
  path: string;
  children: ComputedPageView[];
}

const SOURCE = '/body/source';

/** The source as an OpenAPI one and its specification, resolved in the organization (400/404 naming the field). */
async function resolveSource(ctx: AppContext, orgId: string, raw: Record<string, unknown>): Promise<{ source: OpenAPIComputedSource; row: SpecRow; spec: ResolvedSpec }> {
  if (raw.type !== 'builtin:openapi') {
    throw invalidField(`${SOURCE}/type`, `must be "builtin:openapi", the computed content Bindery generates (not ${JSON.stringify(raw.type)})`);
  }
  const source = openAPISource(raw);
  const ref = (raw.dependencies as { spec?: { ref?: { kind?: unknown } } } | undefined)?.spec?.ref;
  if (!source || ref?.kind !== 'openapi') throw invalidField(`${SOURCE}/dependencies/spec/ref`, 'must be {"kind": "openapi", "spec": "<slug of an OpenAPI specification of the organization>"}');
  const slug = source.dependencies.spec.ref.spec;
  const row = await openapiRepo.findBySlug(ctx.db, orgId, slug.toLowerCase());
  const spec = await resolveSpecRow(ctx, ctx.db, row);
  if (!row || !spec) throw new ApiError(404, `OpenAPI specification not found, or without a processed version, in this organization (${SOURCE}/dependencies/spec/ref/spec: ${slug})`);
  return { source, row, spec };
}

/** Renders a generated page's blocks within the render budget (422 past it). */
async function render(ctx: AppContext, spec: ResolvedSpec, markdown: string): Promise<string> {
  const deadline = performance.now() + ctx.config.openapiRenderBudgetMs;
  try {
    return await evaluateOpenAPIBlocksWithin(markdown, { bySlug: () => spec, bySource: () => spec }, { deadline });
  } catch (err) {
    if (err instanceof RenderBudgetError) {
      throw new ApiError(422, `The API reference of "${spec.slug}" is too large to render within ${Math.round(ctx.config.openapiRenderBudgetMs / 1000)} s`);
    }
    throw err;
  }
}

/** getComputedRevision: the pages the revision source stands for, their ids derived from `seed`. */
export async function computeRevision(ctx: AppContext, orgId: string, raw: Record<string, unknown>, seed: string): Promise<ComputedPageView[]> {
  const { source, row, spec } = await resolveSource(ctx, orgId, raw);
  const props = (raw.props ?? {}) as Record<string, unknown>;
  if (props.grouping !== undefined && props.grouping !== 'by-tag' && props.grouping !== 'by-operation') {
    throw invalidField(`${SOURCE}/props/grouping`, 'must be "by-tag" or "by-operation"');
  }
  const value = { object: 'openapi-spec', id: row.id, slug: row.slug, ...(row.last_version_id ? { lastVersion: row.last_version_id } : {}), visibility: row.visibility };
  const view = (p: GeneratedPage, parent: string): ComputedPageView => {
    const path = parent ? `${parent}/${p.slug}` : p.slug;
    return {
      meta: {
        id: p.id, title: p.title, slug: p.slug, type: 'document', ...(p.description ? { description: p.description } : {}),
        computed: { type: p.computed.type, props: p.computed.props as JsonObject, dependencies: { spec: { ref: p.computed.dependencies.spec.ref, value } } } as JsonObject,
        computedSeed: p.computedSeed,
      },
      contentHash: '', path, children: p.children.map((c) => view(c, path)),
    };
  };
  return generatePages(seed, source, spec).map((p) => view(p, ''));
}

/** getComputedDocument: the markdown of the page a document source names, rendered. */
export async function computeDocument(ctx: AppContext, orgId: string, raw: Record<string, unknown>, seed: string): Promise<string> {
  const { source, spec } = await resolveSource(ctx, orgId, raw);
  const props = (raw.props ?? {}) as Record<string, unknown>;
  const doc = props.doc;
  const field = (name: string) => `${SOURCE}/props/${name}`;
  if (doc === 'info') return renderInfo(spec.model);
  const grouping = doc === 'operations' ? 'by-tag' : 'by-operation';
  const pages = generatePages(seed, { ...source, props: { models: true, grouping } }, spec);
  const all: GeneratedPage[] = [];
  const walk = (ps: GeneratedPage[]) => ps.forEach((p) => { all.push(p); walk(p.children); });
  walk(pages);
  let page: GeneratedPage | undefined;
  switch (doc) {
    case 'models':
      page = all.find((p) => p.computed.props.doc === 'models');
      if (!page) throw invalidField(field('doc'), `names the models of "${spec.slug}", which has no named schemas`);
      break;
    case 'operations':
    case 'tag':
      if (typeof props.page !== 'string' || !props.page) throw invalidField(field('page'), 'is required: the name of a tag of the specification');
      page = all.find((p) => p.computed.props.doc === doc && p.computed.props.page === props.page);
      if (!page) throw invalidField(field('page'), `is not a tag of "${spec.slug}" (${props.page})`);
      break;
    case 'operation': {
      if (typeof props.page !== 'string' || !props.page) throw invalidField(field('page'), 'is required: the path of an operation of the specification');
      if (typeof props.method !== 'string') throw invalidField(field('method'), 'is required: the method of the operation (or "hook" for a webhook)');
      page = all.find((p) => p.computed.props.doc === 'operation' && p.computed.props.page === props.page && p.computed.props.method === props.method);
      if (!page) throw invalidField(field('page'), `is not an operation of "${spec.slug}" with the method ${props.method} (${props.page})`);
      break;
    }
    default:
      throw invalidField(field('doc'), 'must be "operations", "tag", "operation", "models" or "info"');
  }
  return render(ctx, spec, page.markdown);
}
