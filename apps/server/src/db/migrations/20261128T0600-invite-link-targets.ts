// Invite links to a space or a collection (GitBook's `InviteLinkToSpace` / `InviteLinkToCollection`): an invite link
// may name the space (`space_id`) or the collection (`collection_id`) it is to, with the `level` granted on it to
// whoever joins (`role` stays the organization role of a link to the organization, and is null for these). A link
// goes with its space or collection (`on delete cascade`: a space purged from the trash, a collection deleted); the
// transfers delete the links to what leaves the organization (services/spaces.ts, services/collections.ts).
// The partial indexes serve the lists of one item's links (newest first) and the cascades.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('org_invites').addColumn('space_id', 'text', (c) => c.references('spaces.id').onDelete('cascade')).execute();
  await db.schema.alterTable('org_invites').addColumn('collection_id', 'text', (c) => c.references('collections.id').onDelete('cascade')).execute();
  await db.schema.alterTable('org_invites').addColumn('level', 'text').execute();
  await db.schema.createIndex('org_invites_space_idx').on('org_invites').columns(['space_id', 'created_at', 'id']).where(sql.ref('space_id'), 'is not', null).execute();
  await db.schema.createIndex('org_invites_collection_idx').on('org_invites').columns(['collection_id', 'created_at', 'id']).where(sql.ref('collection_id'), 'is not', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('org_invites_collection_idx').ifExists().execute();
  await db.schema.dropIndex('org_invites_space_idx').ifExists().execute();
  // The links to content cannot become links to the organization (they would make members with no role on it).
  await db.deleteFrom('org_invites').where((eb) => eb.or([eb('space_id', 'is not', null), eb('collection_id', 'is not', null)])).execute();
  await db.schema.alterTable('org_invites').dropColumn('level').execute();
  await db.schema.alterTable('org_invites').dropColumn('collection_id').execute();
  await db.schema.alterTable('org_invites').dropColumn('space_id').execute();
}
