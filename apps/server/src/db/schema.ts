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
  role: string | null;
  created_by: string;
  created_at: string;
}

export interface EmailDomainsTable {
  org_id: string;
  domain: string;
}

export interface InstanceSettingsTable {
  key: string;
  value: string;
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

export interface MigrationsTable {
  name: string;
  applied_at: string;
  seq: Generated<number>;
}

export interface Database {
  users: UsersTable;
  api_tokens: ApiTokensTable;
  organizations: OrganizationsTable;
  org_members: OrgMembersTable;
  org_invites: OrgInvitesTable;
  org_email_domains: EmailDomainsTable;
  instance_settings: InstanceSettingsTable;
  jobs: JobsTable;
}
