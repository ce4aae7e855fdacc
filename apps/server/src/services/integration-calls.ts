// The two ways a request reaches an integration's script synchronously (docs/integrations.md): the installation's
// public endpoint (`fetch` events; the route turns the script's answer into the HTTP response) and block renders
// (`ui_render` events, by POST or by GET with the request lz-string-compressed in the query); and the tasks an
// integration queues for itself (`task` events, delivered later like every event).
import type { RequestBody } from '@bindery/api-types';
import AjvModule, { type ValidateFunction } from 'ajv';
import LZString from 'lz-string';
import type { AppContext } from '../context.js';
import { ApiError, forbidden, invalidField, notFound } from '../errors.js';
import { loadBundledSpec } from '../http/spec.js';
import { integrationsRepo, type InstallationRow, type IntegrationMeta, type SpaceInstallationRow } from '../repos/integrations.repo.js';
import type { Actor } from './auth.js';
import { recordEvent } from './integration-events.js';
import { cspHeader, runNow } from './integration-runtime.js';
import { loadIntegration } from './integrations.js';
import { siteDirectory } from './site-directory.js';
import { loadSpace } from './spaces.js';

/** The installation a public endpoint addresses (no token: the installation id is the address). */
export async function loadPublicEndpointTarget(ctx: AppContext, name: string, installationId: string): Promise<{ integration: IntegrationMeta; installation: InstallationRow }> {
  const integration = await integrationsRepo.findByName(ctx.db, name);
  const installation = integration ? await integrationsRepo.findInstallation(ctx.db, integration.id, installationId) : undefined;
  if (!integration || !installation) throw notFound('Installation');
  return { integration, installation };
}

/** Whether the installation is still there (a public-endpoint call checks again when the script's answer failed). */
export async function installationExists(ctx: AppContext, integrationId: string, installationId: string): Promise<boolean> {
  return !!(await integrationsRepo.findInstallation(ctx.db, integrationId, installationId));
}

/**
 * Renders a block of an integration installed on the space or site of the render context: the script's JSON
 * answer, and the headers to send with it (the integration's content security policy, the event id).
 */
export async function renderBlock(ctx: AppContext, actor: Actor, name: string, body: RequestBody<'renderIntegrationUiWithPost'>) {
  const integration = await loadIntegration(ctx, actor, name);
  const spaceId = body.context.spaceId;
  const siteId = body.context.siteId;
  let orgId: string;
  if (spaceId) {
    orgId = (await loadSpace(ctx, ctx.db, actor, spaceId, 'view')).space.org_id;
  } else if (siteId) {
    const site = await siteDirectory.find(ctx.db, siteId);
    if (!site) throw notFound('Site');
    orgId = site.orgId;
  } else {
    throw invalidField('/body/context', 'must name the space (`spaceId`) or site (`siteId`) the block is rendered in');
  }
  if (!(integration.target === 'all' || integration.target === 'space' || integration.target === 'site' || integration.target === 'organization')) throw notFound('Installation');
  const installation = await integrationsRepo.findInstallationInOrg(ctx.db, integration.id, orgId);
  const covered = installation && (spaceId
    ? installation.space_selection === 'all' || !!(await integrationsRepo.findBinding(ctx.db, 'space', installation.id, spaceId))
    : installation.site_selection === 'all' || !!(await integrationsRepo.findBinding(ctx.db, 'site', installation.id, siteId!)));
  if (!installation || !covered) throw new ApiError(404, `Installation not found: the integration "${integration.name}" is not installed on this ${spaceId ? 'space' : 'site'}`);
  const spaceBinding = spaceId ? ((await integrationsRepo.findBinding(ctx.db, 'space', installation.id, spaceId)) as SpaceInstallationRow | undefined) : undefined;
  const result = await runNow(ctx, integration, { installation, spaceBinding }, {
    type: 'ui_render', installationId: installation.id, ...(spaceId ? { spaceId } : { siteId }),
    componentId: body.componentId, props: body.props, state: body.state ?? {}, context: body.context, ...(body.action ? { action: body.action } : {}),
    auth: { userId: actor.user.id },
  });
  let output: unknown;
  try {
    output = result.ok && result.response ? JSON.parse(result.response.body.toString('utf8')) : undefined;
  } catch {
    output = undefined;
  }
  if (!output || typeof output !== 'object' || Array.isArray(output)) {
    throw new ApiError(502, `The integration failed to render "${body.componentId}" (event ${result.eventId}): ${result.error ?? 'its answer is not a JSON object'}`);
  }
  const csp = cspHeader(integration);
  return { output: output as Record<string, unknown>, headers: { ...(csp ? { 'Content-Security-Policy': csp } : {}), 'X-Bindery-Integration-Event': result.eventId } };
}

/**
 * queueIntegrationTask: a `task` event of the integration (no installation, as on GitBook), delivered `scheduleS`
 * seconds from now by the delivery job of every event. Only the integration's own tokens queue tasks.
 */
export async function queueTask(ctx: AppContext, actor: Actor, name: string, body: { task: Record<string, unknown>; schedule?: number }): Promise<string> {
  const integration = await loadIntegration(ctx, actor, name);
  if (actor.integration?.integrationId !== integration.id) {
    throw forbidden(`Only the integration "${integration.name}" queues its tasks (with its integration or installation token)`);
  }
  const deliverAt = new Date(ctx.clock.now().getTime() + Math.round((body.schedule ?? 0) * 1000));
  return ctx.db.transaction().execute((tx) => recordEvent(ctx, tx, integration, {}, { type: 'task', task: body.task }, { deliverAt }));
}

// The default Ajv class validates JSON Schema draft-07, which the render request's schema is.
const Ajv = ((AjvModule as unknown as { default?: unknown }).default ?? AjvModule) as unknown as typeof AjvModule.default;
let renderRequestValidator: ValidateFunction | undefined;

/**
 * renderIntegrationUiWithGet's `request`: the POST form's body, JSON compressed with lz-string's
 * `compressToEncodedURIComponent`, checked against the same schema (RenderIntegrationUI) the POST body is.
 */
export function decodeRenderRequest(request: string): RequestBody<'renderIntegrationUiWithPost'> {
  let json: string | null = null;
  try {
    json = LZString.decompressFromEncodedURIComponent(request);
  } catch {
    json = null;
  }
  if (!json) throw invalidField('/query/request', 'is not lz-string data (compressToEncodedURIComponent of the JSON render request)');
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw invalidField('/query/request', 'does not decompress to JSON');
  }
  renderRequestValidator ??= new Ajv({ strict: false, allErrors: false }).compile(loadBundledSpec().components.schemas.RenderIntegrationUI as object);
  if (!renderRequestValidator(value)) {
    const error = renderRequestValidator.errors![0]!;
    const where = error.keyword === 'required' ? `${error.instancePath}/${(error.params as { missingProperty: string }).missingProperty}`
      : error.keyword === 'additionalProperties' ? `${error.instancePath}/${(error.params as { additionalProperty: string }).additionalProperty}` : error.instancePath;
    throw invalidField(`/query/request${where}`, error.keyword === 'required' ? 'is required' : error.keyword === 'additionalProperties' ? 'is not a known property' : (error.message ?? 'is invalid'));
  }
  return value as RequestBody<'renderIntegrationUiWithPost'>;
}
