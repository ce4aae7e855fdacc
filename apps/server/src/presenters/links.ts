// Links and backlinks (engine/links.ts finds them): GitBook's ContentReferenceUsage for a link target, and
// ContentLocation for each page that uses it.
import type { components } from '@bindery/api-types';
import type { BacklinkList, LinkList, LinkTarget, SpaceContent } from '../engine/index.js';

type Usage = components['schemas']['ContentReferenceUsage'];
type Location = components['schemas']['ContentLocation'];

function location(sc: SpaceContent, pageId: string): Location {
  return { kind: 'page', organization: sc.space.org_id, space: sc.space.id, versionContext: { type: 'revision', revision: sc.content.revision.id }, page: pageId };
}

function targetReference(sc: SpaceContent, t: LinkTarget): Usage['targetReference'] {
  const where = { organization: sc.space.org_id, space: sc.space.id };
  switch (t.target_kind) {
    case 'url':
      return { kind: 'url', url: t.url ?? '' };
    case 'anchor':
      return { kind: 'anchor', ...where, page: t.target_page ?? '', anchor: t.anchor ?? '' } as Usage['targetReference'];
    case 'file':
      return {
        kind: 'file', ...where, versionContext: { type: 'revision', revision: sc.content.revision.id },
        ...(t.resolved_file ?? t.target_file ? { file: (t.resolved_file ?? t.target_file)! } : {}),
        ...(t.target_name ? { name: t.target_name } : {}),
      } as Usage['targetReference'];
    default:
      return {
        kind: 'page', ...where,
        ...(t.resolved_page ?? t.target_page ? { page: (t.resolved_page ?? t.target_page)! } : {}),
        ...(t.target_path !== null ? { path: t.target_path } : {}),
        ...(t.anchor ? { anchor: t.anchor } : {}),
      } as Usage['targetReference'];
  }
}

/** The targets of a link list as GitBook's ContentReferenceUsage: the target, its status, the pages using it. */
export const presentLinkUsages = (sc: SpaceContent, list: LinkList): Usage[] =>
  list.items.map((u) => ({ status: u.status, relation: 'reference', targetReference: targetReference(sc, u.target), locationReferences: u.pageIds.map((p) => location(sc, p)) }));

/** The pages of a backlink list as GitBook's ContentLocation. */
export const presentBacklinks = (sc: SpaceContent, list: BacklinkList): Location[] => list.pageIds.map((p) => location(sc, p));
