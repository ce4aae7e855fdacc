// The organization's translation glossary (GitBook's `/orgs/{organizationId}/translations-glossary`): entries of a
// term in several languages. Translation runs apply it (translation/segments.ts): a source-language term of the
// glossary reaches the target text as the entry's term in the target language, never through the provider.
import type { QueryParams, RequestBody } from '@bindery/api-types';
import { createHash } from 'node:crypto';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import { paginateSorted } from '../db/pagination.js';
import { invalidField, notFound } from '../errors.js';
import { newId } from '../lib/ids.js';
import { locks } from '../repos/locks.js';
import { glossaryRepo, type GlossaryEntryRow } from '../repos/translations.repo.js';
import type { Term } from '../translation/segments.js';
import type { Actor } from './auth.js';
import { translationAccess } from './translations.js';

/** Entries an organization's glossary may hold. */
export const MAX_GLOSSARY_ENTRIES = 10_000;

export const glossaryTerms = (row: GlossaryEntryRow): Record<string, string> => JSON.parse(row.translations) as Record<string, string>;

/** listGlossaryEntries: oldest first, or by the term in `orderBy` (entries without one last); members with a role. */
export async function listGlossaryEntries(ctx: AppContext, actor: Actor, orgId: string, q: QueryParams<'listGlossaryEntries'>) {
  await translationAccess(ctx, ctx.db, actor, orgId, 'view');
  const rows = await glossaryRepo.listAll(ctx.db, orgId);
  const lang = q.orderBy;
  return paginateSorted(rows, q, {
    scope: `glossary:${orgId}:${lang ?? ''}`, direction: 'asc', ordered: !lang,
    // Without a term in the language: after every term (U+FFFF sorts after any text).
    keyOf: (r) => (lang ? [(glossaryTerms(r)[lang] ?? '\uffff').toLowerCase(), r.id] : [r.created_at, r.id]),
  });
}

export async function getGlossaryEntry(ctx: AppContext, actor: Actor, orgId: string, id: string): Promise<GlossaryEntryRow> {
  await translationAccess(ctx, ctx.db, actor, orgId, 'view');
  const row = await glossaryRepo.find(ctx.db, orgId, id);
  if (!row) throw notFound('Glossary entry');
  return row;
}

/**
 * updateGlossaryEntries: the batch applied in order in one transaction holding the organization's lock; an id the
 * glossary does not have (also one deleted earlier in the batch) or a glossary over the limit is a 400 naming the
 * operation, and nothing is changed. The create role.
 */
export async function updateGlossaryEntries(ctx: AppContext, actor: Actor, orgId: string, body: RequestBody<'updateGlossaryEntries'>): Promise<void> {
  await translationAccess(ctx, ctx.db, actor, orgId, 'edit');
  await ctx.db.transaction().execute(async (tx) => {
    await locks.organizations(ctx, tx, [orgId]);
    const now = ctx.clock.now().toISOString();
    const present = new Set((await glossaryRepo.listAll(tx, orgId)).map((r) => r.id));
    const writes: (() => Promise<void>)[] = [];
    body.operations.forEach((op, i) => {
      if (op.type === 'insert') {
        const id = newId();
        present.add(id);
        const translations = JSON.stringify(op.translations);
        writes.push(() => glossaryRepo.insert(tx, { id, org_id: orgId, translations, created_at: now, updated_at: now }));
        return;
      }
      if (!present.has(op.id)) throw invalidField(`/body/operations/${i}/id`, `is not an entry of this glossary (${op.id})`);
      if (op.type === 'update') {
        const translations = JSON.stringify(op.translations);
        writes.push(() => glossaryRepo.update(tx, orgId, op.id, { translations, updated_at: now }));
      } else {
        present.delete(op.id);
        writes.push(() => glossaryRepo.delete(tx, orgId, op.id));
      }
    });
    if (present.size > MAX_GLOSSARY_ENTRIES) throw invalidField('/body/operations', `would leave ${present.size} entries in the glossary (at most ${MAX_GLOSSARY_ENTRIES})`);
    for (const w of writes) await w();
  });
}

/** The glossary for a translation from `source` to `target`: each entry with a term in both, longest terms first. */
export async function glossaryFor(db: DbOrTx, orgId: string, source: string, target: string): Promise<{ terms: Term[]; fingerprint: string }> {
  const terms: Term[] = [];
  for (const row of await glossaryRepo.listAll(db, orgId)) {
    const t = glossaryTerms(row);
    const from = t[source]?.trim();
    const to = t[target]?.trim();
    if (from && to) terms.push({ from, to });
  }
  terms.sort((a, b) => b.from.length - a.from.length || (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  const fingerprint = terms.length ? createHash('sha256').update(JSON.stringify(terms)).digest('hex').slice(0, 16) : '';
  return { terms, fingerprint };
}
