// `.gitbook.yaml`: where a synced space's content is in the repository (GitBook's Git Sync format).
//
//   root: ./docs/            folder of the content (default: the project directory itself)
//   structure:
//     readme: README.md      first page (default README.md), relative to root
//     summary: SUMMARY.md    table of contents (default SUMMARY.md), relative to root
//   redirects:
//     old/path: new/page.md  kept for the published site
//
// Parsing is tolerant of what real files contain: a BOM, zero-width characters around keys and values (a key
// written as U+200B + `structure` is read as `structure`), `./` and `/` prefixes, redirect targets without `.md`,
// a file that is empty or not valid YAML (defaults apply, with a warning).
import { parse } from 'yaml';

export interface GitBookConfig {
  /** Folder of the content, relative to the project directory, without leading or trailing `/` ('' = itself). */
  root: string;
  /** Path of the first page, relative to root. */
  readme: string;
  /** Path of the table of contents, relative to root. */
  summary: string;
  /** Redirects, source (no leading `/`) → target page path relative to root (with `.md`). */
  redirects: Record<string, string>;
  /** Problems found while reading the file (nothing is fatal). */
  warnings: string[];
}

const INVISIBLE = /[\u200b-\u200f\u2060\ufeff]/g;

/** `path` without zero-width characters (U+200B-U+200F, U+2060, U+FEFF). */
export const withoutInvisible = (path: string): string => path.replace(INVISIBLE, '');

/**
 * Strips `./` and leading `/`; collapses `//` and removes `..` segments that climb out. White space and zero-width
 * characters are kept: a file name may end in a space (`.gitbook/assets/diagram `, uploaded so to GitBook) or in
 * U+200C (`guide\u200c.md`, a page GitBook synced since 2018); the `.gitbook.yaml` values
 * that carry stray ones are cleaned when the file is read, and a link or SUMMARY.md entry that names no file is looked
 * up again without them (`withoutInvisible`).
 */
export function cleanPath(raw: string): string {
  const parts: string[] = [];
  for (const part of raw.replace(/\\/g, '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      parts.pop();
      continue;
    }
    parts.push(part);
  }
  return parts.join('/');
}

function cleanKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cleanKeys);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k.replace(INVISIBLE, '').trim()] = cleanKeys(v);
    return out;
  }
  return typeof value === 'string' ? value.replace(INVISIBLE, '') : value;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

export function parseGitBookConfig(text: string | undefined): GitBookConfig {
  const config: GitBookConfig = { root: '', readme: 'README.md', summary: 'SUMMARY.md', redirects: {}, warnings: [] };
  if (text === undefined) return config;
  let doc: unknown;
  try {
    doc = parse(text.replace(/^\ufeff/, ''), { uniqueKeys: false, maxAliasCount: 100 });
  } catch (err) {
    config.warnings.push(`.gitbook.yaml is not valid YAML (${(err as Error).message.split('\n')[0]}); the defaults apply`);
    return config;
  }
  if (doc === null || doc === undefined) return config;
  if (typeof doc !== 'object' || Array.isArray(doc)) {
    config.warnings.push('.gitbook.yaml is not a map of settings; the defaults apply');
    return config;
  }
  const c = cleanKeys(doc) as Record<string, unknown>;
  const root = str(c.root);
  if (root !== undefined) config.root = cleanPath(root);
  const structure = c.structure && typeof c.structure === 'object' ? (c.structure as Record<string, unknown>) : {};
  const readme = str(structure.readme);
  if (readme && cleanPath(readme)) config.readme = cleanPath(readme);
  const summary = str(structure.summary);
  if (summary && cleanPath(summary)) config.summary = cleanPath(summary);
  if (c.redirects && typeof c.redirects === 'object' && !Array.isArray(c.redirects)) {
    for (const [from, to] of Object.entries(c.redirects as Record<string, unknown>)) {
      const target = str(to);
      const source = cleanPath(from);
      if (!target || !source) continue;
      let path = cleanPath(target.replace(/#.*$/, ''));
      if (!/\.md$/i.test(path)) path = path ? `${path}.md` : 'README.md';
      config.redirects[source] = path;
    }
  }
  return config;
}

/** Joins paths relative to a folder ('' = the folder itself). */
export function joinPath(...parts: string[]): string {
  return cleanPath(parts.filter(Boolean).join('/'));
}

/**
 * The content root of a project directory: `root` inside it, or — when that names no folder of it but is the
 * project directory itself written from the repository root (`root: ./tools/docs` in `tools/docs/.gitbook.yaml`, which
 * GitBook syncs as the folder's own files) — the project directory itself.
 */
export function contentRoot(root: string, projectDir: string, hasFilesUnder: (dir: string) => boolean): string {
  if (!root || !projectDir || hasFilesUnder(root)) return root;
  return root === projectDir || projectDir.endsWith(`/${root}`) ? '' : root;
}
