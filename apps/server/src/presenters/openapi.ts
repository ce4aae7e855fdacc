import type { components } from '@bindery/api-types';
import type { Config } from '../config.js';
import type { OpenAPISpecPermissions } from '../policies/openapi.js';
import type { SpecRow, SpecVersionMeta } from '../repos/openapi.repo.js';
import type { SpecFile, SpecIssue } from '../openapi/documents.js';

type Schemas = components['schemas'];

export const specLocation = (config: Config, orgId: string, slug: string) => `${config.publicUrl}/v1/orgs/${orgId}/openapi/${slug}`;
export const publishedSpecUrl = (config: Config, s: SpecRow) => `${specLocation(config, s.org_id, s.slug)}/public`;

export function presentSpec(config: Config, s: SpecRow, permissions: OpenAPISpecPermissions): Schemas['OpenAPISpec'] {
  const errors = JSON.parse(s.last_errors) as SpecIssue[];
  return {
    object: 'openapi-spec',
    id: s.id,
    createdAt: s.created_at,
    updatedAt: s.updated_at,
    slug: s.slug,
    ...(s.source_url ? { sourceURL: s.source_url } : {}),
    processingState: s.processing_state as Schemas['OpenAPISpec']['processingState'],
    visibility: s.visibility as Schemas['OpenAPISpecVisibility'],
    ...(s.last_version_id ? { lastVersion: s.last_version_id } : {}),
    ...(s.last_processed_at ? { lastProcessedAt: s.last_processed_at } : {}),
    ...(s.last_error_code ? { lastProcessErrorCode: s.last_error_code as NonNullable<Schemas['OpenAPISpec']['lastProcessErrorCode']> } : {}),
    lastProcessedErrors: errors,
    lastProcessedErrorCount: s.last_error_count,
    permissions,
    urls: {
      location: specLocation(config, s.org_id, s.slug),
      app: `${config.appUrl}/o/${s.org_id}/openapi/${s.slug}`,
      ...(s.visibility === 'public' ? { published: publishedSpecUrl(config, s) } : {}),
    },
  };
}

export function presentSpecVersion(config: Config, s: SpecRow, v: SpecVersionMeta): Schemas['OpenAPISpecVersion'] {
  const location = `${specLocation(config, s.org_id, s.slug)}/versions/${v.id}`;
  return { object: 'openapi-spec-version', id: v.id, createdAt: v.created_at, url: v.source_url ?? `${location}/content`, urls: { location } };
}

export function presentSpecContent(config: Config, s: SpecRow, v: SpecVersionMeta, files: SpecFile[]): Schemas['OpenAPISpecContent'] {
  const location = `${specLocation(config, s.org_id, s.slug)}/versions/${v.id}`;
  return {
    filesystem: { entrypoint: files.find((f) => f.isEntrypoint)?.uri ?? files[0]?.uri ?? '', files },
    urls: { source: v.source_url ?? `${location}/content`, public: s.visibility === 'public' ? publishedSpecUrl(config, s) : null },
  };
}
