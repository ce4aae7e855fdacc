// Integrations (Part 2, "Integrations"; docs/integrations.md): publish, read, list, unpublish, development mode,
// installations on organizations, spaces and sites, their tokens, events with traces, and the two ways a request
// reaches a script synchronously - the installation's public endpoint (`fetch` events) and block renders
// (`ui_render` events).
import type { components } from '@bindery/api-types';
import type { AppContext } from '../context.js';
import { listBody } from '../db/pagination.js';
import { ApiError, invalidField } from '../errors.js';
import { handlers } from '../http/operations.js';
import { presentInstallation, presentIntegrationEvent, presentSiteInstallation, presentSpaceInstallation } from '../presenters/integration.js';
import type { SiteInstallationRow, SpaceInstallationRow } from '../repos/integrations.repo.js';
import type { Actor } from '../services/auth.js';
import * as installations from '../services/installations.js';
import * as integrations from '../services/integrations.js';
import * as lists from '../services/integration-lists.js';
import { cspHeader, runNow, type DispatchResult } from '../services/integration-runtime.js';
import { decodeRenderRequest, installationExists, loadPublicEndpointTarget, queueTask, renderBlock } from '../services/integration-calls.js';

type SpaceBindingJson = components['schemas']['IntegrationSpaceInstallation'];
type SiteBindingJson = components['schemas']['IntegrationSiteInstallation'];

async function installationJson(ctx: AppContext, name: string, row: Parameters<typeof presentInstallation>[2]) {
  const counts = await installations.spaceCounts(ctx, [row]);
  return presentInstallation(ctx.config, name, row, counts.get(row.id) ?? 0);
}

async function spaceBindingJson(ctx: AppContext, actor: Actor, name: string, row: SpaceInstallationRow, extended?: boolean): Promise<SpaceBindingJson> {
  return presentSpaceInstallation(ctx.config, name, row, await installations.expandTarget(ctx, actor, 'space', row.space_id, extended));
}

async function siteBindingJson(ctx: AppContext, actor: Actor, name: string, row: SiteInstallationRow, extended?: boolean): Promise<SiteBindingJson> {
  return presentSiteInstallation(ctx.config, name, row, await installations.expandTarget(ctx, actor, 'site', row.site_id, extended));
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade', 'proxy-connection', 'te', 'trailer', 'content-security-policy']);

/** Header names (RFC 9110 tokens) and values (no control characters but tab, nothing past U+00FF) Node can send. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
/** Most headers, and header bytes, of a script's answer (a client refuses more than 16 KB of headers). */
const MAX_SCRIPT_HEADERS = 100;
const MAX_SCRIPT_HEADER_BYTES = 16 * 1024;

/**
 * What every script answer is sandboxed with: the document gets an opaque origin (no `allow-same-origin`), so a page an
 * integration serves from Bindery's own origin can neither read Bindery's answers nor send its cookies with them
 * (published sites' visitor tokens and share keys, other integrations' cookies) — as GitBook serves integrations on a
 * domain of their own. Scripts, forms, pop-ups and downloads work as they do there.
 */
export const SCRIPT_SANDBOX = 'sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals allow-downloads';

/**
 * A cookie an integration sets, kept to its own endpoint: its `Path` becomes the installation's public path and a
 * `Domain` is dropped, so it can never replace or shadow a cookie of Bindery or of another installation.
 */
export function scopedCookie(value: string, path: string): string {
  const [pair = '', ...attributes] = value.split(';');
  const kept = attributes.map((a) => a.trim()).filter((a) => a && !/^(?:path|domain)\s*(?:=|$)/i.test(a));
  return [pair.trim(), ...kept, `Path=${path}`].join('; ');
}

/** A script's answer to a public-endpoint request, as the HTTP response (sandboxed, with the integration's CSP). */
function scriptAnswer(result: DispatchResult & { eventId: string }, csp: string | undefined, cookiePath: string) {
  const failed = (why: string) => new ApiError(502, `The integration failed to answer (event ${result.eventId}): ${why}`);
  if (!result.response) throw failed(result.error ?? 'no response');
  // The script's Response object is its own: whatever it set is checked here, before Node would throw on it.
  const status: unknown = result.response.status;
  if (!Number.isInteger(status) || (status as number) < 200 || (status as number) > 599) throw failed(`it answered an invalid status ${JSON.stringify(status)} (200 to 599)`);
  if (result.response.headers.length > MAX_SCRIPT_HEADERS) throw failed(`it answered more than ${MAX_SCRIPT_HEADERS} headers`);
  let headerBytes = 0;
  for (const [k, v] of result.response.headers) {
    if (typeof k !== 'string' || !HEADER_NAME.test(k)) throw failed(`it answered an invalid header name ${JSON.stringify(String(k)).slice(0, 100)}`);
    if (typeof v !== 'string' || !HEADER_VALUE.test(v)) throw failed(`it answered an invalid value for the header "${k}"`);
    if ((headerBytes += k.length + v.length + 4) > MAX_SCRIPT_HEADER_BYTES) throw failed(`its headers are larger than ${MAX_SCRIPT_HEADER_BYTES} bytes`);
  }
  const headers: Record<string, string | string[]> = {};
  const cookies: string[] = [];
  let contentType = 'application/octet-stream';
  for (const [k, v] of result.response.headers) {
    const key = k.toLowerCase();
    if (key === 'content-type') contentType = v;
    else if (key === 'set-cookie') cookies.push(scopedCookie(v, cookiePath));
    else if (!HOP_BY_HOP.has(key)) headers[key] = v;
  }
  if (cookies.length) headers['set-cookie'] = cookies;
  // Both policies apply (a browser enforces each): the integration's own, and the sandbox.
  headers['content-security-policy'] = csp ? [csp, SCRIPT_SANDBOX] : SCRIPT_SANDBOX;
  headers['x-bindery-integration-event'] = result.eventId;
  return { status: result.response.status as 200, body: undefined as never, headers, file: { contentType, data: result.response.body } };
}

async function callPublicEndpoint(
  ctx: AppContext, req: { params: { integrationName: string; installationId: string; requestPath?: string }; query: unknown; headers: Record<string, unknown>; body: unknown },
  method: 'GET' | 'POST',
) {
  const { integration, installation } = await loadPublicEndpointTarget(ctx, req.params.integrationName, req.params.installationId);
  const search = new URLSearchParams(Object.entries((req.query ?? {}) as Record<string, string | string[]>).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x): [string, string] => [k, x]) : [[k, String(v)] as [string, string]]))).toString();
  const base = `${ctx.config.publicUrl}/v1/integrations/${integration.name}/installations/${installation.id}/public`;
  const url = `${base}${req.params.requestPath ? `/${req.params.requestPath}` : ''}${search ? `?${search}` : ''}`;
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (typeof v === 'string' && k !== 'authorization' && k !== 'cookie' && !HOP_BY_HOP.has(k)) headers[k] = v;
  }
  const body = method === 'POST' && Buffer.isBuffer(req.body) ? req.body : undefined;
  let eventId: string | undefined;
  try {
    const result = await runNow(ctx, integration, { installation }, {
      type: 'fetch', installationId: installation.id, request: { method: method.toLowerCase(), url, headers },
    }, body);
    eventId = result.eventId;
    return scriptAnswer(result, cspHeader(integration), new URL(base).pathname);
  } catch (err) {
    // Uninstalled while the script (or tunnel) was answering: its tokens were revoked under it, and whatever it
    // failed with says less than the fact that there is no installation any more (an answer it completed is served).
    if (!(await installationExists(ctx, integration.id, installation.id))) {
      throw new ApiError(404, `Installation not found: ${installation.id} was uninstalled while the request was being answered${eventId ? ` (event ${eventId})` : ''}`);
    }
    throw err;
  }
}

export const integrationHandlers = handlers({
  listOrganizationIntegrations: async ({ actor, params, query }, ctx) => {
    const page = await lists.listOrganizationIntegrations(ctx, actor, params.organizationId, query);
    return { status: 200, body: listBody(page.items, page) };
  },
  listOrganizationInstallations: async ({ actor, params, query }, ctx) => {
    const page = await lists.listOrganizationInstallations(ctx, actor, params.organizationId, query);
    const items = page.items.map((i) => ({ installation: presentInstallation(ctx.config, i.integration.name, i.installation, i.spaces), integration: i.integration }));
    return { status: 200, body: listBody(items, page) };
  },
  getOrganizationIntegrationStatus: async ({ actor, params }, ctx) => {
    return { status: 200, body: await lists.getOrganizationIntegrationStatus(ctx, actor, params.organizationId, params.integrationName) };
  },
  listOrganizationIntegrationsStatus: async ({ actor, params, query }, ctx) => {
    const page = await lists.listOrganizationIntegrationsStatus(ctx, actor, params.organizationId, query);
    return { status: 200, body: listBody(page.items, page) };
  },
  listSpaceIntegrationsBlocks: async ({ actor, params }, ctx) => {
    return { status: 200, body: await lists.listSpaceIntegrationsBlocks(ctx, actor, params.spaceId) };
  },
  listSpaceIntegrations: async ({ actor, params, query }, ctx) => {
    const page = await lists.listSpaceIntegrations(ctx, actor, params.spaceId, query);
    return { status: 200, body: listBody(page.items, page) };
  },
  listSiteIntegrations: async ({ actor, params, query }, ctx) => {
    const page = await lists.listSiteIntegrations(ctx, actor, params.organizationId, params.siteId, query);
    return { status: 200, body: listBody(page.items, page) };
  },

  listIntegrations: async ({ actor, query }, ctx) => {
    const { items, page } = await integrations.listIntegrations(ctx, actor, query);
    return { status: 200, body: listBody(items, page) };
  },
  getIntegrationByName: async ({ actor, params }, ctx) => {
    const view = await integrations.getIntegration(ctx, actor, params.integrationName);
    return { status: 200, body: await integrations.integrationJson(ctx, actor, view) };
  },
  publishIntegration: async ({ actor, params, body }, ctx) => {
    const view = await integrations.publishIntegration(ctx, actor, params.integrationName, body);
    return { status: 200, body: await integrations.integrationJson(ctx, actor, view) };
  },
  unpublishIntegration: async ({ actor, params }, ctx) => {
    await integrations.unpublishIntegration(ctx, actor, params.integrationName);
    return { status: 204, body: undefined };
  },
  setIntegrationDevelopmentMode: async ({ actor, params, body }, ctx) => {
    await integrations.setDevelopmentMode(ctx, actor, params.integrationName, body);
    return { status: 204, body: undefined };
  },
  disableIntegrationDevelopmentMode: async ({ actor, params }, ctx) => {
    await integrations.disableDevelopmentMode(ctx, actor, params.integrationName);
    return { status: 205, body: undefined };
  },

  listIntegrationEvents: async ({ actor, params, query }, ctx) => {
    const page = await integrations.listEvents(ctx, actor, params.integrationName, query);
    return { status: 200, body: listBody(page.rows.map(presentIntegrationEvent), page) };
  },
  getIntegrationEvent: async ({ actor, params }, ctx) => {
    const event = await integrations.getEvent(ctx, actor, params.integrationName, params.eventId);
    return { status: 200, body: { event: presentIntegrationEvent(event), trace: { logs: JSON.parse(event.logs) } } };
  },

  listIntegrationInstallations: async ({ actor, params, query }, ctx) => {
    const { integration, page, counts } = await installations.listInstallations(ctx, actor, params.integrationName, query);
    return { status: 200, body: listBody(page.rows.map((r) => presentInstallation(ctx.config, integration.name, r, counts.get(r.id) ?? 0)), page) };
  },
  installIntegration: async ({ actor, params, body }, ctx) => {
    const { integration, installation } = await installations.installIntegration(ctx, actor, params.integrationName, body);
    const json = await installationJson(ctx, integration.name, installation);
    return { status: 201, body: json, headers: { Location: json.urls.location } };
  },
  getIntegrationInstallationById: async ({ actor, params }, ctx) => {
    const { integration, installation } = await installations.loadInstallation(ctx, actor, params.integrationName, params.installationId);
    return { status: 200, body: await installationJson(ctx, integration.name, installation) };
  },
  updateIntegrationInstallation: async ({ actor, params, body }, ctx) => {
    const { integration, installation } = await installations.updateInstallation(ctx, actor, params.integrationName, params.installationId, body);
    return { status: 200, body: await installationJson(ctx, integration.name, installation) };
  },
  uninstallIntegration: async ({ actor, params }, ctx) => {
    await installations.uninstallIntegration(ctx, actor, params.integrationName, params.installationId);
    return { status: 204, body: undefined };
  },
  createIntegrationInstallationToken: async ({ actor, params }, ctx) => {
    const token = await installations.createInstallationToken(ctx, actor, params.integrationName, params.installationId);
    return { status: 200, body: token, headers: { 'Cache-Control': 'no-store' } };
  },

  listIntegrationSpaceInstallations: async ({ actor, params, query }, ctx) => {
    const { integration, page } = await installations.listBindings(ctx, actor, 'space', params.integrationName, { externalId: query.externalId }, query);
    const items = [];
    for (const row of page.rows) items.push(await spaceBindingJson(ctx, actor, integration.name, row, query.extended));
    return { status: 200, body: listBody(items, page) };
  },
  listIntegrationSiteInstallations: async ({ actor, params, query }, ctx) => {
    const { integration, page } = await installations.listBindings(ctx, actor, 'site', params.integrationName, { externalId: query.externalId }, query);
    const items = [];
    for (const row of page.rows) items.push(await siteBindingJson(ctx, actor, integration.name, row, query.extended));
    return { status: 200, body: listBody(items, page) };
  },
  listIntegrationInstallationSpaces: async ({ actor, params, query }, ctx) => {
    const { integration, page } = await installations.listBindings(ctx, actor, 'space', params.integrationName, { installationId: params.installationId }, query);
    const items = [];
    for (const row of page.rows) items.push(await spaceBindingJson(ctx, actor, integration.name, row, query.extended));
    return { status: 200, body: listBody(items, page) };
  },
  listIntegrationInstallationSites: async ({ actor, params, query }, ctx) => {
    const { integration, page } = await installations.listBindings(ctx, actor, 'site', params.integrationName, { installationId: params.installationId }, query);
    const items = [];
    for (const row of page.rows) items.push(await siteBindingJson(ctx, actor, integration.name, row, query.extended));
    return { status: 200, body: listBody(items, page) };
  },
  installIntegrationOnSpace: async ({ actor, params, query, body }, ctx) => {
    const { integration, binding } = await installations.installOnTarget(ctx, actor, 'space', params.integrationName, params.installationId, body.space, '/body/space');
    const json = await spaceBindingJson(ctx, actor, integration.name, binding as SpaceInstallationRow, query.extended);
    return { status: 201, body: json, headers: { Location: json.urls.location } };
  },
  installIntegrationOnSite: async ({ actor, params, query, body }, ctx) => {
    if (body.site !== undefined && body.siteId !== undefined && body.site !== body.siteId) throw invalidField('/body/siteId', 'differs from /body/site');
    const field = body.site !== undefined ? '/body/site' : '/body/siteId';
    const { integration, binding } = await installations.installOnTarget(ctx, actor, 'site', params.integrationName, params.installationId, body.site ?? body.siteId, field);
    const json = await siteBindingJson(ctx, actor, integration.name, binding as SiteInstallationRow, query.extended);
    return { status: 201, body: json, headers: { Location: json.urls.location } };
  },
  getIntegrationSpaceInstallation: async ({ actor, params, query }, ctx) => {
    const { integration, binding } = await installations.loadBinding(ctx, actor, 'space', params.integrationName, params.installationId, params.spaceId);
    return { status: 200, body: await spaceBindingJson(ctx, actor, integration.name, binding as SpaceInstallationRow, query.extended) };
  },
  getIntegrationSiteInstallation: async ({ actor, params, query }, ctx) => {
    const { integration, binding } = await installations.loadBinding(ctx, actor, 'site', params.integrationName, params.installationId, params.siteId);
    return { status: 200, body: await siteBindingJson(ctx, actor, integration.name, binding as SiteInstallationRow, query.extended) };
  },
  updateIntegrationSpaceInstallation: async ({ actor, params, query, body }, ctx) => {
    const { integration, binding } = await installations.updateBinding(ctx, actor, 'space', params.integrationName, params.installationId, params.spaceId, body);
    return { status: 200, body: await spaceBindingJson(ctx, actor, integration.name, binding as SpaceInstallationRow, query.extended) };
  },
  updateIntegrationSiteInstallation: async ({ actor, params, query, body }, ctx) => {
    const { integration, binding } = await installations.updateBinding(ctx, actor, 'site', params.integrationName, params.installationId, params.siteId, body);
    return { status: 200, body: await siteBindingJson(ctx, actor, integration.name, binding as SiteInstallationRow, query.extended) };
  },
  uninstallIntegrationFromSpace: async ({ actor, params }, ctx) => {
    await installations.uninstallFromTarget(ctx, actor, 'space', params.integrationName, params.installationId, params.spaceId);
    return { status: 204, body: undefined };
  },
  uninstallIntegrationFromSite: async ({ actor, params }, ctx) => {
    await installations.uninstallFromTarget(ctx, actor, 'site', params.integrationName, params.installationId, params.siteId);
    return { status: 204, body: undefined };
  },

  renderIntegrationUiWithPost: async ({ actor, params, body }, ctx) => {
    const { output, headers } = await renderBlock(ctx, actor, params.integrationName, body);
    return { status: 200, body: output, headers };
  },
  renderIntegrationUiWithGet: async ({ actor, params, query }, ctx) => {
    const { output, headers } = await renderBlock(ctx, actor, params.integrationName, decodeRenderRequest(query.request));
    return { status: 200, body: output, headers };
  },
  queueIntegrationTask: async ({ actor, params, body }, ctx) => {
    await queueTask(ctx, actor, params.integrationName, body);
    return { status: 204, body: undefined };
  },

  fetchIntegrationInstallationPublicEndpoint: async (req, ctx) => callPublicEndpoint(ctx, req as never, 'GET'),
  fetchIntegrationInstallationPublicEndpointPath: async (req, ctx) => callPublicEndpoint(ctx, req as never, 'GET'),
  postIntegrationInstallationPublicEndpoint: async (req, ctx) => callPublicEndpoint(ctx, req as never, 'POST'),
  postIntegrationInstallationPublicEndpointPath: async (req, ctx) => callPublicEndpoint(ctx, req as never, 'POST'),
});

