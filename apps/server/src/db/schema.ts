// Table types for Kysely. Portable storage conventions (same on SQLite and PostgreSQL):
// ids are text made in application code; timestamps are ISO-8601 UTC text (sortable); booleans are
// integers 0/1; JSON values are text.
import type { Generated } from 'kysely';

export type Bool = 0 | 1;

export interface UsersTable {
  id: string;
  email: string;
  email_lower: string;
  display_name: string;
  photo_url: string | null;
  is_instance_admin: Bool;
  created_at: string;
  updated_at: string;
}

export interface ApiTokensTable {
  id: string;
  user_id: string;
  label: string;
  token_hash: string;
  created_at: string;
  last_used_at: string | null;
  /** When the token stops working (tokens handed back by an SSO sign-in); null: never. */
  expires_at: string | null;
  /** The organization whose SSO sign-in issued the token: it acts only within that organization. */
  sso_org_id: string | null;
  /** Set when the token acts as an integration (its own calls, and those of its installations). */
  integration_id: string | null;
  /** Set when the token acts as one installation of the integration (scoped to its spaces, sites and scopes). */
  installation_id: string | null;
}

/** A SAML identity provider of an organization; `active` once entity_id, certificate and sso_url are all set. */
export interface SamlProvidersTable {
  id: string;
  org_id: string;
  label: string;
  entity_id: string | null;
  certificate: string | null;
  sso_url: string | null;
  default_team_id: string | null;
  default_role: string | null;
  created_at: string;
  updated_at: string;
}

/** An AuthnRequest Bindery sent (its id must come back as InResponseTo, once, within the request lifetime). */
export interface SamlRequestsTable {
  id: string;
  provider_id: string;
  created_at: string;
}

/** An assertion already used to sign in (a replayed response is refused). */
export interface SamlAssertionsTable {
  provider_id: string;
  assertion_id: string;
  used_at: string;
}

export interface OrganizationsTable {
  id: string;
  title: string;
  hostname: string | null;
  type: string;
  use_case: string | null;
  community_type: string | null;
  email_domains: string; // JSON string[]
  default_role: string | null;
  default_content: string | null; // JSON
  logo_url: string | null;
  sso: Bool;
  ai: Bool;
  invite_links: Bool;
  plan: string;
  merge_rules: string; // JSON
  created_at: string;
  updated_at: string;
}

export interface OrgMembersTable {
  org_id: string;
  user_id: string;
  role: string | null;
  disabled: Bool;
  sso: Bool;
  joined_at: string;
  last_seen_at: string | null;
}

export interface OrgInvitesTable {
  id: string;
  org_id: string;
  /** The organization role a link to the organization gives (null: a guest; null for links to content). */
  role: string | null;
  created_by: string;
  created_at: string;
  /** A link to a space (migration 20261128T0600); null otherwise. */
  space_id: string | null;
  /** A link to a collection; null otherwise. */
  collection_id: string | null;
  /** The role granted on the space or collection to whoever joins; null for links to the organization. */
  level: string | null;
}

export interface EmailDomainsTable {
  org_id: string;
  domain: string;
}

export interface InstanceSettingsTable {
  key: string;
  value: string;
}

/** File bytes kept in the database (the `database` blob store), by SHA-256. */
export interface BlobsTable {
  hash: string;
  size: number;
  data: Buffer;
  created_at: string;
}

export interface JobsTable {
  id: string;
  type: string;
  payload: string; // JSON
  status: string; // queued | running | done | failed
  run_at: string;
  attempts: number;
  max_attempts: number;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** A collection groups spaces and collections; `sort_key` orders siblings (fractional index, binary collation). */
export interface CollectionsTable {
  id: string;
  org_id: string;
  parent_id: string | null;
  title: string;
  description: string | null;
  default_level: string | null; // a role, 'inherit', or null (no default role)
  sort_key: string;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** Shards of a space's open-comment counter, added to spaces.comments_count (migration 20261126T2110). */
export interface SpaceCommentCountsTable {
  space_id: string;
  shard: number;
  open_comments: number;
}

export interface SpacesTable {
  id: string;
  org_id: string;
  parent_id: string | null;
  title: string;
  emoji: string;
  visibility: string;
  edit_mode: string;
  language: string | null;
  default_level: string | null; // a role, 'inherit', or null (no default role)
  merge_rules: string; // JSON
  revision_id: string;
  share_key: string | null;
  sort_key: string;
  /** Open comments counted before migration 20261126T2110; Space.comments adds space_comment_counts (repos/spaces.repo.ts). */
  comments_count: number;
  change_requests_count: number;
  change_requests_open: number;
  change_requests_draft: number;
  created_by: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  /** Space.gitSync (JSON), kept by Git Sync; null when none is set up. */
  git_sync?: string | null;
  /** The `computed` revision of `revision_id` (its computed pages expanded); null when it has none. */
  computed_revision_id?: string | null;
}

/** The revisions of a space. The content engine adds the content of each revision. */
export interface RevisionsTable {
  id: string;
  space_id: string;
  parents: string; // JSON string[]
  type: string; // edits | merge | rollback | update | computed
  created_by: string | null;
  created_at: string;
  /** Root node of the page tree (content_nodes); null: no content of its own (empty, or its single parent's). */
  root_hash?: string | null;
  /** The file list (content_objects, kind `files`); null: none, or its single parent's (see root_hash). */
  files_hash?: string | null;
  /** JSON Record<string, string>; null: none, or its single parent's. */
  variables?: string | null;
}

/** A node of a content-addressed page tree (content/tree.ts), shared by every revision that contains it. */
export interface ContentNodesTable {
  hash: string;
  page_id: string;
  content_hash: string;
  /** Child node hashes, comma-separated, in order ('' when none). */
  children: string;
}

/** A page's own content by content hash: `data` is the JSON of its fields but `markdown`. */
export interface PageContentsTable {
  hash: string;
  page_id: string;
  data: string;
  markdown: string;
}

/** Other immutable content by hash (kind `files`: the JSON file list of a revision). */
export interface ContentObjectsTable {
  hash: string;
  kind: string;
  data: string;
}

/** Which revision the active-revision indexes of a space (space_pages, space_files, page_links, search) describe. */
export interface SpaceIndexStateTable {
  space_id: string;
  revision_id: string;
  root_hash: string | null;
  files_hash: string | null;
  updated_at: string;
}

/** The pages of the active revision of a space (the root page too, with a null parent and path). */
export interface SpacePagesTable {
  space_id: string;
  page_id: string;
  parent_id: string | null;
  path: string | null;
  type: string;
  node_hash: string;
  content_hash: string;
}

/** A path a page had before it was moved or renamed (the published site redirects it to the page's current path). */
/** The organization audit log: one recorded change (migration 20261126T1945; docs/audit-log.md). */
export interface AuditEventsTable {
  id: string;
  org_id: string;
  occurred_at: string;
  action: string;
  actor_type: string;
  actor_id: string;
  actor_label: string | null;
  source: string;
  target_type: string;
  target_id: string;
  target_label: string | null;
  /** JSON object: the action's details. */
  payload: string;
}

export interface PageMovesTable {
  space_id: string;
  path: string;
  page_id: string;
  moved_at: string;
}

/** When each version (content hash) of a page was first committed in a space (Page.createdAt/updatedAt). */
/** What one computed page becomes for one version of its specification (a cache of stored generated pages). */
export interface ComputedExpansionsTable {
  /** sha-256 of the computed page's content hash and the specification version (engine/computed.ts). */
  key: string;
  /** JSON: the generated pages' node hashes, in order, and the versions they were made from. */
  data: string;
  created_at: string;
}

export interface PageVersionsTable {
  space_id: string;
  page_id: string;
  content_hash: string;
  first_at: string;
}

export interface SpaceFilesTable {
  space_id: string;
  file_id: string;
  name: string;
}

/** Every link of every page of the active revision of a space, resolved against the page's path. */
export interface PageLinksTable {
  space_id: string;
  page_id: string;
  seq: number;
  source: string;
  target_key: string;
  target_kind: string;
  target_page: string | null;
  target_path: string | null;
  target_file: string | null;
  target_name: string | null;
  anchor: string | null;
  url: string | null;
  url_status: string | null;
  /** Its target (`link_targets.id`, which holds the status; migration 20261128T0520). */
  target_id: number | null;
}

/**
 * The distinct link targets of a space's active revision (one per `target_key`), with their status, kept while some
 * `page_links` row uses them (engine/content-index.ts).
 */
export interface LinkTargetsTable {
  id: Generated<number>;
  space_id: string;
  target_key: string;
  target_kind: string;
  target_page: string | null;
  target_path: string | null;
  target_file: string | null;
  target_name: string | null;
  anchor: string | null;
  url: string | null;
  url_status: string | null;
  /** ok | broken | in-app: recomputed on commit for the targets that changed. */
  status: string;
}

/** One section of a page of the active revision of a space, full-text indexed (db/dialect.ts). */
export interface SearchSectionsTable {
  id: Generated<number>;
  space_id: string;
  page_id: string;
  section_id: string;
  seq: number;
  path: string;
  scope: string;
  title: string;
  heading: string;
  body: string;
}

export interface TeamsTable {
  id: string;
  org_id: string;
  title: string;
  created_at: string;
  updated_at: string;
}

export interface TeamMembersTable {
  team_id: string;
  user_id: string;
  org_id: string;
  role: string; // owner | member
  added_at: string;
}

/** A role granted on a space or collection to a user or a team (through the permissions endpoints). */
export interface ContentGrantsTable {
  target_kind: string; // space | collection
  target_id: string;
  principal_kind: string; // user | team
  principal_id: string;
  org_id: string;
  role: string;
  created_at: string;
  updated_at: string;
}

/** A change request of a space (issue 5). `revision_id` is its active revision; the content engine advances it. */
export interface ChangeRequestsTable {
  id: string;
  space_id: string;
  number: number;
  status: string; // draft | open | archived | merged
  subject: string;
  description: string | null; // JSON document
  agent_task_id: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
  revision_id: string;
  revision_initial_id: string;
  revision_merged_ancestor_id: string | null;
  revision_merged_id: string | null;
  merged_at: string | null;
  merged_by: string | null;
  comments_count: number; // open comments
}

/** Who contributed to a change request (its creator, and whoever edited its content). */
export interface ChangeRequestContributorsTable {
  change_request_id: string;
  user_id: string;
  contributions: number;
  first_at: string;
  last_at: string;
}

export interface ChangeRequestReviewsTable {
  id: string;
  change_request_id: string;
  reviewer_id: string;
  status: string; // approved | changes-requested
  revision_id: string; // the change request's revision that was reviewed
  comment_id: string | null;
  requested_by: string | null;
  created_at: string;
  updated_at: string;
}

/** Reviewers requested on a change request (removed once they review). */
export interface ChangeRequestReviewersTable {
  change_request_id: string;
  user_id: string;
  requested_by: string;
  revision_id: string;
  created_at: string;
}

/** A comment on a space (`change_request_id` null) or on a change request. */
export interface CommentsTable {
  id: string;
  space_id: string;
  change_request_id: string | null;
  review_id: string | null;
  revision_id: string;
  page_id: string | null;
  /** The version (content hash) of the page the comment was posted on; null for comments older than this column. */
  page_content_hash: string | null;
  node_id: string | null;
  table_record: string | null;
  table_definition: string | null;
  body: string; // JSON: {markdown} | {document} | {} as posted
  posted_by: string;
  posted_at: string;
  edited_at: string | null;
  status: string; // open | resolved
  resolved_at: string | null;
  resolved_by: string | null;
  replies_count: number;
}

export interface CommentRepliesTable {
  id: string;
  comment_id: string;
  body: string; // JSON, as comments.body
  posted_by: string;
  posted_at: string;
  edited_at: string | null;
}

/** One user's emoji on a comment (`reply_id` = '') or on one of its replies. */
export interface CommentReactionsTable {
  comment_id: string;
  reply_id: string;
  emoji: string;
  user_id: string;
  reacted_at: string;
}

/** An OpenAPI specification of an organization (services/openapi-specs.ts). */
export interface OpenAPISpecsTable {
  id: string;
  org_id: string;
  slug: string;
  /** The URL source, or null for a text source. */
  source_url: string | null;
  /** A submitted text not processed yet (cleared by the processing job). */
  pending_text: string | null;
  /** Bumped by every new source or re-processing request; a job only records its result for the latest one. */
  generation: number;
  processing_state: string; // pending | progress | complete
  visibility: string; // private | public
  last_version_id: string | null;
  last_processed_at: string | null;
  last_error_code: string | null; // FETCH_TIMEOUT | FETCH_ERROR | PARSE_ERROR
  last_errors: string; // JSON [{message, code?}]
  last_error_count: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** One distinct content of a spec. */
export interface OpenAPISpecVersionsTable {
  id: string;
  spec_id: string;
  /** sha256 over every document's uri and raw text: a new version only when it differs from the latest. */
  content_hash: string;
  source_url: string | null;
  format: string; // json | yaml
  raw_text: string;
  documents: string; // JSON [{uri, isEntrypoint, format, specification}]
  created_at: string;
}

/** A published integration; `script` runs in the sandbox, `secrets` and `signing_secret` are encrypted (lib/secret-box.ts). */
export interface IntegrationsTable {
  id: string;
  name: string;
  org_id: string;
  /** The user the integration's tokens act as (a user of its own, member of no organization). */
  user_id: string;
  version: number;
  runtime: string;
  title: string;
  description: string | null;
  summary: string | null;
  visibility: string;
  target: string;
  scopes: string; // JSON string[]
  categories: string; // JSON string[]
  blocks: string; // JSON
  content_sources: string; // JSON
  external_links: string; // JSON
  configurations: string | null; // JSON
  content_security_policy: string | null; // JSON (string or map of directives)
  icon: string | null; // base64
  preview_images: string; // JSON base64[]
  script: string;
  secrets: string | null; // encrypted JSON map
  signing_secret: string; // encrypted
  dev_tunnel_url: string | null;
  dev_all: Bool;
  created_at: string;
  updated_at: string;
}

export interface IntegrationInstallationsTable {
  id: string;
  integration_id: string;
  org_id: string;
  status: string;
  space_selection: string;
  site_selection: string;
  configuration: string; // JSON
  external_ids: string; // JSON string[]
  created_at: string;
  updated_at: string;
}

export interface IntegrationSpaceInstallationsTable {
  installation_id: string;
  integration_id: string;
  space_id: string;
  status: string;
  configuration: string; // JSON
  external_ids: string; // JSON string[]
  created_at: string;
  updated_at: string;
}

export interface IntegrationSiteInstallationsTable {
  installation_id: string;
  integration_id: string;
  site_id: string;
  status: string;
  configuration: string; // JSON
  external_ids: string; // JSON string[]
  created_at: string;
  updated_at: string;
}

/** An event of an integration: what was (or will be) delivered, its status and the trace of its deliveries. */
export interface IntegrationEventsTable {
  id: string;
  integration_id: string;
  installation_id: string | null;
  space_id: string | null;
  site_id: string | null;
  type: string;
  payload: string; // JSON
  status: string; // pending | success | failed
  attempts: number;
  logs: string; // JSON [{message, timestamp, level}]
  created_at: string;
  updated_at: string;
}

export interface MigrationsTable {
  name: string;
  applied_at: string;
  seq: Generated<number>;
}

/** Git Sync set up on a space (gitsync/). */
export interface GitSyncSpacesTable {
  space_id: string;
  /** Repository URL without credentials. */
  url: string;
  ref: string;
  project_directory: string;
  provider: string | null;
  info_url: string | null;
  repo_tree_url: string | null;
  repo_commit_url: string | null;
  /** The commit last imported or exported (main content). */
  last_commit: string | null;
  last_revision_id: string | null;
  /** Timestamp of the latest operation applied (operations older than it are skipped). */
  last_timestamp: string | null;
  /** git_snapshots: paths and blob ids of the pages and files at the last sync. */
  snapshot_hash: string | null;
  /** The operation running on the space (one at a time) and until when its claim holds. */
  lock_operation_id: string | null;
  lock_until: string | null;
  updated_at: string;
  /** The push webhook's secret, sealed (gitsync/secrets.ts); null until one is made. */
  webhook_secret: string | null;
  /** `user:password` of the latest request's URL, sealed: used by the imports pushes trigger (gitsync/webhook.ts). */
  credentials: string | null;
}

export interface GitSyncOperationsTable {
  id: string;
  space_id: string;
  direction: string; // import | export
  state: string; // queued | running | success | failure | timeout
  /** JSON of the request body, URL without credentials. */
  request: string;
  /** Encrypted credentials of the URL (removed once the operation ended). */
  credentials: string | null;
  created_by: string | null;
  created_at: string;
  started_at: string | null;
  ended_at: string | null;
  error: string | null;
  /** What the operation did (JSON), e.g. files written, or why it was skipped. */
  result: string | null;
  revision_id: string | null;
  commit_oid: string | null;
}

export interface GitRevisionsTable {
  revision_id: string;
  space_id: string;
  oid: string;
  message: string;
  created_by_service: Bool;
  url: string | null;
  ref: string | null;
  snapshot_hash: string | null;
  created_at: string;
}

export interface GitSnapshotsTable {
  hash: string;
  data: string;
}

export interface SitesTable {
  id: string;
  org_id: string;
  type: string;
  title: string;
  visibility: string;
  published: number;
  basename: string;
  hostname: string | null;
  /** JSON {origin, target}. */
  proxy: string | null;
  adaptive_content: number;
  agents_context: string;
  default_site_space_id: string | null;
  default_section_id: string | null;
  /** The key of the site's first share link (site_share_links holds every key; this one is kept for reference). */
  share_key: string;
  /** Secret that signs visitor tokens (visitor-auth sites, signed adaptive claims). */
  visitor_key: string;
  /** Where visitors of a visitor-auth site without a valid token are redirected (null: a 401 page). */
  visitor_fallback_url: string | null;
  /** JSON SiteCustomization set with PUT …/customization (null: GitBook's defaults titled after the site). */
  customization: string | null;
  /** Bumped by every change of the site, its structure or customization (published-site caches compare it). */
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A visitor's rating of a published page, and the comment they added after it (migration 20261128T1500). */
export interface SitePageFeedbackTable {
  id: string;
  site_id: string;
  site_space_id: string;
  space_id: string;
  page_id: string;
  /** GitBook's `PageFeedbackRating`: `bad`, `ok`, `good`. */
  rating: string;
  comment: string | null;
  created_at: string;
  commented_at: string | null;
}

/** An event of a site's Insights (migration 20261128T1930): what visitors did on the published site. */
export interface SiteInsightsEventsTable {
  site_id: string;
  /** When it happened: an ISO 8601 UTC timestamp with milliseconds (`2026-11-28T19:30:00.000Z`). */
  at: string;
  /** GitBook's `SiteInsightsEventType`. */
  type: string;
  session_id: string;
  visitor_id: string;
  /** GitBook's `SiteInsightsDisplayContext`: `site`, `server`, `embed`, `mcp`. */
  display_context: string;
  site_section_id: string | null;
  site_space_id: string | null;
  site_share_key: string | null;
  space_id: string | null;
  revision_id: string | null;
  page_id: string | null;
  url: string | null;
  url_path: string | null;
  referrer: string | null;
  referrer_domain: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  /** From the user agent: GitBook's `SiteInsightsVisitorDevice`, `…Browser`, `…OS`, `…Bot` (null: not a bot). */
  device: string | null;
  browser: string | null;
  os: string | null;
  bot: string | null;
  language: string | null;
  /** 1 when the visitor had claims (visitor authentication, adaptive content), 0 otherwise. */
  authenticated: number | null;
  /** The event's own fields as JSON (query, feedback, link, operation, llmsVariant, …). */
  data: string | null;
}

export interface SiteShareLinksTable {
  id: string;
  site_id: string;
  /** The secret that opens a published share-link site (`?share=`, `shareKey`). */
  key: string;
  name: string;
  active: number;
  created_at: string;
}

export interface SiteRedirectsTable {
  id: string;
  site_id: string;
  /** Path relative to the site, optionally ending with a wildcard (`*` or `/*`). */
  source: string;
  draft: number;
  capture_wildcard: number;
  permanent: number;
  /** JSON SiteRedirectDestination. */
  destination: string;
  created_at: string;
  updated_at: string | null;
  /** updated_at, else created_at (the `updatedAt` order of the list). */
  changed_at: string;
}

export interface SiteSectionGroupsTable {
  id: string;
  site_id: string;
  parent_id: string | null;
  title: string;
  icon: string | null;
  sort_key: string;
}

export interface SiteExternalLinksTable {
  id: string;
  site_id: string;
  group_id: string | null;
  title: string;
  description: string | null;
  icon: string | null;
  url: string;
  draft: number;
  condition: string | null;
  sort_key: string;
  created_at: string;
  updated_at: string;
}

export interface SiteSectionsTable {
  id: string;
  site_id: string;
  group_id: string | null;
  title: string;
  description: string | null;
  icon: string | null;
  path: string;
  condition: string | null;
  default_site_space_id: string | null;
  sort_key: string;
  /** GitBook's `draft`: 1 while not live (the published site and its profile leave it and its site spaces out). */
  draft: number;
}

export interface SiteSpacesTable {
  id: string;
  site_id: string;
  section_id: string | null;
  space_id: string;
  path: string;
  condition: string | null;
  sort_key: string;
  created_at: string;
  /** JSON overrides of the site's customization (top-level sections replace the site's); null: none. */
  customization: string | null;
  /** GitBook's `hidden`: 1 when the published site leaves it out of its navigation (still served at its path). */
  hidden: number;
  /** GitBook's `draft`: 1 while not live (the published site and its profile leave it out). */
  draft: number;
}

export interface SiteAdaptiveSchemasTable {
  site_id: string;
  json_schema: string;
  updated_at: string;
}

export interface TranslationsTable {
  id: string;
  org_id: string;
  source_space_id: string;
  source_language: string;
  language: string;
  /** JSON document. */
  instructions: string;
  status: string;
  error: string | null;
  result_space_id: string | null;
  result_revision_id: string | null;
  /** JSON {sourcePageId: {page: translated page id, hash: source content hash translated}}. */
  page_map: string;
  runs: number;
  total_words: number;
  total_pages: number;
  total_duration: number;
  latest_run_duration: number;
  latest_pages: number;
  latest_words: number;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** An entry of an organization's translation glossary. */
export interface TranslationGlossaryEntriesTable {
  id: string;
  org_id: string;
  /** JSON {languageCode: term}. */
  translations: string;
  created_at: string;
  updated_at: string;
}

/** A file uploaded through an upload URL (generateStorageUploadURL); `blob_hash` once uploaded. */
export interface StorageFilesTable {
  key: string;
  org_id: string;
  /** `customization_font`. */
  kind: string;
  name: string;
  content_type: string;
  /** Announced size in bytes; the upload must be this long. */
  size: number;
  /** SHA-256 (hex) of the upload URL's secret, until the upload. */
  upload_token_hash: string | null;
  upload_expires_at: string;
  blob_hash: string | null;
  created_by: string;
  created_at: string;
  uploaded_at: string | null;
}

/** A custom font of an organization. */
export interface CustomFontsTable {
  id: string;
  org_id: string;
  font_family: string;
  /** JSON [{weight, key}] by weight: the storage_files key of each weight's file. */
  faces: string;
  created_at: string;
  updated_at: string;
}

/**
 * Invalidation counters of the request-path caches (db/read-cache.ts): one row (id 1), one counter per cached
 * domain, bumped by triggers whenever the rows a domain caches change (migration 20261126T1000-read-cache-epochs).
 */
export interface CacheEpochsTable {
  id: number;
  tokens: number | string;
  members: number | string;
  grants: number | string;
  collections: number | string;
  history: number | string;
  git: number | string;
  /** PostgreSQL: `cache_changes` rows with a txid below this were deleted (migration 20261127T0600-read-cache-changes). */
  changes_pruned_below: number | string;
}

/**
 * PostgreSQL: keys of cached rows changed, with the changing transaction's id (txid_current()), logged by triggers
 * for db/read-cache.ts's keyed caches (migration 20261127T0600-read-cache-changes); pruned a minute after read.
 */
export interface CacheChangesTable {
  key: string;
  txid: number | string;
}

/**
 * PostgreSQL: the processes holding a lease on the request caches (db/cache-lease.ts, migration
 * 20261128T0100-read-cache-leases): a row per process, renewed every second, deleted at a clean shutdown.
 */
export interface CacheLeasesTable {
  process_id: string;
  expires_at: string | Date;
}

/** One content import run (services/import.ts): where from, where into, status, progress and outcome. */
export interface ContentImportsTable {
  id: string;
  org_id: string;
  space_id: string;
  change_request_id: string | null;
  page_id: string | null;
  source: string;
  url: string;
  /** The If-Match of the request that started it (checked when the import commits). */
  if_match: string | null;
  /** pending | in-progress | completed | failed */
  status: string;
  reason: string | null;
  /** The HTTP status of the failure (400 naming a limit, 404, 412…). */
  error_status: number | null;
  /** JSON: {stage, found, imported}. */
  progress: Generated<string>;
  revision_id: string | null;
  imported_resources: Generated<number>;
  total_resources: Generated<number>;
  /** JSON: [{id, type, sourceURL?}] of the pages made. */
  pages: Generated<string>;
  created_by: string;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  updated_at: string;
}

export interface Database {
  space_comment_counts: SpaceCommentCountsTable;
  users: UsersTable;
  api_tokens: ApiTokensTable;
  organizations: OrganizationsTable;
  org_members: OrgMembersTable;
  org_invites: OrgInvitesTable;
  org_email_domains: EmailDomainsTable;
  instance_settings: InstanceSettingsTable;
  blobs: BlobsTable;
  saml_providers: SamlProvidersTable;
  saml_requests: SamlRequestsTable;
  saml_assertions: SamlAssertionsTable;
  jobs: JobsTable;
  collections: CollectionsTable;
  spaces: SpacesTable;
  revisions: RevisionsTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  content_grants: ContentGrantsTable;
  content_nodes: ContentNodesTable;
  page_contents: PageContentsTable;
  content_objects: ContentObjectsTable;
  space_index_state: SpaceIndexStateTable;
  space_pages: SpacePagesTable;
  page_moves: PageMovesTable;
  audit_events: AuditEventsTable;
  page_versions: PageVersionsTable;
  computed_expansions: ComputedExpansionsTable;
  content_imports: ContentImportsTable;
  sites: SitesTable;
  translations: TranslationsTable;
  translation_glossary_entries: TranslationGlossaryEntriesTable;
  storage_files: StorageFilesTable;
  custom_fonts: CustomFontsTable;
  site_section_groups: SiteSectionGroupsTable;
  site_external_links: SiteExternalLinksTable;
  site_sections: SiteSectionsTable;
  site_spaces: SiteSpacesTable;
  site_adaptive_schemas: SiteAdaptiveSchemasTable;
  site_share_links: SiteShareLinksTable;
  site_page_feedback: SitePageFeedbackTable;
  site_insights_events: SiteInsightsEventsTable;
  site_redirects: SiteRedirectsTable;
  space_files: SpaceFilesTable;
  page_links: PageLinksTable;
  link_targets: LinkTargetsTable;
  search_sections: SearchSectionsTable;
  change_requests: ChangeRequestsTable;
  change_request_contributors: ChangeRequestContributorsTable;
  change_request_reviews: ChangeRequestReviewsTable;
  change_request_reviewers: ChangeRequestReviewersTable;
  comments: CommentsTable;
  comment_replies: CommentRepliesTable;
  comment_reactions: CommentReactionsTable;
  openapi_specs: OpenAPISpecsTable;
  openapi_spec_versions: OpenAPISpecVersionsTable;
  integrations: IntegrationsTable;
  integration_installations: IntegrationInstallationsTable;
  integration_space_installations: IntegrationSpaceInstallationsTable;
  integration_site_installations: IntegrationSiteInstallationsTable;
  integration_events: IntegrationEventsTable;
  git_sync_spaces: GitSyncSpacesTable;
  git_sync_operations: GitSyncOperationsTable;
  git_revisions: GitRevisionsTable;
  git_snapshots: GitSnapshotsTable;
  cache_epochs: CacheEpochsTable;
  cache_changes: CacheChangesTable;
  cache_leases: CacheLeasesTable;
}
