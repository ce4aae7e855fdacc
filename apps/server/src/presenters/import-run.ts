// Content import runs (content_imports rows) to GitBook's ContentImportRun.
import type { components } from '@bindery/api-types';
import type { Config } from '../config.js';
import type { ContentImportRow } from '../repos/content-imports.repo.js';

type ImportRun = components['schemas']['ContentImportRun'];

/** A URL as shown: without credentials. */
function shown(url: string): string {
  try {
    const u = new URL(url);
    if (!u.username && !u.password) return url;
    u.username = '';
    u.password = '';
    return u.href;
  } catch {
    return url;
  }
}

export function presentImportRun(config: Config, r: ContentImportRow): ImportRun {
  const urls = (JSON.parse(r.url) as string[]).map(shown);
  const formats = r.source.startsWith('file:') ? r.source.slice(5).split(',') : [r.source];
  const source: ImportRun['source'] = r.source === 'website'
    ? { type: 'website', url: urls[0]! }
    : { type: 'file', files: urls, ...(new Set(formats).size === 1 ? { format: formats[0] as 'markdown' } : {}) };
  return {
    object: 'import-run',
    id: r.id,
    status: r.status as ImportRun['status'],
    ...(r.reason && r.status !== 'completed' ? { reason: r.reason } : {}),
    source,
    target: { space: r.space_id, ...(r.change_request_id ? { changeRequest: r.change_request_id } : {}), ...(r.page_id ? { page: r.page_id } : {}) },
    createdBy: r.created_by,
    createdAt: r.created_at,
    ...(r.started_at ? { startedAt: r.started_at } : {}),
    ...(r.completed_at ? { completedAt: r.completed_at } : {}),
    updatedAt: r.updated_at,
    urls: { location: `${config.publicUrl}/v1/org/${r.org_id}/imports/${r.id}` },
    pages: JSON.parse(r.pages) as ImportRun['pages'],
    progress: JSON.parse(r.progress) as ImportRun['progress'],
    ...(r.status === 'completed' && r.revision_id ? { revision: r.revision_id, importedResources: r.imported_resources, totalResources: r.total_resources } : {}),
  };
}
