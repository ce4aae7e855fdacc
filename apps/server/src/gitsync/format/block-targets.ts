// The targets of GitBook's block tag lines in Git Sync: `{% content-ref url="…" %}`, `{% file src="…" %}` and
// `{% include "…" %}` hold repository paths relative to the page file; Bindery stores them as the ids GitBook's blocks
// carry (`/pages/<id>`, `/files/<id>`, `/reusable-content/<id>` — the last GitBook's own id form of an include), as it
// stores ordinary links, so they survive renames and fold into GitBook's blocks at the API (content/gitbook-blocks.ts).
// A path is replaced only where the export writes that very path back (byte-identical round trips); anything else
// stays as written.
import { refToTarget, targetToRef } from '../../content/content-ref.js';
import type { GitBookTargetKind } from '../../content/gitbook-blocks.js';
import { pathResolver, resolveRelative } from './read.js';
import { refTarget, relativePath, type RefPlan } from './write.js';

type TargetMap = (kind: GitBookTargetKind, target: string) => string | undefined;

const STORED_FILE = /^\/files\/([\w-]+)$/;
const STORED_INCLUDE = /^\/reusable-content\/([\w-]+)$/;

/**
 * Import: repository paths written in the page file at `from` → stored targets. `files`, `pages`, `includes`: path
 * (relative to the content root) → id.
 */
export function importTargets(from: string, files: ReadonlyMap<string, string>, pages: ReadonlyMap<string, string>, includes: ReadonlyMap<string, string>): TargetMap {
  const resolver = pathResolver(from, files, pages);
  let plan: RefPlan | undefined;
  const planOf = () => (plan ??= { pages: new Map([...pages].map(([p, id]) => [id, p])), files: new Map([...files].map(([p, id]) => [id, p])) });
  return (kind, target) => {
    if (kind === 'include') {
      const r = resolveRelative(from, target);
      const id = r && r.anchor === undefined ? includes.get(r.path) : undefined;
      return id !== undefined && relativePath(from, r!.path) === target ? `/reusable-content/${id}` : undefined;
    }
    const ref = resolver.toRef?.(target, kind === 'file' ? 'image' : 'link');
    if (!ref || ref.kind === 'url' || (kind === 'file' && ref.kind !== 'file')) return undefined;
    return refTarget(planOf(), from, ref) === target ? refToTarget(ref) : undefined;
  };
}

/** Export: stored targets → repository paths from the page file at `from` (`plan`: id → path; `includes`: id → path). */
export function exportTargets(from: string, plan: RefPlan, includes: ReadonlyMap<string, string>): TargetMap {
  return (kind, target) => {
    if (kind === 'include') {
      const id = STORED_INCLUDE.exec(target)?.[1];
      const path = id === undefined ? undefined : includes.get(id);
      return path === undefined ? undefined : relativePath(from, path);
    }
    if (kind === 'file' && !STORED_FILE.test(target)) return undefined;
    return refTarget(plan, from, targetToRef(target));
  };
}
