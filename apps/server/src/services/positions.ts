// Where an item goes among its siblings: `position: {before?, after?}` pointing at a sibling space or collection.
// One new fractional key is computed between the neighbours; no sibling is renumbered.
import { invalidField } from '../errors.js';
import { keyBetween } from '../content/fractional-index.js';
import type { ItemKind, Sibling } from '../repos/tree.repo.js';

export type Pointer = { type: 'space'; space: string } | { type: 'collection'; collection: string };
export interface Position {
  before?: Pointer;
  after?: Pointer;
}

const refOf = (p: Pointer): { kind: ItemKind; id: string } => (p.type === 'space' ? { kind: 'space', id: p.space } : { kind: 'collection', id: p.collection });

/** The sort key for `self` among `siblings` (which may include `self`); at the end when no position is given. */
export function keyForPosition(siblings: Sibling[], self: { kind: ItemKind; id: string } | null, position: Position | undefined, field = '/body/position'): string {
  const list = self ? siblings.filter((s) => !(s.kind === self.kind && s.id === self.id)) : siblings;
  const find = (p: Pointer, name: 'before' | 'after'): number => {
    const ref = refOf(p);
    const path = `${field}/${name}/${ref.kind}`;
    if (self && ref.kind === self.kind && ref.id === self.id) throw invalidField(path, 'cannot point at the item being moved');
    const i = list.findIndex((s) => s.kind === ref.kind && s.id === ref.id);
    if (i < 0) throw invalidField(path, `is not a ${ref.kind} in the target parent`);
    return i;
  };
  const before = position?.before ? find(position.before, 'before') : undefined;
  const after = position?.after ? find(position.after, 'after') : undefined;
  if (before !== undefined && after !== undefined) {
    if (after + 1 !== before) throw invalidField(field, '`after` and `before` must be adjacent siblings, `after` first');
    return keyBetween(list[after]!.sort_key, list[before]!.sort_key);
  }
  if (after !== undefined) return keyBetween(list[after]!.sort_key, list[after + 1]?.sort_key ?? null);
  if (before !== undefined) return keyBetween(list[before - 1]?.sort_key ?? null, list[before]!.sort_key);
  return keyBetween(list[list.length - 1]?.sort_key ?? null, null);
}
