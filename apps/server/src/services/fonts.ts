// Custom fonts (GitBook's `/orgs/{organizationId}/fonts`) and the uploads they are made from (GitBook's
// `generateStorageUploadURL`): an upload URL whose secret is the credential, one upload of exactly the announced
// bytes (a WOFF2 or WOFF font, checked by its signature) into the blob store, then the file served publicly by its
// unguessable key (`GET /v1/storage/files/{key}`) and by the published sites that use the font (site/router.ts).
import type { QueryParams, RequestBody } from '@bindery/api-types';
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import { ApiError, conflict, forbidden, invalidField, notFound } from '../errors.js';
import { newId } from '../lib/ids.js';
import { effectiveOrgRole } from '../policies/organization.js';
import { atLeast } from '../policies/roles.js';
import { facesOf, fontsRepo, storageRepo, type CustomFontRow, type FontFace, type StorageFileRow } from '../repos/fonts.repo.js';
import type { FontPermissions } from '../presenters/font.js';
import { locks } from '../repos/locks.js';
import { sitesRepo } from '../repos/sites.repo.js';
import { blobStore } from '../storage/blobs.js';
import type { Actor } from './auth.js';
import { loadOrganization } from './organizations.js';

/** Largest font file accepted. */
export const MAX_FONT_BYTES = 5 * 1024 * 1024;
/** How long an upload URL may be used. */
const UPLOAD_TTL_MS = 60 * 60 * 1000;

export type FontFormat = 'woff2' | 'woff';

const FORMATS: Record<string, FontFormat> = { 'font/woff2': 'woff2', 'font/woff': 'woff', 'application/font-woff2': 'woff2', 'application/font-woff': 'woff' };
/** The file's format by its signature (`wOF2`, `wOFF`). */
export const fontFormatOf = (data: Buffer): FontFormat | undefined => {
  const sig = data.subarray(0, 4).toString('latin1');
  return sig === 'wOF2' ? 'woff2' : sig === 'wOFF' ? 'woff' : undefined;
};
export const formatOfType = (contentType: string): FontFormat | undefined => FORMATS[contentType.toLowerCase()];
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Members with a role see the organization's fonts; the create role (or admin) uploads, creates and changes them. */
async function fontAccess(ctx: AppContext, db: DbOrTx, actor: Actor, orgId: string, action: 'view' | 'edit'): Promise<FontPermissions> {
  const { member } = await loadOrganization(ctx, actor, orgId, 'view', db);
  const role = effectiveOrgRole(actor, member);
  if (role === null) throw notFound('Organization');
  const edit = atLeast(role, 'create');
  if (action === 'edit' && !edit) throw forbidden('You need the create role in this organization to change its fonts');
  return { edit };
}

// Uploads ---------------------------------------------------------------------------------------------------------

/** generateStorageUploadURL: an upload URL for one font file, valid for an hour. */
export async function generateStorageUploadURL(ctx: AppContext, actor: Actor, orgId: string, body: RequestBody<'generateStorageUploadURL'>) {
  await fontAccess(ctx, ctx.db, actor, orgId, 'edit');
  if (body.kind !== 'customization_font') {
    throw invalidField('/body/kind', `must be customization_font: Bindery stores uploads for custom fonts only (nothing in its API takes a ${body.kind})`);
  }
  const format = formatOfType(body.file.type);
  if (!format) throw invalidField('/body/file/type', 'must be font/woff2 or font/woff (the formats browsers load fonts in)');
  if (body.file.size > MAX_FONT_BYTES) throw invalidField('/body/file/size', `must be at most ${MAX_FONT_BYTES} bytes for a font`);
  const token = randomBytes(32).toString('base64url');
  const base = body.file.name.replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80);
  const key = `font-${newId()}${base ? `-${base}` : ''}.${format}`;
  const now = ctx.clock.now();
  await storageRepo.insert(ctx.db, {
    key, org_id: orgId, kind: body.kind, name: body.file.name, content_type: `font/${format}`, size: body.file.size,
    upload_token_hash: tokenHash(token), upload_expires_at: new Date(now.getTime() + UPLOAD_TTL_MS).toISOString(), blob_hash: null,
    created_by: actor.user.id, created_at: now.toISOString(), uploaded_at: null,
  });
  return { object: 'storage-signed-url' as const, url: `${ctx.config.publicUrl}/v1/storage/uploads/${token}`, key };
}

/** uploadStorageFile: the bytes PUT to an upload URL (see the header). */
export async function uploadStorageFile(ctx: AppContext, token: string, data: Buffer): Promise<void> {
  const hash = tokenHash(token);
  const row = await storageRepo.findByTokenHash(ctx.db, hash);
  if (!row) throw notFound('Upload URL');
  if (Date.parse(row.upload_expires_at) < ctx.clock.now().getTime()) throw new ApiError(410, 'This upload URL has expired; ask for a new one');
  if (data.length !== row.size) throw invalidField('/body', `must be the ${row.size} bytes announced for this upload (got ${data.length})`);
  const format = fontFormatOf(data);
  if (!format || `font/${format}` !== row.content_type) throw invalidField('/body', `must be a ${row.content_type} font file`);
  const blob = await blobStore(ctx).put(data);
  if (!(await storageRepo.markUploaded(ctx.db, row.key, hash, blob, ctx.clock.now().toISOString()))) throw conflict('This upload URL has already been used');
}

/** downloadStorageFile: an uploaded file's bytes and type. */
export async function downloadStorageFile(ctx: AppContext, key: string): Promise<{ row: StorageFileRow; data: Buffer }> {
  const row = await storageRepo.findByKey(ctx.db, key);
  const data = row?.blob_hash ? await blobStore(ctx).get(row.blob_hash) : undefined;
  if (!row || !data) throw notFound('File');
  return { row, data };
}

// Fonts -----------------------------------------------------------------------------------------------------------

export async function listCustomFonts(ctx: AppContext, actor: Actor, orgId: string, q: QueryParams<'listCustomFonts'>) {
  const permissions = await fontAccess(ctx, ctx.db, actor, orgId, 'view');
  return { ...(await fontsRepo.list(ctx.db, orgId, q)), permissions };
}

export async function getCustomFont(ctx: AppContext, actor: Actor, orgId: string, id: string) {
  const permissions = await fontAccess(ctx, ctx.db, actor, orgId, 'view');
  const row = await fontsRepo.find(ctx.db, orgId, id);
  if (!row) throw notFound('Font');
  return { row, permissions };
}

/** The faces' files must be uploaded fonts of the organization; `at` names the request's faces. */
async function checkFiles(db: DbOrTx, orgId: string, faces: readonly { weight: number; storageKey: string | null }[], at: string) {
  const keys = faces.flatMap((f) => (f.storageKey ? [f.storageKey] : []));
  const files = new Map((await storageRepo.findManyOfOrg(db, orgId, keys)).map((f) => [f.key, f]));
  const weights = new Set<number>();
  faces.forEach((f, i) => {
    if (weights.has(f.weight)) throw invalidField(`${at}/${i}/weight`, `is given twice (${f.weight})`);
    weights.add(f.weight);
    if (f.storageKey === null) return;
    const file = files.get(f.storageKey);
    if (!file || file.kind !== 'customization_font') throw invalidField(`${at}/${i}/storageKey`, `is not a font file of this organization (${f.storageKey})`);
    if (!file.blob_hash) throw invalidField(`${at}/${i}/storageKey`, `has not been uploaded yet (${f.storageKey})`);
  });
}

/** A font change shows on the published sites of the organization at once (their pages are cached by site version). */
async function touchSites(db: DbOrTx, orgId: string, now: string) {
  for (const site of await sitesRepo.listForOrganization(db, orgId)) await sitesRepo.touch(db, site.id, now);
}

export async function createCustomFont(ctx: AppContext, actor: Actor, orgId: string, body: RequestBody<'createCustomFont'>) {
  const permissions = await fontAccess(ctx, ctx.db, actor, orgId, 'edit');
  if (!body.fontFamily.trim()) throw invalidField('/body/fontFamily', 'must not be blank');
  if (!body.fontFaces.some((f) => f.weight === 400)) throw invalidField('/body/fontFaces', 'must have a face of weight 400 (regular)');
  await checkFiles(ctx.db, orgId, body.fontFaces, '/body/fontFaces');
  const now = ctx.clock.now().toISOString();
  const id = newId();
  const faces: FontFace[] = body.fontFaces.map((f) => ({ weight: f.weight, key: f.storageKey })).sort((a, b) => a.weight - b.weight);
  await fontsRepo.insert(ctx.db, { id, org_id: orgId, font_family: body.fontFamily.trim(), faces: JSON.stringify(faces), created_at: now, updated_at: now });
  return { row: (await fontsRepo.find(ctx.db, orgId, id))!, permissions };
}

export async function updateCustomFont(ctx: AppContext, actor: Actor, orgId: string, id: string, body: RequestBody<'updateCustomFont'>) {
  const permissions = await fontAccess(ctx, ctx.db, actor, orgId, 'edit');
  if (body.fontFamily !== undefined && !body.fontFamily.trim()) throw invalidField('/body/fontFamily', 'must not be blank');
  await checkFiles(ctx.db, orgId, body.fontFaces ?? [], '/body/fontFaces');
  const row = await ctx.db.transaction().execute(async (tx) => {
    await locks.organizations(ctx, tx, [orgId]);
    const current = await fontsRepo.find(tx, orgId, id);
    if (!current) throw notFound('Font');
    const byWeight = new Map(facesOf(current).map((f) => [f.weight, f.key]));
    for (const f of body.fontFaces ?? []) {
      if (f.storageKey === null) byWeight.delete(f.weight);
      else byWeight.set(f.weight, f.storageKey);
    }
    if (!byWeight.has(400)) throw invalidField('/body/fontFaces', 'must keep a face of weight 400 (regular)');
    const now = ctx.clock.now().toISOString();
    const faces = [...byWeight].map(([weight, key]) => ({ weight, key })).sort((a, b) => a.weight - b.weight);
    await fontsRepo.update(tx, orgId, id, { ...(body.fontFamily !== undefined ? { font_family: body.fontFamily.trim() } : {}), faces: JSON.stringify(faces), updated_at: now });
    await touchSites(tx, orgId, now);
    return (await fontsRepo.find(tx, orgId, id))!;
  });
  return { row, permissions };
}

/** deleteCustomFont: true when deleted (205), false when there was none (204). The files stay at their URLs. */
export async function deleteCustomFont(ctx: AppContext, actor: Actor, orgId: string, id: string): Promise<boolean> {
  await fontAccess(ctx, ctx.db, actor, orgId, 'edit');
  return ctx.db.transaction().execute(async (tx) => {
    const deleted = await fontsRepo.delete(tx, orgId, id);
    if (deleted) await touchSites(tx, orgId, ctx.clock.now().toISOString());
    return deleted;
  });
}

/** The fonts of an organization by id (the published site's custom fonts). */
export async function fontsById(db: DbOrTx, orgId: string, ids: readonly string[]): Promise<Map<string, CustomFontRow>> {
  return new Map((await fontsRepo.findMany(db, orgId, ids)).map((f) => [f.id, f]));
}
