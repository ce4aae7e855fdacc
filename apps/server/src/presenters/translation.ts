// Translations to JSON.
import type { components } from '@bindery/api-types';
import type { Config } from '../config.js';
import type { GlossaryEntryRow, TranslationRow } from '../repos/translations.repo.js';

export type TranslationPermissions = { view: boolean; edit: boolean };

export function presentTranslation(config: Config, t: TranslationRow, permissions: TranslationPermissions): components['schemas']['Translation'] {
  return {
    object: 'translation',
    id: t.id,
    status: t.status as components['schemas']['Translation']['status'],
    source: { space: t.source_space_id, language: t.source_language as components['schemas']['Language'] },
    language: t.language as components['schemas']['Language'],
    instructions: JSON.parse(t.instructions) as components['schemas']['Translation']['instructions'],
    ...(t.result_space_id && t.result_revision_id ? { result: { space: t.result_space_id, revision: t.result_revision_id, language: t.language as components['schemas']['Language'] } } : {}),
    ...(t.error ? { error: { message: t.error } } : {}),
    createdAt: t.created_at,
    updatedAt: t.updated_at,
    stats: {
      runs: t.runs, totalWords: t.total_words, totalPages: t.total_pages, totalDuration: t.total_duration,
      latestRunDuration: t.latest_run_duration, latestPages: t.latest_pages, latestWords: t.latest_words,
    },
    permissions,
    urls: { location: `${config.publicUrl}/v1/orgs/${t.org_id}/translations/${t.id}` },
  } as components['schemas']['Translation'];
}

export function presentGlossaryEntry(config: Config, e: GlossaryEntryRow): components['schemas']['GlossaryEntry'] {
  return {
    object: 'glossary-entry',
    id: e.id,
    translations: JSON.parse(e.translations) as components['schemas']['GlossaryTranslations'],
    createdAt: e.created_at,
    updatedAt: e.updated_at,
    urls: { location: `${config.publicUrl}/v1/orgs/${e.org_id}/translations-glossary/${e.id}` },
  };
}
