// Custom fonts and the uploads they are made from: parse, call the service, present.
import { listBody } from '../db/pagination.js';
import { invalidField } from '../errors.js';
import { handlers } from '../http/operations.js';
import { presentCustomFont } from '../presenters/font.js';
import * as fonts from '../services/fonts.js';

export const fontHandlers = handlers({
  generateStorageUploadURL: async ({ actor, params, body }, ctx) => {
    return { status: 201, body: await fonts.generateStorageUploadURL(ctx, actor, params.organizationId, body) };
  },
  uploadStorageFile: async ({ params, body }, ctx) => {
    const data = body as unknown;
    if (!Buffer.isBuffer(data)) throw invalidField('/body', 'must be the bytes of the file');
    await fonts.uploadStorageFile(ctx, params.uploadToken, data);
    return { status: 204, body: undefined };
  },
  downloadStorageFile: async ({ params }, ctx) => {
    const { row, data } = await fonts.downloadStorageFile(ctx, params.storageKey);
    return {
      status: 200, body: undefined as never, file: { contentType: row.content_type, data },
      headers: {
        // The key names these bytes for ever; fonts are loaded cross-origin by browsers only with CORS.
        'Cache-Control': 'public, max-age=31536000, immutable', 'Access-Control-Allow-Origin': '*', 'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
      },
    };
  },
  listCustomFonts: async ({ actor, params, query }, ctx) => {
    const r = await fonts.listCustomFonts(ctx, actor, params.organizationId, query);
    return { status: 200, body: listBody(r.rows.map((f) => presentCustomFont(ctx.config, f, r.permissions)), r) };
  },
  createCustomFont: async ({ actor, params, body }, ctx) => {
    const r = await fonts.createCustomFont(ctx, actor, params.organizationId, body);
    return { status: 201, body: presentCustomFont(ctx.config, r.row, r.permissions), headers: { Location: `${ctx.config.publicUrl}/v1/orgs/${params.organizationId}/fonts/${r.row.id}` } };
  },
  getCustomFont: async ({ actor, params }, ctx) => {
    const r = await fonts.getCustomFont(ctx, actor, params.organizationId, params.fontId);
    return { status: 200, body: presentCustomFont(ctx.config, r.row, r.permissions) };
  },
  updateCustomFont: async ({ actor, params, body }, ctx) => {
    const r = await fonts.updateCustomFont(ctx, actor, params.organizationId, params.fontId, body);
    return { status: 201, body: presentCustomFont(ctx.config, r.row, r.permissions) };
  },
  deleteCustomFont: async ({ actor, params }, ctx) => {
    return { status: (await fonts.deleteCustomFont(ctx, actor, params.organizationId, params.fontId)) ? 205 : 204, body: undefined };
  },
});
