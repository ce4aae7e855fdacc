// Computed content (docs/openapi.md "Computed pages"): a `computed` page of a revision (`type: computed`,
// `computed: {type: 'builtin:openapi', props, dependencies: {spec: {ref: {kind: 'openapi', spec: <slug>}}}}`) stands
// for the pages generated from the organization's OpenAPI specification `<slug>`. The revision as stored (the
// "source") keeps the computed page; its `computed` revision (type `computed`, parent: the source) has, in place of
// each computed page, the pages it stands for (openapi/pages.ts: one per tag with its operations, or one per
// operation, and a models page), whose markdown is the rendered API reference (and `unevaluated` the
// `{% openapi-operation %}` blocks GitBook stores).
//
// - A space's head: `spaces.computed_revision_id` is the computed revision of `spaces.revision_id` (null: the head
//   has no computed page). engine/commit.ts `moveSpaceHead` makes it in the commit's transaction, and the space's
//   indexes (pages by id and path, links, search) describe it, so generated pages are found, linked to and searched.
// - Expansions: what one computed page becomes for one state of its spec (version and visibility) is stored once
//   (`computed_expansions`, the generated pages being ordinary content nodes), so an edit elsewhere in the space
//   reuses it: making a computed revision never renders in a request. A missing expansion (a new computed page, a
//   new version) is rendered by the durable job `openapi.expand` (within a time budget, giving the event loop
//   back between operations); until it ran, the computed page shows one page saying the reference is being
//   generated. A spec that is missing or has no version yet shows a page saying so (no rendering needed).
// - When a version lands (or the spec's visibility changes, or it is deleted), the processing job enqueues
//   `openapi.expand` for every space of the organization with computed content: each gets a new computed revision.
// - Any other revision (a change request's, an older one) read with `computed=true` gets its computed revision the
//   same way on first read: its id is derived from the source revision and the expanded tree, so it is stored
//   once however many readers race.
import { createHash } from 'node:crypto';
import { slugify, uniqueSlug } from '../content/slug.js';
import { combineHash, hashPage, isPathless, type PageData, type PageNode } from '../content/tree.js';
import type { JsonObject } from '../content/hash.js';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import { JOB_TYPES } from '../jobs/types.js';
import { enqueueJob } from '../jobs/queue.js';
import { Lru } from '../lib/lru.js';
import { generatePages, openAPISource, evaluateOpenAPIBlocksWithin, RenderBudgetError, type GeneratedPage, type ResolvedSpec } from '../openapi/pages.js';
import { computedRepo } from '../repos/computed.repo.js';
import { contentRepo } from '../repos/content.repo.js';
import { derivePage } from '../content/process.js';
import { rememberDerived } from './content-index.js';
import { openapiRepo, type SpecRow } from '../repos/openapi.repo.js';
import { revisionsRepo } from '../repos/revisions.repo.js';
import { spacesRepo, type SpaceRow } from '../repos/spaces.repo.js';
import { evaluateOpenAPIMarkdown, resolveSpecRow } from '../services/openapi-pages.js';
import { contentRow, insertRevision, moveComputedHead, nodeRow } from './commit.js';
import { locks } from '../repos/locks.js';
import { loadMarkdown, loadNode, loadNodes, loadTree, rememberMarkdown, rememberNodes, revisionContent, treeRecords, type NodeRecord, type RevisionContent, type TreeNode } from './content-store.js';

/** Bump when what an expansion holds changes (rendering, page layout): expansions are then made again. */
const EXPANSION_FORMAT = '1';


const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/** The source revision's computed revision, when it has computed pages. */
export interface ComputedRevision {
  revisionId: string;
  rootHash: string;
  filesHash: string | null;
  /** Some computed page still waits for the `openapi.expand` job. */
  pending: boolean;
}

interface Spot {
  node: NodeRecord;
  spec: SpecRow | undefined;
  key: string;
}

/** The computed pages of a loaded tree, in order. */
function computedSpots(tree: TreeNode): NodeRecord[] {
  const out: NodeRecord[] = [];
  const walk = (t: TreeNode) => {
    for (const c of t.children) {
      if (c.node.meta.type === 'computed') out.push(c.node);
      else walk(c);
    }
  };
  walk(tree);
  return out;
}

/** Whether a tree in memory has a computed page (callers that hold the whole tree say so to moveSpaceHead). */
export function treeHasComputed(tree: PageNode): boolean {
  return tree.children.some((c) => c.type === 'computed' || treeHasComputed(c));
}

async function specsOf(db: DbOrTx, orgId: string, nodes: NodeRecord[]): Promise<Map<string, SpecRow | undefined>> {
  const specs = new Map<string, SpecRow | undefined>();
  for (const n of nodes) {
    const slug = openAPISource(n.meta.computed)?.dependencies.spec.ref.spec.toLowerCase();
    if (slug !== undefined && !specs.has(slug)) specs.set(slug, await openapiRepo.findBySlug(db, orgId, slug));
  }
  return specs;
}

function spotsOf(nodes: NodeRecord[], specs: Map<string, SpecRow | undefined>): Spot[] {
  return nodes.map((node) => {
    const slug = openAPISource(node.meta.computed)?.dependencies.spec.ref.spec.toLowerCase();
    const spec = slug === undefined ? undefined : specs.get(slug);
    const key = sha(['expansion', EXPANSION_FORMAT, node.contentHash, spec?.id ?? '', spec?.last_version_id ?? '', spec?.visibility ?? ''].join('\0'));
    return { node, spec, key };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Expansions: generated pages, stored

/** Stores generated pages (content rows and nodes); returns their node hashes, in order. */
async function storePages(ctx: AppContext, db: DbOrTx, pages: PageNode[]): Promise<string[]> {
  const { hashes, nodes, contents } = treeRecords(pages);
  await contentRepo.insertContents(db, [...contents].map(([hash, page]) => contentRow(hash, page)));
  await contentRepo.insertNodes(db, nodes.map(nodeRow));
  rememberNodes(ctx, nodes);
  for (const [hash, page] of contents) rememberMarkdown(ctx, hash, page.markdown);
  return hashes;
}

/** The `computed` field of a generated page: GitBook's document source, its dependency resolved. */
function generatedSource(page: GeneratedPage, spec: SpecRow | undefined): JsonObject {
  const ref = page.computed.dependencies.spec.ref;
  const value = spec ? { object: 'openapi-spec', id: spec.id, slug: spec.slug, ...(spec.last_version_id ? { lastVersion: spec.last_version_id } : {}), visibility: spec.visibility } : null;
  return { type: page.computed.type, props: page.computed.props as JsonObject, dependencies: { spec: { ref, value } } } as JsonObject;
}

/** Generated pages as stored content: markdown rendered by `render` (the blocks kept as `unevaluated`). */
async function toStored(pages: GeneratedPage[], spec: SpecRow | undefined, render: (markdown: string) => Promise<string>): Promise<PageNode[]> {
  const out: PageNode[] = [];
  for (const p of pages) {
    const markdown = await render(p.markdown);
    out.push({
      id: p.id, title: p.title, slug: p.slug, type: 'document', markdown, computed: generatedSource(p, spec), computedSeed: p.computedSeed,
      ...(p.description ? { description: p.description } : {}), ...(markdown !== p.markdown ? { unevaluated: p.markdown } : {}),
      children: await toStored(p.children, spec, render),
    });
  }
  return out;
}

const hint = (text: string) => `{% hint style="warning" %}\n${text}\n{% endhint %}\n`;

/** A single generated page saying something about the computed page instead of the reference (not stored as an expansion when temporary). */
function noticePage(node: NodeRecord, key: string, text: string): PageNode {
  const title = node.meta.title || 'API reference';
  const source = openAPISource(node.meta.computed);
  return {
    id: 'oa' + sha(`${node.pageId}\0${key}`).slice(0, 18), title, slug: slugify(title) || 'api-reference', type: 'document', markdown: hint(text),
    computed: { type: String((node.meta.computed as JsonObject | undefined)?.type ?? 'builtin:openapi'), props: { doc: 'info', page: source?.dependencies.spec.ref.spec ?? '' }, dependencies: (node.meta.computed as JsonObject | undefined)?.dependencies ?? {} } as JsonObject,
    computedSeed: node.pageId, children: [],
  };
}

/**
 * What a computed page becomes now, without rendering: its stored expansion; a notice when its spec is missing, has
 * no version or its source is not an OpenAPI one (cheap, stored too); else undefined (the job must render it).
 */
async function cheapExpansion(ctx: AppContext, db: DbOrTx, spot: Spot): Promise<string[] | undefined> {
  const stored = await computedRepo.findExpansion(db, spot.key);
  if (stored) return (JSON.parse(stored.data) as { nodes: string[] }).nodes;
  const source = openAPISource(spot.node.meta.computed);
  if (!source) {
    const type = String((spot.node.meta.computed as JsonObject | undefined)?.type ?? 'none');
    const notice = noticePage(spot.node, spot.key, `This computed page has a source Bindery does not compute (${type}); only \`builtin:openapi\` is supported.`);
    return saveExpansion(ctx, db, spot.key, await storePages(ctx, db, [notice]));
  }
  if (!spot.spec?.last_version_id) {
    const pages = await toStored(generatePages(spot.node.pageId, source, undefined), spot.spec, async (m) => m);
    return saveExpansion(ctx, db, spot.key, await storePages(ctx, db, pages));
  }
  return undefined; // the spec has a version: the reference must be rendered (the job)
}

async function saveExpansion(ctx: AppContext, db: DbOrTx, key: string, nodes: string[]): Promise<string[]> {
  await computedRepo.insertExpansion(db, { key, data: JSON.stringify({ nodes }), created_at: ctx.clock.now().toISOString() });
  return nodes;
}

/** Renders and stores the expansion of a computed page whose spec has a version (the `openapi.expand` job). */
async function renderExpansion(ctx: AppContext, spot: Spot): Promise<void> {
  const source = openAPISource(spot.node.meta.computed)!;
  const spec: ResolvedSpec | undefined = await resolveSpecRow(ctx, ctx.db, spot.spec);
  const pages = generatePages(spot.node.pageId, source, spec);
  const deadline = performance.now() + ctx.config.openapiRenderBudgetMs;
  const lookup = { bySlug: () => spec, bySource: () => spec };
  let stored: PageNode[];
  try {
    stored = await toStored(pages, spot.spec, (markdown) => evaluateOpenAPIBlocksWithin(markdown, lookup, { deadline }));
  } catch (err) {
    if (!(err instanceof RenderBudgetError)) throw err;
    stored = [noticePage(spot.node, spot.key, `The API reference of "${source.dependencies.spec.ref.spec}" is too large to render within ${Math.round(ctx.config.openapiRenderBudgetMs / 1000)} s.`)];
  }
  // What the index derives from each page (sections, links), derived now in the content worker pool: the commit
  // that indexes the generated pages then finds it ready instead of parsing inside its transaction (during which,
  // on SQLite, every other query of the process waits).
  const derive = async (pages: PageNode[]) => {
    for (const p of pages) {
      if (p.markdown) rememberDerived(p.markdown, await derivePage(p.markdown));
      await derive(p.children);
    }
  };
  await derive(stored);
  await ctx.db.transaction().execute(async (tx) => {
    if (await computedRepo.findExpansion(tx, spot.key)) return;
    await saveExpansion(ctx, tx, spot.key, await storePages(ctx, tx, stored));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Computed revisions

/** Loads a node, its slug changed (a generated page whose slug a sibling has), and stores it. */
async function withSlug(ctx: AppContext, db: DbOrTx, hash: string, slug: string): Promise<string> {
  const node = await loadNode(ctx, db, hash);
  const markdown = (await loadMarkdown(ctx, db, [node.contentHash])).get(node.contentHash) ?? '';
  const page: PageData = { ...(node.meta as PageData), slug, markdown };
  const contentHash = hashPage(page);
  const newHash = combineHash(contentHash, node.childHashes);
  await contentRepo.insertContents(db, [contentRow(contentHash, page)]);
  await contentRepo.insertNodes(db, [nodeRow({ ...node, hash: newHash, contentHash })]);
  rememberNodes(ctx, [{ hash: newHash, pageId: node.pageId, contentHash, childHashes: node.childHashes, meta: { ...node.meta, slug } }]);
  return newHash;
}

/** The tree with each computed page replaced by its expansion (generated slugs made unique among their siblings). */
async function splice(ctx: AppContext, db: DbOrTx, tree: TreeNode, expansions: Map<string, string[]>): Promise<string> {
  const nodes: NodeRecord[] = [];
  const has = new Map<TreeNode, boolean>();
  const contains = (t: TreeNode): boolean => {
    let v = has.get(t);
    if (v === undefined) {
      v = t.children.some((c) => c.node.meta.type === 'computed' || contains(c));
      has.set(t, v);
    }
    return v;
  };
  const rebuild = async (t: TreeNode): Promise<string> => {
    if (!contains(t)) return t.node.hash;
    const taken = new Set(t.children.filter((c) => c.node.meta.type !== 'computed' && !isPathless(c.node.meta.type)).map((c) => c.node.meta.slug));
    const kids: string[] = [];
    for (const c of t.children) {
      if (c.node.meta.type !== 'computed') {
        kids.push(await rebuild(c));
        continue;
      }
      const generated = await loadNodes(ctx, db, expansions.get(c.node.pageId) ?? []);
      for (const h of expansions.get(c.node.pageId) ?? []) {
        const slug = generated.get(h)!.meta.slug;
        if (!taken.has(slug)) {
          taken.add(slug);
          kids.push(h);
        } else {
          const fresh = uniqueSlug(slug, taken);
          taken.add(fresh);
          kids.push(await withSlug(ctx, db, h, fresh));
        }
      }
    }
    const hash = combineHash(t.node.contentHash, kids);
    nodes.push({ ...t.node, hash, childHashes: kids });
    return hash;
  };
  const root = await rebuild(tree);
  await contentRepo.insertNodes(db, nodes.map(nodeRow));
  rememberNodes(ctx, nodes);
  return root;
}

/** Trees known to hold no computed page, by root hash (trees never change): reads and merges do not walk them again. */
const withoutComputed = new Lru<string, true>(20_000);

/** A computed revision's id: derived from its source and its tree, so concurrent readers make the same one. */
function computedRevisionId(sourceId: string, rootHash: string): string {
  const digest = createHash('sha256').update(`computed\0${sourceId}\0${rootHash}`).digest('base64url').replace(/[-_]/g, '');
  return `c${digest.slice(0, 19)}`;
}

/**
 * The computed revision of `source` (undefined when it has no computed page), made and stored when missing, from
 * stored expansions only. When an expansion must be rendered first, its computed page shows a temporary notice,
 * `pending` is true and an `openapi.expand` job is enqueued for the space.
 */
export async function computedRevisionOf(ctx: AppContext, tx: DbOrTx, space: Pick<SpaceRow, 'id' | 'org_id'>, source: RevisionContent): Promise<ComputedRevision | undefined> {
  if (!source.rootHash || source.revision.type === 'computed' || withoutComputed.get(source.rootHash)) return undefined;
  const tree = await loadTree(ctx, tx, source.rootHash);
  const found = computedSpots(tree);
  if (found.length === 0) {
    withoutComputed.set(source.rootHash, true);
    return undefined;
  }
  const spots = spotsOf(found, await specsOf(tx, space.org_id, found));
  const expansions = new Map<string, string[]>();
  let pending = false;
  for (const spot of spots) {
    let nodes = await cheapExpansion(ctx, tx, spot);
    if (!nodes) {
      pending = true;
      const title = spot.node.meta.title || spot.spec!.slug;
      nodes = await storePages(ctx, tx, [noticePage(spot.node, `pending\0${spot.key}`, `The API reference "${title}" is being generated from the OpenAPI specification "${spot.spec!.slug}".`)]);
    }
    expansions.set(spot.node.pageId, nodes);
  }
  const rootHash = await splice(ctx, tx, tree, expansions);
  const revisionId = computedRevisionId(source.revision.id, rootHash);
  if (!(await revisionsRepo.findById(tx, revisionId))) {
    await insertRevision(ctx, tx, {
      id: revisionId, ifAbsent: true, spaceId: space.id, parents: [source.revision.id], type: 'computed', createdBy: null,
      content: { rootHash, filesHash: source.filesHash, variables: source.variables },
    });
  }
  if (pending) await enqueueJob(ctx, tx, JOB_TYPES.expandComputedContent, { spaceId: space.id, revisionId: source.revision.id } satisfies ExpandJobPayload);
  return { revisionId, rootHash, filesHash: source.filesHash, pending };
}

export interface ExpandJobPayload {
  spaceId: string;
  /** The revision whose computed pages to render; absent: the space's head (a spec changed). */
  revisionId?: string;
}

/**
 * The `openapi.expand` job: renders the expansions the revision's computed pages miss (outside any transaction,
 * giving the event loop back between operations), then, when it is the space's head, gives the space its new
 * computed revision (engine/commit.ts moveComputedHead: the indexes follow).
 */
export async function expandComputedJob(ctx: AppContext, payload: ExpandJobPayload): Promise<void> {
  const space = await spacesRepo.findById(ctx.db, payload.spaceId);
  if (!space || space.deleted_at) return;
  const sourceId = payload.revisionId ?? space.revision_id;
  const row = await revisionsRepo.findById(ctx.db, sourceId);
  if (!row || row.space_id !== space.id) return;
  const source = await revisionContent(ctx.db, row);
  if (source.rootHash) {
    const found = computedSpots(await loadTree(ctx, ctx.db, source.rootHash));
    for (const spot of spotsOf(found, await specsOf(ctx.db, space.org_id, found))) {
      if (!(await cheapExpansion(ctx, ctx.db, spot))) await renderExpansion(ctx, spot);
    }
  }
  await ctx.db.transaction().execute(async (tx) => {
    await locks.space(ctx, tx, space.id);
    const current = await spacesRepo.findById(tx, space.id);
    if (!current || current.deleted_at || current.revision_id !== sourceId) return; // the head moved: its own commit made its computed revision
    const head = await revisionContent(tx, (await revisionsRepo.findById(tx, current.revision_id))!);
    const computed = await computedRevisionOf(ctx, tx, current, head);
    if ((computed?.revisionId ?? null) !== (current.computed_revision_id ?? null)) await moveComputedHead(ctx, tx, current.id, head, computed);
  });
}

/** Enqueues `openapi.expand` for every space of the organization whose head has computed content (a spec changed). */
export async function recomputeOrganization(ctx: AppContext, tx: DbOrTx, orgId: string): Promise<void> {
  for (const spaceId of await spacesRepo.idsWithComputedContent(tx, orgId)) {
    await enqueueJob(ctx, tx, JOB_TYPES.expandComputedContent, { spaceId } satisfies ExpandJobPayload);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Evaluation on read

/**
 * A page's markdown as a content read shows it: with `evaluated`, generated pages show their rendered reference and
 * other pages their OpenAPI blocks evaluated against the organization's specs; without it, generated pages show
 * the blocks they are made of. A page whose blocks take longer than the budget to evaluate keeps them.
 */
export async function evaluatedMarkdown(ctx: AppContext, db: DbOrTx, orgId: string, page: { meta: { unevaluated?: string }; markdown?: string }, evaluated: boolean): Promise<string | undefined> {
  if (page.markdown === undefined) return undefined;
  if (page.meta.unevaluated !== undefined) return evaluated ? page.markdown : page.meta.unevaluated;
  if (!evaluated || !page.markdown.includes('{%')) return page.markdown;
  try {
    return await evaluateOpenAPIMarkdown(ctx, db, orgId, page.markdown, performance.now() + ctx.config.openapiEvaluateBudgetMs);
  } catch (err) {
    if (err instanceof RenderBudgetError) return page.markdown;
    throw err;
  }
}
