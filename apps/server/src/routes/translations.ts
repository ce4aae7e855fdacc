// Translations: parse, call the service, present.
import { listBody } from '../db/pagination.js';
import { handlers } from '../http/operations.js';
import { presentGlossaryEntry, presentTranslation } from '../presenters/translation.js';
import * as glossary from '../services/glossary.js';
import * as translations from '../services/translations.js';

export const translationHandlers = handlers({
  listTranslations: async ({ actor, params, query }, ctx) => {
    const r = await translations.listTranslations(ctx, actor, params.organizationId, query);
    return { status: 200, body: listBody(r.rows.map((t) => presentTranslation(ctx.config, t, r.permissions)), r) };
  },
  createTranslation: async ({ actor, params, body }, ctx) => {
    const r = await translations.createTranslation(ctx, actor, params.organizationId, body);
    const json = presentTranslation(ctx.config, r.row, r.permissions);
    return { status: 201, body: json, headers: { Location: json.urls.location } };
  },
  getTranslation: async ({ actor, params }, ctx) => {
    const r = await translations.getTranslation(ctx, actor, params.organizationId, params.translationId);
    return { status: 200, body: presentTranslation(ctx.config, r.row, r.permissions) };
  },
  updateTranslation: async ({ actor, params, body }, ctx) => {
    const r = await translations.updateTranslation(ctx, actor, params.organizationId, params.translationId, body);
    return { status: 200, body: presentTranslation(ctx.config, r.row, r.permissions) };
  },
  deleteTranslation: async ({ actor, params }, ctx) => {
    await translations.deleteTranslation(ctx, actor, params.organizationId, params.translationId);
    return { status: 204, body: undefined };
  },
  listGlossaryEntries: async ({ actor, params, query }, ctx) => {
    const page = await glossary.listGlossaryEntries(ctx, actor, params.organizationId, query);
    return { status: 200, body: listBody(page.items.map((e) => presentGlossaryEntry(ctx.config, e)), page) };
  },
  getGlossaryEntry: async ({ actor, params }, ctx) => {
    return { status: 200, body: presentGlossaryEntry(ctx.config, await glossary.getGlossaryEntry(ctx, actor, params.organizationId, params.glossaryEntryId)) };
  },
  updateGlossaryEntries: async ({ actor, params, body }, ctx) => {
    await glossary.updateGlossaryEntries(ctx, actor, params.organizationId, body);
    return { status: 204, body: undefined };
  },
  runTranslation: async ({ actor, params }, ctx) => {
    await translations.runTranslation(ctx, actor, params.organizationId, params.translationId);
    return { status: 204, body: undefined };
  },
});
