// What the two GitBook conformance files share (test/gitbook-conformance.test.ts, test/gitbook-conformance-more.test.ts):
// the seed operations and the operations beyond them the first file asserts it drives (the second drives every other
// served GitBook operation and checks that none is left), and the deviations on Organization both meet.
import { readFileSync } from 'node:fs';
import { beforeEach, expect } from 'vitest';
import { recordingFetch, routeKey, type Deviation, type GitBookSpec, type Problem } from './gitbook-spec.js';

/** What the seed states and GitBook's spec does not, on Organization: the seed wins on output (docs/gitbook-conformance.md). */
export const ORGANIZATION_DEVIATIONS: Deviation[] = [
  {
    at: '/components/schemas/Organization/properties/mergeRules',
    accept: { anyOf: [{ $ref: '#/components/schemas/MergeRulesStandaloneConfiguration' }, { $ref: '#/components/schemas/MergeRulesConfigurationInherit' }] },
    reason: 'Part 2, Organization: mergeRules is `{type: inherit}` or `{type: rules, rules}`; GitBook answers `none` or `rules` for an organization.',
  },
  {
    at: '/components/schemas/Organization/properties/defaultContent',
    accept: { anyOf: [{ $ref: '#/components/schemas/OrganizationDefaultContent' }, { type: 'null' }] },
    reason: 'Part 2, Organization: defaultContent is `{type: site, site}` or null; GitBook omits it instead of null.',
  },
];

/** The seed operations (/work/shared/reference/seed-operations.txt, 143), as GitBook's route keys. */
export const SEED_OPERATIONS = readFileSync(new URL('../fixtures/seed-operations.txt', import.meta.url), 'utf8').trim().split('\n').map((l) => {
  const [method, path] = l.split(' ') as [string, string];
  return routeKey(method, path);
});

/** GitBook operations beyond the seeds that Bindery serves (docs/gitbook-conformance.md), checked the same way. */
export const BEYOND_SEEDS = [
  'GET /spaces/{spaceId}/revisions/{revisionId}/pages',
  'GET /spaces/{spaceId}/revisions/{revisionId}/page/{pageId}',
  'GET /spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/document',
  'GET /spaces/{spaceId}/revisions/{revisionId}/path/{pagePath}',
  'GET /spaces/{spaceId}/revisions/{revisionId}/files',
  'GET /spaces/{spaceId}/revisions/{revisionId}/files/{fileId}',
  'GET /spaces/{spaceId}/change-requests/{changeRequestId}/content/path/{pagePath}',
  'GET /spaces/{spaceId}/change-requests/{changeRequestId}/contributors',
  'GET /spaces/{spaceId}/commenters',
  'GET /spaces/{spaceId}/change-requests/{changeRequestId}/commenters',
  'GET /spaces/{spaceId}/revisions/{revisionId}/changes',
  'GET /spaces/{spaceId}/change-requests/{changeRequestId}/changes',
  'GET /spaces/{spaceId}/pdf',
  'GET /urls/content',
  'GET /orgs/{organizationId}/sites/{siteId}/structure',
  'PATCH /users/{userId}',
  'GET /orgs/{organizationId}/sites/{siteId}/share-links',
  'POST /orgs/{organizationId}/sites/{siteId}/share-links',
  'PATCH /orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}',
  'DELETE /orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}',
  'POST /orgs/{organizationId}/sites/{siteId}/redirects',
  'PUT /orgs/{organizationId}/sites/{siteId}/redirects',
  'GET /orgs/{organizationId}/sites/{siteId}/redirects',
  'PATCH /orgs/{organizationId}/sites/{siteId}/redirects/{siteRedirectId}',
  'DELETE /orgs/{organizationId}/sites/{siteId}/redirects/{siteRedirectId}',
  'GET /orgs/{organizationId}/sites/{siteId}/redirect',
  'POST /orgs/{organizationId}/sites/{siteId}/insights/events',
  'POST /orgs/{organizationId}/sites/{siteId}/insights/events/aggregate',
  ...['spaces/{spaceId}', 'collections/{collectionId}'].flatMap((on) => [
    `GET /${on}/permissions/users`, `PATCH /${on}/permissions/users/{userId}`, `DELETE /${on}/permissions/users/{userId}`,
    `GET /${on}/permissions/teams`, `PATCH /${on}/permissions/teams/{teamId}`, `DELETE /${on}/permissions/teams/{teamId}`,
    `GET /${on}/permissions/aggregate`,
  ]),
  'GET /urls/published',
  'POST /urls/published',
  'POST /orgs/{organizationId}/sites/{siteId}/permissions',
  'GET /orgs/{organizationId}/sites/{siteId}/permissions/aggregate',
  'GET /orgs/{organizationId}/sites/{siteId}/permissions/users',
  'PATCH /orgs/{organizationId}/sites/{siteId}/permissions/users/{userId}',
  'DELETE /orgs/{organizationId}/sites/{siteId}/permissions/users/{userId}',
  'GET /orgs/{organizationId}/sites/{siteId}/permissions/teams',
  'PATCH /orgs/{organizationId}/sites/{siteId}/permissions/teams/{teamId}',
  'DELETE /orgs/{organizationId}/sites/{siteId}/permissions/teams/{teamId}',
  'GET /custom-hostnames/{hostname}',
  'PATCH /custom-hostnames/{hostname}',
  'DELETE /custom-hostnames/{hostname}',
  'GET /orgs/{organizationId}/integrations',
  'GET /orgs/{organizationId}/installations',
  'GET /spaces/{spaceId}/integrations',
  'GET /orgs/{organizationId}/sites/{siteId}/integrations',
  'POST /orgs/{organizationId}/sites/{siteId}/search',
  'POST /orgs/{organizationId}/sites/{siteId}/search/prewarm',
  'POST /orgs/{organizationId}/sites/{siteId}/template',
  'GET /orgs/{organizationId}/audit-event-actions',
  'GET /orgs/{organizationId}/audit-events',
  'GET /orgs/{organizationId}/audit-events/{auditEventId}',
  'POST /orgs/{organizationId}/sites/{siteId}/external-links',
  'PATCH /orgs/{organizationId}/sites/{siteId}/external-links/{siteExternalLinkId}',
  'DELETE /orgs/{organizationId}/sites/{siteId}/external-links/{siteExternalLinkId}',
  'GET /orgs/{organizationId}/link-invites/{inviteId}',
  'PATCH /orgs/{organizationId}/link-invites/{inviteId}',
  'POST /orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/move',
  'GET /orgs/{organizationId}/sites/{siteId}/publishing/auth',
  'PATCH /orgs/{organizationId}/sites/{siteId}/publishing/auth',
  'POST /orgs/{organizationId}/sites/{siteId}/publishing/auth/regenerate',
  'PATCH /orgs/{organizationId}/sites/{siteId}/structure/sort',
  'GET /orgs/{organizationId}/integrations/{integrationName}/installation_status',
  'GET /orgs/{organizationId}/integrations/installations-status',
  'POST /orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/duplicate',
  'GET /spaces/{spaceId}/integration-blocks',
  'POST /spaces/{spaceId}/change-requests/{changeRequestId}/content',
  'GET /spaces/{spaceId}/content/page/{pageId}/meta-links',
  'GET /spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/meta-links',
  'GET /spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/meta-links',
  'GET /spaces/{spaceId}/documents/{documentId}',
  'GET /orgs/{organizationId}/translations-glossary',
  'POST /integrations/{integrationName}/tasks',
  'GET /integrations/{integrationName}/render',
  'PUT /orgs/{organizationId}/translations-glossary',
  'GET /orgs/{organizationId}/translations-glossary/{glossaryEntryId}',
  'POST /spaces/{spaceId}/content/computed/revision',
  'POST /spaces/{spaceId}/content/computed/document',
  'POST /orgs/{organizationId}/storage/upload',
  'PUT /orgs/{organizationId}/fonts',
  'GET /orgs/{organizationId}/fonts',
  'GET /orgs/{organizationId}/fonts/{fontId}',
  'POST /orgs/{organizationId}/fonts/{fontId}',
  'DELETE /orgs/{organizationId}/fonts/{fontId}',
  'GET /orgs/{organizationId}/sites/{siteId}/publishing/preview',
].map((l) => {
  const [method, path] = l.split(' ') as [string, string];
  return routeKey(method, path);
});

/**
 * The client's `serviceBinding` that checks every exchange against GitBook's spec: the problems found in the answers
 * of the current test (emptied before each test), `expectConformant()` to fail the test on them (one line each, list
 * indexes folded into a star), and the operations answered with a success that passed the check over the whole file.
 */
export function conformanceChecker(spec: GitBookSpec) {
  let problems: Problem[] = [];
  const covered = new Set<string>();
  beforeEach(() => {
    problems = [];
  });
  const recorder = recordingFetch((ex) => {
    const found = spec.check(ex);
    problems.push(...found);
    const op = spec.operation(ex.method, ex.path);
    if (op && ex.status < 300 && !found.length) covered.add(op.key);
  });
  const expectConformant = () => {
    const fold = (message: string) => message.replace(/\/(items|organizations|pages|files|users|siteSpaces|structure)\/\d+/g, '/$1/*');
    const lines = [...new Set(problems.map((p) => `${p.route} ${p.status}: ${fold(p.message)}`))];
    expect(lines, lines.join('\n')).toEqual([]);
  };
  return { recorder, covered, expectConformant };
}

