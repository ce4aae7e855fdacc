// Comments (on spaces and change requests) with replies and reactions; change requests with their contributors,
// reviews and requested reviewers. Counters kept exact by the services: spaces.comments_count (open comments of the
// space), spaces.change_requests_*, change_requests.comments_count, comments.replies_count.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('change_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('agent_task_id', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('revision_id', 'text', (c) => c.notNull())
    .addColumn('revision_initial_id', 'text', (c) => c.notNull())
    .addColumn('revision_merged_ancestor_id', 'text')
    .addColumn('revision_merged_id', 'text')
    .addColumn('merged_at', 'text')
    .addColumn('merged_by', 'text')
    .addColumn('comments_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('change_requests_number_uq', ['space_id', 'number'])
    .execute();
  await db.schema.createIndex('change_requests_list_idx').on('change_requests').columns(['space_id', 'status', 'updated_at', 'id']).execute();
  await db.schema.createIndex('change_requests_creator_idx').on('change_requests').columns(['created_by']).execute();

  await db.schema
    .createTable('change_request_contributors')
    .addColumn('change_request_id', 'text', (c) => c.notNull().references('change_requests.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('contributions', 'integer', (c) => c.notNull())
    .addColumn('first_at', 'text', (c) => c.notNull())
    .addColumn('last_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('change_request_contributors_pk', ['change_request_id', 'user_id'])
    .execute();
  await db.schema.createIndex('change_request_contributors_user_idx').on('change_request_contributors').columns(['user_id']).execute();

  await db.schema
    .createTable('change_request_reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('change_request_id', 'text', (c) => c.notNull().references('change_requests.id').onDelete('cascade'))
    .addColumn('reviewer_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('revision_id', 'text', (c) => c.notNull())
    .addColumn('comment_id', 'text')
    .addColumn('requested_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('change_request_reviews_list_idx').on('change_request_reviews').columns(['change_request_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('change_request_reviewers')
    .addColumn('change_request_id', 'text', (c) => c.notNull().references('change_requests.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('revision_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('change_request_reviewers_pk', ['change_request_id', 'user_id'])
    .execute();
  await db.schema.createIndex('change_request_reviewers_list_idx').on('change_request_reviewers').columns(['change_request_id', 'created_at', 'user_id']).execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('change_request_id', 'text', (c) => c.references('change_requests.id').onDelete('cascade'))
    .addColumn('review_id', 'text')
    .addColumn('revision_id', 'text', (c) => c.notNull())
    .addColumn('page_id', 'text')
    .addColumn('node_id', 'text')
    .addColumn('table_record', 'text')
    .addColumn('table_definition', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('posted_by', 'text', (c) => c.notNull())
    .addColumn('posted_at', 'text', (c) => c.notNull())
    .addColumn('edited_at', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'text')
    .addColumn('resolved_by', 'text')
    .addColumn('replies_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('comments_space_idx').on('comments').columns(['space_id', 'posted_at', 'id']).execute();
  await db.schema.createIndex('comments_change_request_idx').on('comments').columns(['change_request_id', 'posted_at', 'id']).execute();

  await db.schema
    .createTable('comment_replies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('comment_id', 'text', (c) => c.notNull().references('comments.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('posted_by', 'text', (c) => c.notNull())
    .addColumn('posted_at', 'text', (c) => c.notNull())
    .addColumn('edited_at', 'text')
    .execute();
  await db.schema.createIndex('comment_replies_list_idx').on('comment_replies').columns(['comment_id', 'posted_at', 'id']).execute();

  // One row per (user, emoji) on a comment (`reply_id` = '') or on one of its replies.
  await db.schema
    .createTable('comment_reactions')
    .addColumn('comment_id', 'text', (c) => c.notNull().references('comments.id').onDelete('cascade'))
    .addColumn('reply_id', 'text', (c) => c.notNull())
    .addColumn('emoji', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('reacted_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_reactions_pk', ['comment_id', 'reply_id', 'emoji', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'comment_reactions', 'comment_replies', 'comments', 'change_request_reviewers', 'change_request_reviews',
    'change_request_contributors', 'change_requests',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
