// Git Sync push webhooks (issue 10): each space's sync gets a webhook secret (sealed with the instance secret, so the
// receiver can check GitHub's HMAC and GitLab's token, and space admins can read it), and keeps the repository
// credentials of its latest request sealed, so that an import a push triggers can fetch a private repository.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('git_sync_spaces').addColumn('webhook_secret', 'text').execute();
  await db.schema.alterTable('git_sync_spaces').addColumn('credentials', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('git_sync_spaces').dropColumn('credentials').execute();
  await db.schema.alterTable('git_sync_spaces').dropColumn('webhook_secret').execute();
}
