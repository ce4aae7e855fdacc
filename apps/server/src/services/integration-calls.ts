// The two ways a request reaches an integration's script synchronously (docs/integrations.md): the installation's
// public endpoint (`fetch` events; the route turns the script's answer into the HTTP response) and block renders
// (`ui_render` events).
import type { RequestBody } from '@bindery/api-types';
import type { AppContext } from '../context.js';
import { ApiError, invalidField, notFound } from '../errors.js';
import { integrationsRepo, type InstallationRow, type IntegrationMeta, type SpaceInstallationRow } from '../repos/integrations.repo.js';
import type { Actor } from './auth.js';
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
