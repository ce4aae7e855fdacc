// Checks a call made with an integration token against policies/integration-access.ts before its handler runs:
// the installation (still there), its organization, the space or site it addresses (covered?) and the
// integration's current scopes (a new version with fewer scopes narrows tokens already handed out).
import type { AppContext } from '../context.js';
import { notFound } from '../errors.js';
import { integrationRule, missingScope, notCovered, refusedCall, scopeMissing } from '../policies/integration-access.js';
import { integrationsRepo } from '../repos/integrations.repo.js';
import { spacesRepo } from '../repos/spaces.repo.js';
import type { Actor } from './auth.js';
import { siteDirectory } from './site-directory.js';

export async function authorizeIntegrationCall(
  ctx: AppContext, actor: Actor, op: { operationId: string; method: string; path: string }, params: Record<string, string>,
): Promise<void> {
  const grant = actor.integration;
  if (!grant) return;
  const integration = await integrationsRepo.findById(ctx.db, grant.integrationId);
  if (!integration) throw refusedCall(op.operationId);
  const installation = grant.installationId ? await integrationsRepo.findInstallation(ctx.db, integration.id, grant.installationId) : undefined;
  if (grant.installationId && !installation) throw refusedCall(op.operationId);
  if (installation) grant.orgId = installation.org_id;

  const rule = integrationRule(op.method, op.path);
  switch (rule.target) {
    case 'none':
      return;
    case 'refused':
      throw refusedCall(op.operationId);
    case 'self': {
      if (params.integrationName !== integration.name) throw refusedCall(op.operationId);
      if (installation && params.installationId !== undefined && params.installationId !== installation.id) {
        throw refusedCall(`${op.operationId} for another installation`);
      }
      return;
    }
    default:
      break;
  }
  // Organization, space and site operations need an installation.
  if (!installation) throw refusedCall(`${op.operationId} without an installation (use an installation token)`);
  const scopes = JSON.parse(integration.scopes) as string[];
  const missing = missingScope(rule, scopes);
  if (missing) throw scopeMissing(op.operationId, missing);
  if (rule.target === 'org') {
    if (params.organizationId !== installation.org_id) throw notFound('Organization');
    if (rule.all === 'space' && installation.space_selection !== 'all') throw notCovered('space', '(all of them)');
    if (rule.all === 'site' && installation.site_selection !== 'all') throw notCovered('site', '(all of them)');
    return;
  }
  if (rule.target === 'space') {
    const space = await spacesRepo.findById(ctx.db, params.spaceId ?? '');
    if (!space || space.org_id !== installation.org_id) throw notFound('Space');
    if (installation.space_selection !== 'all' && !(await integrationsRepo.findBinding(ctx.db, 'space', installation.id, space.id))) throw notCovered('space', space.id);
    return;
  }
  // site
  if (params.organizationId !== installation.org_id) throw notFound('Organization');
  const site = await siteDirectory.find(ctx.db, params.siteId ?? '');
  if (!site || site.orgId !== installation.org_id) throw notFound('Site');
  if (installation.site_selection !== 'all' && !(await integrationsRepo.findBinding(ctx.db, 'site', installation.id, site.id))) throw notCovered('site', site.id);
}
