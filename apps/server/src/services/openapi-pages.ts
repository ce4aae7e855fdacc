// API reference content for the content engine (engine/computed.ts): resolving the OpenAPI specifications a
// space's computed pages and OpenAPI blocks refer to (the latest version of each, by slug or by source URL, in the
// space's organization) into models ready to render (openapi/pages.ts). Models are cached per version (a version
// never changes), so a page read after a new version lands is computed from it, and reads in between cost a lookup.
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import { Lru } from '../lib/lru.js';
import { bundle } from '../openapi/documents.js';
import { buildModel } from '../openapi/model.js';
import { evaluateOpenAPIBlocksWithin, type ResolvedSpec, type SpecLookup } from '../openapi/pages.js';
import { publishedSpecUrl, specLocation } from '../presenters/openapi.js';
import { openapiRepo, type SpecRow } from '../repos/openapi.repo.js';
import { versionFiles } from './openapi-specs.js';

/** Models of spec versions by version id, weighed by the size of their documents (64 MB of JSON in all). */
const models = new Lru<string, { model: ResolvedSpec['model']; weight: number }>(64 * 1024 * 1024, (v) => v.weight);

async function modelOf(db: DbOrTx, spec: SpecRow): Promise<ResolvedSpec['model'] | undefined> {
  if (!spec.last_version_id) return undefined;
  const cached = models.get(spec.last_version_id);
  if (cached) return cached.model;
  const version = await openapiRepo.findVersion(db, spec.id, spec.last_version_id);
  if (!version) return undefined;
  const model = buildModel(bundle(versionFiles(version)).document);
  models.set(version.id, { model, weight: version.documents.length });
  return model;
}

/** A spec row's latest version, ready to render; undefined when missing or never processed. */
export async function resolveSpecRow(ctx: AppContext, db: DbOrTx, spec: SpecRow | undefined): Promise<ResolvedSpec | undefined> {
  if (!spec) return undefined;
  const model = await modelOf(db, spec);
  if (!model) return undefined;
  return {
    slug: spec.slug, versionId: spec.last_version_id!, model, location: specLocation(ctx.config, spec.org_id, spec.slug),
    ...(spec.visibility === 'public' ? { downloadUrl: publishedSpecUrl(ctx.config, spec) } : {}),
  };
}

/** The latest version of the organization's spec `slug`, ready to render; undefined when missing or never processed. */
export async function resolveSpec(ctx: AppContext, db: DbOrTx, orgId: string, slug: string): Promise<ResolvedSpec | undefined> {
  return resolveSpecRow(ctx, db, await openapiRepo.findBySlug(db, orgId, slug.toLowerCase()));
}

const SPEC_ATTR = /\{%\s*(?:openapi[\w-]*|swagger)\s[^%]*?\b(spec|src)="([^"]*)"/g;

/**
 * The markdown with its OpenAPI blocks evaluated (the specs they name looked up in the organization first), giving
 * the event loop back between blocks; RenderBudgetError past `deadline` (a `performance.now()` time).
 */
export async function evaluateOpenAPIMarkdown(ctx: AppContext, db: DbOrTx, orgId: string, markdown: string, deadline: number): Promise<string> {
  if (!markdown.includes('{%')) return markdown;
  const bySlug = new Map<string, ResolvedSpec | undefined>();
  const bySource = new Map<string, ResolvedSpec | undefined>();
  for (const m of markdown.matchAll(SPEC_ATTR)) {
    const [, kind, value] = m as unknown as [string, 'spec' | 'src', string];
    if (kind === 'spec' && !bySlug.has(value)) bySlug.set(value, await resolveSpec(ctx, db, orgId, value));
    if (kind === 'src' && !bySource.has(value)) {
      bySource.set(value, await resolveSpecRow(ctx, db, await openapiRepo.findBySourceUrl(db, orgId, value)));
    }
  }
  if (bySlug.size === 0 && bySource.size === 0 && !/\{%\s*swagger\s/.test(markdown)) return markdown;
  const lookup: SpecLookup = { bySlug: (s) => bySlug.get(s), bySource: (s) => bySource.get(s) };
  return evaluateOpenAPIBlocksWithin(markdown, lookup, { deadline });
}
