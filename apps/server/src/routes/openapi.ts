// OpenAPI specifications and their versions: parse, call the service, present.
import { listBody } from '../db/pagination.js';
import { handlers } from '../http/operations.js';
import { presentSpec, presentSpecContent, presentSpecVersion, specLocation } from '../presenters/openapi.js';
import * as specs from '../services/openapi-specs.js';

export const openapiHandlers = handlers({
  listOpenAPISpecs: async ({ actor, params, query }, ctx) => {
    const page = await specs.listSpecs(ctx, actor, params.organizationId, query);
    return { status: 200, body: listBody(page.items.map((s) => presentSpec(ctx.config, s.spec, s.permissions)), { next: page.next, count: page.count }) };
  },

  createOpenAPISpec: async ({ actor, params, body }, ctx) => {
    const s = await specs.createSpec(ctx, actor, params.organizationId, body);
    return { status: 201, body: presentSpec(ctx.config, s.spec, s.permissions), headers: { Location: specLocation(ctx.config, s.spec.org_id, s.spec.slug) } };
  },

  getOpenAPISpecBySlug: async ({ actor, params }, ctx) => {
    const s = await specs.getSpec(ctx, actor, params.organizationId, params.specSlug);
    return { status: 200, body: presentSpec(ctx.config, s.spec, s.permissions) };
  },

  createOrUpdateOpenAPISpecBySlug: async ({ actor, params, body }, ctx) => {
    const s = await specs.putSpec(ctx, actor, params.organizationId, params.specSlug, body);
    const presented = presentSpec(ctx.config, s.spec, s.permissions);
    if (s.created) return { status: 201, body: presented, headers: { Location: specLocation(ctx.config, s.spec.org_id, s.spec.slug) } };
    return { status: 200, body: presented };
  },

  updateOpenAPISpecBySlug: async ({ actor, params, body }, ctx) => {
    const s = await specs.updateSpecVisibility(ctx, actor, params.organizationId, params.specSlug, body.visibility);
    return { status: 200, body: presentSpec(ctx.config, s.spec, s.permissions) };
  },

  deleteOpenAPISpecBySlug: async ({ actor, params }, ctx) => {
    await specs.deleteSpec(ctx, actor, params.organizationId, params.specSlug);
    return { status: 204, body: undefined };
  },

  listOpenAPISpecVersions: async ({ actor, params, query }, ctx) => {
    const page = await specs.listSpecVersions(ctx, actor, params.organizationId, params.specSlug, query);
    return { status: 200, body: listBody(page.rows.map((v) => presentSpecVersion(ctx.config, page.spec, v)), page) };
  },

  getLatestOpenAPISpecVersion: async ({ actor, params }, ctx) => {
    const r = await specs.getSpecVersion(ctx, actor, params.organizationId, params.specSlug, 'latest');
    return { status: 200, body: presentSpecVersion(ctx.config, r.spec, r.version) };
  },

  getOpenAPISpecVersionById: async ({ actor, params }, ctx) => {
    const r = await specs.getSpecVersion(ctx, actor, params.organizationId, params.specSlug, params.versionId);
    return { status: 200, body: presentSpecVersion(ctx.config, r.spec, r.version) };
  },

  getLatestOpenAPISpecVersionContent: async ({ actor, params }, ctx) => {
    const r = await specs.getSpecVersionContent(ctx, actor, params.organizationId, params.specSlug, 'latest');
    return { status: 200, body: presentSpecContent(ctx.config, r.spec, r.version, specs.versionFiles(r.version)) };
  },

  getOpenAPISpecVersionContentById: async ({ actor, params }, ctx) => {
    const r = await specs.getSpecVersionContent(ctx, actor, params.organizationId, params.specSlug, params.versionId);
    return { status: 200, body: presentSpecContent(ctx.config, r.spec, r.version, specs.versionFiles(r.version)) };
  },

  getLatestOpenAPISpecVersionContentRaw: async ({ actor, params }, ctx) => {
    const r = await specs.getSpecVersionContent(ctx, actor, params.organizationId, params.specSlug, 'latest');
    return { status: 200, body: { text: r.version.raw_text, format: r.version.format as 'json' | 'yaml' } };
  },

  getPublicOpenAPISpec: async ({ params }, ctx) => {
    const v = await specs.getPublicSpec(ctx, params.organizationId, params.specSlug);
    return {
      status: 200, body: undefined as never,
      file: { contentType: v.format === 'json' ? 'application/json; charset=utf-8' : 'application/yaml; charset=utf-8', data: Buffer.from(v.raw_text) },
      headers: { 'Access-Control-Allow-Origin': '*', 'X-Content-Type-Options': 'nosniff' },
    };
  },
});
