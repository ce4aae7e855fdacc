// Integrations, installations, space/site installations and events as JSON. Secrets and the script never leave
// the server: no presenter reads them.
import type { components } from '@bindery/api-types';
import type { Config } from '../config.js';
import type { IntegrationEventRow, IntegrationMeta, InstallationRow, SiteInstallationRow, SpaceInstallationRow } from '../repos/integrations.repo.js';

type Integration = components['schemas']['Integration'];
type Installation = components['schemas']['IntegrationInstallation'];
type SpaceInstallation = components['schemas']['IntegrationSpaceInstallation'];
type SiteInstallation = components['schemas']['IntegrationSiteInstallation'];
type IntegrationEvent = components['schemas']['IntegrationEvent'];

/** A data: URI of base64 image bytes (PNG, JPEG, GIF, WebP or SVG, sniffed from the first bytes). */
export function imageDataUri(base64: string): string {
  const head = Buffer.from(base64.slice(0, 24), 'base64');
  let type = 'application/octet-stream';
  if (head[0] === 0x89 && head[1] === 0x50) type = 'image/png';
  else if (head[0] === 0xff && head[1] === 0xd8) type = 'image/jpeg';
  else if (head.subarray(0, 3).toString('latin1') === 'GIF') type = 'image/gif';
  else if (head.subarray(8, 12).toString('latin1') === 'WEBP') type = 'image/webp';
  else if (/^\s*</.test(head.toString('latin1'))) type = 'image/svg+xml';
  return `data:${type};base64,${base64}`;
}

export const integrationUrl = (config: Config, name: string) => `${config.publicUrl}/v1/integrations/${name}`;
export const installationUrl = (config: Config, name: string, installationId: string) => `${integrationUrl(config, name)}/installations/${installationId}`;

export function presentIntegration(config: Config, i: IntegrationMeta, owner: components['schemas']['Organization'], admin: boolean): Integration {
  const base = integrationUrl(config, i.name);
  return {
    object: 'integration',
    name: i.name,
    version: i.version,
    title: i.title,
    ...(i.description !== null ? { description: i.description } : {}),
    ...(i.summary !== null ? { summary: i.summary } : {}),
    previewImages: (JSON.parse(i.preview_images) as string[]).map(imageDataUri),
    target: i.target as Integration['target'],
    verified: false,
    visibility: i.visibility as Integration['visibility'],
    scopes: JSON.parse(i.scopes) as Integration['scopes'],
    categories: JSON.parse(i.categories) as Integration['categories'],
    blocks: JSON.parse(i.blocks) as NonNullable<Integration['blocks']>,
    contentSources: JSON.parse(i.content_sources) as NonNullable<Integration['contentSources']>,
    ...(i.configurations ? { configurations: JSON.parse(i.configurations) as Integration['configurations'] } : {}),
    externalLinks: JSON.parse(i.external_links) as Integration['externalLinks'],
    owner,
    urls: {
      location: base,
      ...(i.icon ? { icon: imageDataUri(i.icon) } : {}),
      app: `${config.appUrl}/integrations/${i.name}`,
      assets: `${base}/assets`,
      publicEndpoint: `${base}/public`,
      publicContentEndpoint: `${base}/public`,
    },
    permissions: { admin },
    ...(i.content_security_policy !== null ? { contentSecurityPolicy: JSON.parse(i.content_security_policy) as Integration['contentSecurityPolicy'] } : {}),
  };
}

export function presentInstallation(config: Config, integrationName: string, r: InstallationRow, spaces: number): Installation {
  const location = installationUrl(config, integrationName, r.id);
  return {
    id: r.id,
    status: r.status as Installation['status'],
    space_selection: r.space_selection as Installation['space_selection'],
    site_selection: r.site_selection as Installation['site_selection'],
    spaces,
    configuration: JSON.parse(r.configuration) as Record<string, unknown>,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    urls: { location, app: `${config.appUrl}/o/${r.org_id}/integrations/${integrationName}`, publicEndpoint: `${location}/public`, publicContentEndpoint: `${location}/public` },
    externalIds: JSON.parse(r.external_ids) as string[],
    target: { organization: r.org_id },
  };
}

/** The fields a space installation and a site installation share; `target` is `spaces/{id}` or `sites/{id}`. */
function bindingFields(config: Config, integrationName: string, r: SpaceInstallationRow | SiteInstallationRow, target: string) {
  const installation = installationUrl(config, integrationName, r.installation_id);
  return {
    integration: integrationName,
    installation: r.installation_id,
    status: r.status as SpaceInstallation['status'] & SiteInstallation['status'],
    configuration: JSON.parse(r.configuration) as Record<string, unknown>,
    externalIds: JSON.parse(r.external_ids) as string[],
    urls: { location: `${installation}/${target}`, publicEndpoint: `${installation}/public`, publicContentEndpoint: `${installation}/public` },
  };
}

export function presentSpaceInstallation(config: Config, integrationName: string, r: SpaceInstallationRow, space: SpaceInstallation['space']): SpaceInstallation {
  return { ...bindingFields(config, integrationName, r, `spaces/${r.space_id}`), space };
}

export function presentSiteInstallation(config: Config, integrationName: string, r: SiteInstallationRow, site: SiteInstallation['site']): SiteInstallation {
  return { ...bindingFields(config, integrationName, r, `sites/${r.site_id}`), site };
}

export function presentIntegrationEvent(r: Omit<IntegrationEventRow, 'logs'>): IntegrationEvent {
  return {
    id: r.id,
    integrationId: r.integration_id,
    ...(r.installation_id ? { installationId: r.installation_id } : {}),
    createdAt: r.created_at,
    payload: JSON.parse(r.payload) as IntegrationEvent['payload'],
    status: r.status as IntegrationEvent['status'],
  };
}
