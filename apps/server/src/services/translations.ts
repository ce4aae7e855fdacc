// Translations: a space translated into another language. `run` enqueues a durable job that creates the result space
// on its first run and then keeps it in step with the source: it translates only the pages whose content changed
// since the run that last translated them (the page map remembers, per source page, the translated page and the
// source version it came from), keeps the page tree, slugs (so relative links keep working), code, URLs and GitBook
// blocks (src/translation/segments.ts), deletes pages removed from the source, and writes everything as one revision.
import type { RequestBody } from '@bindery/api-types';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import type { PageRequest } from '../db/pagination.js';
import { ApiError, forbidden, invalidField, notFound } from '../errors.js';
import { newId } from '../lib/ids.js';
import { enqueueJob, type JobRow } from '../jobs/queue.js';
import { JOB_TYPES } from '../jobs/types.js';
import { effectiveOrgRole } from '../policies/organization.js';
import { atLeast } from '../policies/roles.js';
import type { MemberRow } from '../repos/organizations.repo.js';
import { locks } from '../repos/locks.js';
import { spacesRepo } from '../repos/spaces.repo.js';
import { translationsRepo, type TranslationRow } from '../repos/translations.repo.js';
import { usersRepo } from '../repos/users.repo.js';
import { countWords, glossaryMatcher, protectTerms, restoreTerms, rewritePageLinks, segmentMarkdown, type GlossaryMatcher } from '../translation/segments.js';
import { glossaryFor } from './glossary.js';
import { translationProvider, type TranslationProvider } from '../translation/providers.js';
import { userAsActor, type Actor } from './auth.js';
import { commitEdits, findRevisionContent, loadMarkdown, pageTree, prepareEdits, type ContentEdit, type PageView } from '../engine/index.js';
import { locatedIn } from './content-errors.js';
import { computeSpaceAccess, loadSubject } from './content-access.js';
import { loadOrganization } from './organizations.js';
import { createSpace } from './spaces.js';

import type { TranslationPermissions } from '../presenters/translation.js';

type PageMap = Record<string, { page: string; hash: string }>;

const EMPTY_DOCUMENT = JSON.stringify({ object: 'document', data: { schemaVersion: 1 }, nodes: [] });

/** Members with a role see an organization's translations; the create role (or admin) changes and runs them. */
export function translationPermissions(actor: Actor, member: MemberRow | undefined): TranslationPermissions {
  const role = effectiveOrgRole(actor, member);
  return { view: role !== null, edit: atLeast(role, 'create') };
}

/** Who sees (members with a role) and changes (the create role) an organization's translations and glossary. */
export async function translationAccess(ctx: AppContext, db: DbOrTx, actor: Actor, orgId: string, action: 'view' | 'edit'): Promise<TranslationPermissions> {
  const { member } = await loadOrganization(ctx, actor, orgId, 'view', db);
  const perms = translationPermissions(actor, member);
  if (!perms.view) throw notFound('Organization');
  if (action === 'edit' && !perms.edit) throw forbidden('You need the create role in this organization to change its translations');
  return perms;
}

async function find(db: DbOrTx, orgId: string, id: string): Promise<TranslationRow> {
  const row = await translationsRepo.find(db, orgId, id);
  if (!row) throw notFound('Translation');
  return row;
}

export async function listTranslations(ctx: AppContext, actor: Actor, orgId: string, q: PageRequest) {
  const permissions = await translationAccess(ctx, ctx.db, actor, orgId, 'view');
  return { ...(await translationsRepo.list(ctx.db, orgId, q)), permissions };
}

export async function getTranslation(ctx: AppContext, actor: Actor, orgId: string, id: string) {
  const permissions = await translationAccess(ctx, ctx.db, actor, orgId, 'view');
  return { row: await find(ctx.db, orgId, id), permissions };
}

export async function createTranslation(ctx: AppContext, actor: Actor, orgId: string, body: RequestBody<'createTranslation'>) {
  const permissions = await translationAccess(ctx, ctx.db, actor, orgId, 'edit');
  const space = await spacesRepo.findById(ctx.db, body.source.space);
  const visible = space && space.org_id === orgId && space.deleted_at === null && (await computeSpaceAccess(ctx.db, await loadSubject(ctx.db, actor, orgId), space)).view;
  if (!visible) throw invalidField('/body/source/space', `is not a space of this organization (${body.source.space})`);
  if (body.language === body.source.language) throw invalidField('/body/language', 'must differ from the source language');
  const now = ctx.clock.now().toISOString();
  const id = newId();
  // One translation per source space and target language: a second would write a second result space of the same
  // language that no run keeps apart from the first. Checked under the organization's lock, so two concurrent
  // creations cannot both pass (409 naming the existing translation).
  await ctx.db.transaction().execute(async (tx) => {
    await locks.organizations(ctx, tx, [orgId]);
    const existing = await translationsRepo.findBySourceAndLanguage(tx, orgId, space.id, body.language);
    if (existing) {
      throw new ApiError(409, `Space ${space.id} already has a translation into "${body.language}" (${existing.id}): /body/language must differ from it`);
    }
    await translationsRepo.insert(tx, {
      id, org_id: orgId, source_space_id: space.id, source_language: body.source.language, language: body.language,
      instructions: body.instructions ? JSON.stringify(body.instructions) : EMPTY_DOCUMENT, status: 'pending', error: null,
      result_space_id: null, result_revision_id: null, page_map: '{}', runs: 0, total_words: 0, total_pages: 0, total_duration: 0,
      latest_run_duration: 0, latest_pages: 0, latest_words: 0, created_by: actor.user.id, created_at: now, updated_at: now,
    });
  });
  return { row: (await translationsRepo.findById(ctx.db, id))!, permissions };
}

export async function updateTranslation(ctx: AppContext, actor: Actor, orgId: string, id: string, body: RequestBody<'updateTranslation'>) {
  const permissions = await translationAccess(ctx, ctx.db, actor, orgId, 'edit');
  await find(ctx.db, orgId, id);
  await translationsRepo.update(ctx.db, id, { instructions: JSON.stringify(body.instructions), updated_at: ctx.clock.now().toISOString() });
  return { row: (await translationsRepo.findById(ctx.db, id))!, permissions };
}

/** Deletes the translation (its result space stays: it is a space of the organization like any other). */
export async function deleteTranslation(ctx: AppContext, actor: Actor, orgId: string, id: string): Promise<void> {
  await translationAccess(ctx, ctx.db, actor, orgId, 'edit');
  const row = await translationsRepo.find(ctx.db, orgId, id);
  if (row) await translationsRepo.delete(ctx.db, id);
}

/** Queues a run (204). Without a configured provider there is nothing to run it with: 400 saying so. */
export async function runTranslation(ctx: AppContext, actor: Actor, orgId: string, id: string): Promise<void> {
  await translationAccess(ctx, ctx.db, actor, orgId, 'edit');
  await find(ctx.db, orgId, id);
  if (!translationProvider(ctx.config)) {
    throw new ApiError(400, 'No translation provider is configured on this server: set BINDERY_TRANSLATION_PROVIDER (libretranslate or deepl) and BINDERY_TRANSLATION_URL');
  }
  await ctx.db.transaction().execute(async (tx) => {
    await translationsRepo.update(tx, id, { status: 'pending', updated_at: ctx.clock.now().toISOString() });
    await enqueueJob(ctx, tx, JOB_TYPES.runTranslation, { translationId: id }, { maxAttempts: 1 });
  });
}

/** A link page's target in the result space: a page of the source becomes its translated page; URLs stay. */
function linkHref(target: unknown, targetOf: ReadonlyMap<string, string>): string {
  const t = (target ?? {}) as { kind?: string; url?: string; page?: string };
  if (t.kind === 'page' && t.page) return `/pages/${targetOf.get(t.page) ?? t.page}`;
  return t.url ?? '';
}

// The run ---------------------------------------------------------------------------------------------------------

/** A page title or description translated with the glossary's terms kept: the source text if a term was lost. */
function plainText(text: string, matcher: GlossaryMatcher | undefined) {
  const saved: string[] = [];
  const sent = protectTerms(text, matcher, saved);
  return { sent, back: (out: string | undefined) => (out?.trim() ? restoreTerms(out.trim(), saved) ?? text : text) };
}

async function translatePage(provider: TranslationProvider, t: TranslationRow, matcher: GlossaryMatcher | undefined, title: string, description: string | undefined, markdown: string) {
  const body = segmentMarkdown(markdown, matcher);
  const [ti, de] = [plainText(title, matcher), plainText(description ?? '', matcher)];
  const texts = [ti.sent, de.sent, ...body.texts];
  const out = await provider.translate(texts.map((x) => x || ' '), t.source_language, t.language);
  return { title: ti.back(out[0]), description: description ? de.back(out[1]) : undefined, markdown: body.assemble(out.slice(2)) };
}

async function translateTitle(provider: TranslationProvider, t: TranslationRow, matcher: GlossaryMatcher | undefined, title: string) {
  const ti = plainText(title, matcher);
  return { title: ti.back((await provider.translate([ti.sent], t.source_language, t.language))[0]), description: undefined, markdown: '' };
}

/** The job: runs one translation (see the header). A failure leaves the result space as it was, status `failed`. */
export async function runTranslationJob(ctx: AppContext, payload: { translationId: string }, _job: JobRow): Promise<void> {
  const t = await translationsRepo.findById(ctx.db, payload.translationId);
  if (!t) return;
  const provider = translationProvider(ctx.config);
  const started = Date.now();
  await translationsRepo.update(ctx.db, t.id, { status: 'running', error: null, updated_at: ctx.clock.now().toISOString() });
  try {
    if (!provider) throw new Error('No translation provider is configured');
    const source = await spacesRepo.findById(ctx.db, t.source_space_id);
    if (!source || source.deleted_at !== null) throw new Error('The source space no longer exists');
    // A space transferred to another organization is theirs: neither read as the source nor written as the result.
    if (source.org_id !== t.org_id) throw new Error('The source space is no longer in this organization');
    const creator = await usersRepo.findById(ctx.db, t.created_by);
    if (!creator) throw new Error('The user who created the translation no longer exists');
    const actor = userAsActor(creator);
    const content = (await findRevisionContent(ctx.db, source.revision_id))!;
    const tree = await pageTree(ctx, ctx.db, content);
    const all: { page: PageView; parent: string | null }[] = [];
    const walk = (ps: readonly PageView[], parent: string | null) => ps.forEach((p) => { all.push({ page: p, parent }); walk(p.children, p.meta.id); });
    walk(tree, null);
    const markdown = await loadMarkdown(ctx, ctx.db, all.map((a) => a.page.contentHash));
    // The glossary's terms for this pair of languages; a page is translated again when they changed since (its
    // map entry's version is the page's content hash and the terms' fingerprint).
    const glossary = await glossaryFor(ctx.db, t.org_id, t.source_language, t.language);
    const matcher = glossaryMatcher(glossary.terms);
    const versionOf = (contentHash: string) => (glossary.fingerprint ? `${contentHash}:${glossary.fingerprint}` : contentHash);

    let resultSpaceId = t.result_space_id;
    let map: PageMap = JSON.parse(t.page_map) as PageMap;
    let existing = new Set<string>();
    const result = resultSpaceId ? await spacesRepo.findById(ctx.db, resultSpaceId) : undefined;
    if (!result || result.deleted_at !== null || result.org_id !== t.org_id) {
      const created = await createSpace(ctx, actor, t.org_id, {
        title: `${source.title} (${t.language})`.slice(0, 50), language: t.language as never, ...(source.parent_id ? { parent: source.parent_id } : {}),
      } as never);
      resultSpaceId = created.space.id;
      map = {};
      // Recorded at once: a run that fails or is interrupted after this (a worker killed) translates into this space
      // when run again, instead of creating another. The translation shows a `result` once a run completed
      // (`result_revision_id`).
      await translationsRepo.update(ctx.db, t.id, { result_space_id: resultSpaceId, result_revision_id: null, page_map: '{}', updated_at: ctx.clock.now().toISOString() });
    } else {
      const rc = (await findRevisionContent(ctx.db, result.revision_id))!;
      const ids: string[] = [];
      const collect = (ps: readonly PageView[]) => ps.forEach((p) => { ids.push(p.meta.id); collect(p.children); });
      collect(await pageTree(ctx, ctx.db, rc));
      existing = new Set(ids);
    }

    // Every source page's translated page id, decided before any text is sent, so that links between pages (and
    // link pages) point at the translated pages, also when both are new in this run.
    const targetOf = new Map<string, string>();
    for (const { page } of all) {
      const known = map[page.meta.id];
      targetOf.set(page.meta.id, known && existing.has(known.page) ? known.page : newId());
    }
    const edits: ContentEdit[] = [];
    let pages = 0;
    let words = 0;
    const next: PageMap = {};
    for (const { page, parent } of all) {
      const m = page.meta;
      const known = map[m.id];
      const present = known && existing.has(known.page);
      const targetParent = parent ? next[parent]?.page ?? null : null;
      if (present && known.hash === versionOf(page.contentHash)) {
        next[m.id] = known;
        continue;
      }
      const md = rewritePageLinks(markdown.get(page.contentHash) ?? '', (id) => targetOf.get(id));
      const tr = m.type === 'document' ? await translatePage(provider, t, matcher, m.title, m.description, md) : await translateTitle(provider, t, matcher, m.title);
      pages++;
      words += countWords(`${m.title} ${m.description ?? ''} ${m.type === 'document' ? md : ''}`);
      const fields = {
        title: tr.title, ...(m.type === 'document' ? { markdown: tr.markdown } : {}), ...(tr.description ? { description: tr.description } : {}),
        ...(m.emoji ? { emoji: m.emoji } : {}), ...(m.icon ? { icon: m.icon } : {}), ...(m.type === 'link' ? { href: linkHref(m.target, targetOf) } : {}),
        // A computed page keeps its source: the translated space shows the same API reference (engine/computed.ts).
        ...(m.type === 'computed' && m.computed ? { computed: m.computed } : {}),
      };
      if (present) {
        edits.push({ op: 'updatePage', page: known.page, ...fields } as ContentEdit);
        next[m.id] = { page: known.page, hash: versionOf(page.contentHash) };
      } else {
        const id = targetOf.get(m.id)!;
        edits.push({ op: 'createPage', id, parent: targetParent, type: m.type, slug: m.slug, ...fields } as ContentEdit);
        next[m.id] = { page: id, hash: versionOf(page.contentHash) };
      }
    }
    // Pages removed from the source leave the translation (deleting a parent takes its subpages with it).
    const keptTargets = new Set(Object.values(next).map((v) => v.page));
    for (const [sourceId, v] of Object.entries(map)) {
      if (!next[sourceId] && existing.has(v.page) && !keptTargets.has(v.page)) edits.push({ op: 'deletePage', page: v.page });
    }
    // The translated pages and the page map that names them are committed together: a run whose map was lost after
    // its pages were committed would create every new page again on the next run.
    await prepareEdits(edits);
    await ctx.db.transaction().execute(async (tx) => {
      const target = await spacesRepo.findById(tx, resultSpaceId!);
      if (!target || target.org_id !== t.org_id) throw new Error('The result space left this organization during the run');
      let revision = target.revision_id;
      if (edits.length) {
        const r = await locatedIn({ edit: (i) => `translation edit ${i}` }, () => commitEdits(ctx, tx, { kind: 'space', spaceId: resultSpaceId! }, edits, { createdBy: creator.id }));
        revision = r.revisionId;
      }
      const duration = Date.now() - started;
      await translationsRepo.update(tx, t.id, {
        status: 'completed', error: null, result_space_id: resultSpaceId, result_revision_id: revision, page_map: JSON.stringify(next),
        runs: t.runs + 1, total_words: t.total_words + words, total_pages: t.total_pages + pages, total_duration: t.total_duration + duration,
        latest_run_duration: duration, latest_pages: pages, latest_words: words, updated_at: ctx.clock.now().toISOString(),
      });
    });
  } catch (err) {
    const duration = Date.now() - started;
    await translationsRepo.update(ctx.db, t.id, {
      status: 'failed', error: (err as Error).message.slice(0, 1000), runs: t.runs + 1, total_duration: t.total_duration + duration,
      latest_run_duration: duration, latest_pages: 0, latest_words: 0, updated_at: ctx.clock.now().toISOString(),
    });
  }
}
