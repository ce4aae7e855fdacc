// Custom fonts to JSON (GitBook's CustomizationFontDefinition).
import type { components } from '@bindery/api-types';
import type { Config } from '../config.js';
import { facesOf, type CustomFontRow } from '../repos/fonts.repo.js';

export type FontPermissions = { edit: boolean };

/** The public URL of a stored file. */
export const storageFileUrl = (config: Config, key: string) => `${config.publicUrl}/v1/storage/files/${key}`;

export function presentCustomFont(config: Config, f: CustomFontRow, permissions: FontPermissions): components['schemas']['CustomFont'] {
  return {
    id: f.id,
    custom: true,
    fontFamily: f.font_family,
    fontFaces: facesOf(f).map((face) => ({
      weight: face.weight,
      sources: [{ url: storageFileUrl(config, face.key), format: face.key.endsWith('.woff2') ? 'woff2' as const : 'woff' as const }],
    })),
    permissions,
  };
}
