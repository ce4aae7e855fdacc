import { describe, expect, it } from 'vitest';
import { integrationRule, missingScope } from './integration-access.js';

describe('integrationRule', () => {
  it.each([
    ['get', '/v1/user', { target: 'none' }],
    ['get', '/v1/spaces/{spaceId}', { target: 'space', anyOf: ['space:metadata:read', 'space:content:read'] }],
    ['patch', '/v1/spaces/{spaceId}', { target: 'space', anyOf: ['space:metadata:write'] }],
    ['delete', '/v1/spaces/{spaceId}', { target: 'refused' }],
    ['get', '/v1/spaces/{spaceId}/content/pages', { target: 'space', anyOf: ['space:content:read', 'space:content:write'] }],
    ['post', '/v1/spaces/{spaceId}/content/pages', { target: 'space', anyOf: ['space:content:write'] }],
    ['post', '/v1/spaces/{spaceId}/permissions', { target: 'refused' }],
    ['post', '/v1/spaces/{spaceId}/transfer', { target: 'refused' }],
    ['post', '/v1/spaces/{spaceId}/git/import', { target: 'space', anyOf: ['space:git:sync'] }],
    ['get', '/v1/orgs/{organizationId}', { target: 'org', anyOf: null }],
    ['patch', '/v1/orgs/{organizationId}', { target: 'refused' }],
    ['get', '/v1/orgs/{organizationId}/members', { target: 'refused' }],
    ['get', '/v1/orgs/{organizationId}/spaces', { target: 'org', anyOf: ['space:metadata:read', 'space:content:read'], all: 'space' }],
    ['put', '/v1/orgs/{organizationId}/openapi/{specSlug}', { target: 'org', anyOf: ['openapi:write'] }],
    ['get', '/v1/orgs/{organizationId}/sites/{siteId}', { target: 'site', anyOf: ['site:metadata:read'] }],
    ['delete', '/v1/orgs/{organizationId}/sites/{siteId}', { target: 'refused' }],
    ['put', '/v1/orgs/{organizationId}/sites/{siteId}/adaptive-schema', { target: 'site', anyOf: ['site:adaptive:write'] }],
    ['get', '/v1/integrations/{integrationName}', { target: 'self' }],
    ['post', '/v1/integrations/{integrationName}', { target: 'refused' }],
    ['delete', '/v1/integrations/{integrationName}/installations/{installationId}', { target: 'refused' }],
    ['patch', '/v1/integrations/{integrationName}/installations/{installationId}', { target: 'self' }],
    ['post', '/v1/integrations/{integrationName}/installations/{installationId}/tokens', { target: 'self' }],
    ['get', '/v1/integrations/{integrationName}/events', { target: 'refused' }],
    ['post', '/v1/users/{userId}/tokens', { target: 'refused' }],
    ['get', '/v1/user/tokens', { target: 'refused' }],
  ])('%s %s', (method, path, rule) => {
    expect(integrationRule(method, path)).toEqual(rule);
  });

  it('names the missing scope', () => {
    expect(missingScope({ anyOf: ['space:content:write'] }, ['space:content:read'])).toBe('space:content:write');
    expect(missingScope({ anyOf: ['space:content:read', 'space:content:write'] }, ['space:content:write'])).toBeNull();
    expect(missingScope({ anyOf: null }, [])).toBeNull();
  });
});
