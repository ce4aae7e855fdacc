// The write path's shortcuts (docs/performance.md, "Writes") keep what a write did before them:
// - counters moved at commit (db/database.ts `atCommit`): on PostgreSQL inside a transaction the update is sent with
//   the commit (the transaction does not see it before), a failing one fails the commit and rolls the whole
//   transaction back, and counters stay exact when many comments are posted on one space at once;
// - on PostgreSQL a transaction's `begin` goes with its first statement (db/database.ts): the transaction is still one
//   (a rollback undoes its first statement, written in or not), and one that only defers statements commits them;
// - prepared statements inside a transaction (db/prepared.ts; on SQLite run at once on the writer) see the
//   transaction's own writes, and nobody else sees them before the commit.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { atCommit } from '../src/db/database.js';
import { spacesRepo } from '../src/repos/spaces.repo.js';
import { commentsRepo, type CommentRow, type GroupPost } from '../src/repos/comments.repo.js';
import { commentGroupStats } from '../src/services/comments.js';
import { newId } from '../src/lib/ids.js';
import { createTenant, useTestServer } from '../src/testing/index.js';

const server = useTestServer();

async function spaceOf(t: Awaited<ReturnType<typeof createTenant>>) {
  const r = await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Space' });
  expect(r.status).toBe(201);
  return r.body as { id: string };
}

/** The space's open comments as every read shows them: the row's count plus its shards. */
const commentsCount = async (id: string) => (await spacesRepo.findById(server.ctx.db, id))!.comments_count;

describe('counters moved at commit', () => {
  it('run with the commit on PostgreSQL (at once on SQLite) and count once', async () => {
    const t = await createTenant(server);
    const space = await spaceOf(t);
    const seenInside = await server.ctx.db.transaction().execute(async (tx) => {
      await atCommit(tx, tx.updateTable('spaces').set({ comments_count: sql`comments_count + ${2}` }).where('id', '=', space.id));
      const row = await tx.selectFrom('spaces').select('comments_count').where('id', '=', space.id).executeTakeFirstOrThrow();
      return Number(row.comments_count);
    });
    expect(seenInside).toBe(server.dialect === 'postgres' ? 0 : 2);
    expect(await commentsCount(space.id)).toBe(2);
    // Outside a transaction it runs at once.
    await atCommit(server.ctx.db, server.ctx.db.updateTable('spaces').set({ comments_count: sql`comments_count - ${2}` }).where('id', '=', space.id));
    expect(await commentsCount(space.id)).toBe(0);
  });

  it('a failing one fails the commit and nothing of the transaction stays', async () => {
    const t = await createTenant(server);
    const space = await spaceOf(t);
    const attempt = server.ctx.db.transaction().execute(async (tx) => {
      await tx.updateTable('spaces').set({ title: 'Renamed' }).where('id', '=', space.id).execute();
      await atCommit(tx, tx.updateTable('spaces').set({ comments_count: sql`comments_count / ${0}` }).where('id', '=', space.id));
    });
    // SQLite divides by zero into null, which the NOT NULL column refuses; PostgreSQL refuses the division.
    await expect(attempt).rejects.toThrow();
    const row = await server.ctx.db.selectFrom('spaces').select(['title', 'comments_count']).where('id', '=', space.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ title: 'Space', comments_count: 0 });
    // The connections are usable afterwards, and a transaction without deferred statements commits as before.
    expect((await t.api.post(`/v1/spaces/${space.id}/comments`, { body: { markdown: 'after' } })).status).toBe(200);
    expect(await commentsCount(space.id)).toBe(1);
  });

  it('strings are written into the deferred statement safely (quotes, backslashes, dollars)', async () => {
    const t = await createTenant(server);
    const space = await spaceOf(t);
    const title = `it's a \\ "test" $1 $$ -- ;`;
    await server.ctx.db.transaction().execute(async (tx) => {
      await atCommit(tx, tx.updateTable('spaces').set({ title }).where('id', '=', space.id));
    });
    const row = await server.ctx.db.selectFrom('spaces').select('title').where('id', '=', space.id).executeTakeFirstOrThrow();
    expect(row.title).toBe(title);
  });

  it('many comments posted at once on one space and one change request: counts equal the rows', async () => {
    const t = await createTenant(server, { a: 'comment', b: 'comment', c: 'edit' });
    const space = await spaceOf(t);
    const cr = (await t.api.post(`/v1/spaces/${space.id}/change-requests`, { subject: 'CR' })).body;
    const callers = [t.api, t.as('a'), t.as('b'), t.as('c')];
    const bases = [`/v1/spaces/${space.id}/comments`, `/v1/spaces/${space.id}/change-requests/${cr.id}/comments`];
    const posts = await Promise.all(Array.from({ length: 48 }, (_, i) =>
      callers[i % callers.length]!.post(bases[i % 2]!, { body: { markdown: `comment ${i}` } })));
    for (const r of posts) expect(r.status).toBe(200);
    expect(new Set(posts.map((r) => r.body.id)).size).toBe(48);
    const first = posts[0]!.body.id as string;
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      callers[i % callers.length]!.post(`${bases[0]}/${first}/replies`, { body: { markdown: `reply ${i}` } })));
    for (const r of replies) expect(r.status).toBe(200);
    expect((await t.api.get(`/v1/spaces/${space.id}`)).body.comments).toBe(24);
    expect((await t.api.get(`/v1/spaces/${space.id}/change-requests/${cr.id}`)).body.comments).toBe(24);
    expect((await t.api.get(`${bases[0]}?status=open&limit=0`)).body.count).toBe(24);
    expect((await t.api.get(`${bases[0]}/${first}`)).body.replies).toBe(20);
  });

  it('the space counter in shards: exact through posts, resolves, reopens and deletes at once, in every read', async () => {
    const t = await createTenant(server, { a: 'comment', b: 'comment', c: 'edit' });
    const space = await spaceOf(t);
    const other = await spaceOf(t);
    const base = `/v1/spaces/${space.id}/comments`;
    // A space counted before the counter was sharded: its row holds the count, the shards add to it.
    await server.ctx.db.updateTable('spaces').set({ comments_count: 5 }).where('id', '=', other.id).execute();
    const callers = [t.api, t.as('a'), t.as('b'), t.as('c')];
    const posts = await Promise.all(Array.from({ length: 40 }, (_, i) => callers[i % callers.length]!.post(base, { body: { markdown: `c ${i}` } })));
    for (const r of posts) expect(r.status).toBe(200);
    const ids = posts.map((r) => r.body.id as string);
    expect(await commentsCount(space.id)).toBe(40);
    // On PostgreSQL the posts went by group commit (one shard row per statement); on SQLite to one shard.
    const shards = await server.ctx.db.selectFrom('space_comment_counts').select(['shard', 'open_comments']).where('space_id', '=', space.id).execute();
    expect(shards.reduce((n, s) => n + Number(s.open_comments), 0)).toBe(40);
    if (server.dialect === 'sqlite') expect(shards.length).toBe(1);
    // Resolve 10 (each twice at once: one of the two moves the counter), reopen 3 of them, delete 5 others (twice
    // at once too), and post 7 more, all at once.
    const ops = [
      ...ids.slice(0, 10).flatMap((id) => [0, 1].map(() => t.api.put(`${base}/${id}`, { resolved: true }))),
      ...ids.slice(10, 15).flatMap((id) => [0, 1].map(() => t.api.delete(`${base}/${id}`))),
      ...Array.from({ length: 7 }, (_, i) => callers[i % callers.length]!.post(base, { body: { markdown: `more ${i}` } })),
    ];
    for (const r of await Promise.all(ops)) expect(r.status).toBeLessThan(300);
    // Resolves and deletes at once on one space (and a statement of posts meanwhile) moved different shard rows.
    if (server.dialect === 'postgres') {
      expect((await server.ctx.db.selectFrom('space_comment_counts').select('shard').where('space_id', '=', space.id).execute()).length).toBeGreaterThan(1);
    }
    for (const r of await Promise.all(ids.slice(0, 3).map((id) => t.api.put(`${base}/${id}`, { resolved: false })))) expect(r.status).toBe(200);
    const open = 40 - 10 - 5 + 7 + 3;
    const rows = Number((await server.ctx.db.selectFrom('comments').select((eb) => eb.fn.countAll().as('n')).where('space_id', '=', space.id).where('status', '=', 'open').executeTakeFirstOrThrow()).n);
    expect(rows).toBe(open);
    expect(await commentsCount(space.id)).toBe(open);
    expect((await t.api.get(`/v1/spaces/${space.id}`)).body.comments).toBe(open);
    expect((await t.api.get(`${base}?status=open&limit=0`)).body.count).toBe(open);
    // Lists of spaces show the same counts (the row's base included).
    const listed = new Map(((await t.api.get(`/v1/orgs/${t.org}/spaces`)).body.items as { id: string; comments: number }[]).map((s) => [s.id, s.comments]));
    expect(listed.get(space.id)).toBe(open);
    expect(listed.get(other.id)).toBe(5);
    expect((await t.api.post(`/v1/spaces/${other.id}/comments`, { body: { markdown: 'one more' } })).status).toBe(200);
    expect((await t.api.get(`/v1/spaces/${other.id}`)).body.comments).toBe(6);
    // A duplicate starts at 0; a purged space takes its shards with it.
    const copy = await t.api.post(`/v1/spaces/${space.id}/duplicate`, {});
    expect(copy.status).toBe(201);
    expect(copy.body.comments).toBe(0);
    await server.ctx.db.deleteFrom('spaces').where('id', '=', space.id).execute();
    expect((await server.ctx.db.selectFrom('space_comment_counts').select('shard').where('space_id', '=', space.id).execute()).length).toBe(0);
  });
});

describe('comments posted by group commit', () => {
  const insertGroup = (posts: GroupPost[]) =>
    server.dialect === 'postgres' ? commentsRepo.insertGroup(server.ctx.db, posts) : commentsRepo.insertGroupSqlite(server.ctx.db, posts);
  const epochsNow = async () => {
    const e = await server.ctx.db.selectFrom('cache_epochs').select(['members', 'grants', 'collections']).where('id', '=', 1).executeTakeFirstOrThrow();
    return [String(e.members), String(e.grants), String(e.collections)];
  };
  const post = (id: string, spaceId: string, revision: string, userId: string, spaceVersion: string, epochs: string[]): GroupPost => ({
    row: {
      id, space_id: spaceId, change_request_id: null, review_id: null, revision_id: revision, page_id: null, page_content_hash: null,
      node_id: null, table_record: null, table_definition: null, body: JSON.stringify({ markdown: id }), posted_by: userId,
      posted_at: new Date().toISOString(), edited_at: null, status: 'open', resolved_at: null, resolved_by: null, replies_count: 0,
    } satisfies CommentRow,
    spaceVersion, epochs, shard: 0,
  });

  it('posts at once share statements; each is written and counted once', async () => {
    const t = await createTenant(server, { a: 'comment', b: 'edit' });
    const space = await spaceOf(t);
    const callers = [t.api, t.as('a'), t.as('b')];
    const stats = () => ({ ...(commentGroupStats(server.ctx.db) ?? { statements: 0, writes: 0 }) });
    const before = stats();
    const posts = await Promise.all(Array.from({ length: 36 }, (_, i) => callers[i % 3]!.post(`/v1/spaces/${space.id}/comments`, { body: { markdown: `p ${i}` } })));
    for (const r of posts) expect(r.status).toBe(200);
    const after = stats();
    expect(after.writes - before.writes).toBe(36);
    expect(after.statements - before.statements).toBeLessThan(36);
    const rows = await server.ctx.db.selectFrom('comments').select(['id', 'body', 'posted_by', 'revision_id']).where('space_id', '=', space.id).execute();
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(posts.map((r) => r.body.id as string)));
    const revision = (await t.api.get(`/v1/spaces/${space.id}`)).body.revision as string;
    for (const r of rows) expect(r.revision_id).toBe(revision);
    expect(await commentsCount(space.id)).toBe(36);
    // The answers are the rows as written.
    const listed = (await t.api.get(`/v1/spaces/${space.id}/comments?limit=100`)).body.items as { id: string; body: { markdown: string } }[];
    for (const r of posts) expect(listed.find((c) => c.id === r.body.id)?.body).toEqual(r.body.body);
  });

  it('comments of a change request posted at once share statements too; its counter and the space\u2019s stay exact', async () => {
    const t = await createTenant(server, { a: 'comment', b: 'edit' });
    const space = await spaceOf(t);
    const cr = (await t.api.post(`/v1/spaces/${space.id}/change-requests`, { subject: 'CR' })).body;
    const callers = [t.api, t.as('a'), t.as('b')];
    const stats = () => ({ ...(commentGroupStats(server.ctx.db) ?? { statements: 0, writes: 0 }) });
    const before = stats();
    const posts = await Promise.all(Array.from({ length: 30 }, (_, i) => callers[i % 3]!.post(
      i % 3 === 2 ? `/v1/spaces/${space.id}/comments` : `/v1/spaces/${space.id}/change-requests/${cr.id}/comments`, { body: { markdown: `p ${i}` } })));
    for (const r of posts) expect(r.status).toBe(200);
    const after = stats();
    expect(after.writes - before.writes).toBe(30);
    expect(after.statements - before.statements).toBeLessThan(30);
    const rows = await server.ctx.db.selectFrom('comments').select(['id', 'change_request_id', 'revision_id']).where('space_id', '=', space.id).execute();
    expect(rows).toHaveLength(30);
    const onCr = rows.filter((r) => r.change_request_id === cr.id);
    expect(onCr).toHaveLength(20);
    const crRevision = (await server.ctx.db.selectFrom('change_requests').select('revision_id').where('id', '=', cr.id).executeTakeFirstOrThrow()).revision_id;
    for (const r of onCr) expect(r.revision_id).toBe(crRevision);
    expect((await t.api.get(`/v1/spaces/${space.id}/change-requests/${cr.id}`)).body.comments).toBe(20);
    expect((await t.api.get(`/v1/spaces/${space.id}/change-requests/${cr.id}/comments?limit=0`)).body.count).toBe(20);
    expect(await commentsCount(space.id)).toBe(10);
    // The answers are the rows as written, listed under the change request.
    const listed = (await t.api.get(`/v1/spaces/${space.id}/change-requests/${cr.id}/comments?limit=100`)).body.items as { id: string }[];
    expect(new Set(listed.map((c) => c.id))).toEqual(new Set(onCr.map((r) => r.id)));
  });

  it('a change request\u2019s comment is written only while the change request is in that space at the revision it carries', async () => {
    const t = await createTenant(server);
    const [s1, s2] = [await spaceOf(t), await spaceOf(t)];
    const cr = (await t.api.post(`/v1/spaces/${s1.id}/change-requests`, { subject: 'CR' })).body;
    const v1 = (await spacesRepo.findVersioned(server.ctx.db, s1.id))!;
    const v2 = (await spacesRepo.findVersioned(server.ctx.db, s2.id))!;
    const epochs = await epochsNow();
    const crRevision = (await server.ctx.db.selectFrom('change_requests').select('revision_id').where('id', '=', cr.id).executeTakeFirstOrThrow()).revision_id;
    const onCr = (p: GroupPost, revision = crRevision): GroupPost => ({ ...p, row: { ...p.row, change_request_id: cr.id, revision_id: revision } });
    const [ok, oldRevision, otherSpace, noRequest] = Array.from({ length: 4 }, () => newId());
    const posts = [
      onCr(post(ok!, s1.id, crRevision, t.owner.id, v1.version, epochs)),
      onCr(post(oldRevision!, s1.id, crRevision, t.owner.id, v1.version, epochs), v1.space.revision_id === crRevision ? newId() : v1.space.revision_id),
      onCr(post(otherSpace!, s2.id, crRevision, t.owner.id, v2.version, epochs)),
      { ...post(noRequest!, s1.id, crRevision, t.owner.id, v1.version, epochs), row: { ...post(noRequest!, s1.id, crRevision, t.owner.id, v1.version, epochs).row, change_request_id: newId() } },
    ];
    const inserted = await insertGroup(posts);
    expect([...inserted]).toEqual([ok]);
    const ids = (await server.ctx.db.selectFrom('comments').select('id').where('id', 'in', posts.map((p) => p.row.id)).execute()).map((r) => r.id);
    expect(ids).toEqual([ok]);
    expect((await t.api.get(`/v1/spaces/${s1.id}/change-requests/${cr.id}`)).body.comments).toBe(1);
    expect(await commentsCount(s1.id)).toBe(0);
    expect(await commentsCount(s2.id)).toBe(0);
  });

  it('a post is written only while its space row and the access counters are those it was checked with', async () => {
    const t = await createTenant(server);
    const [s1, s2] = [await spaceOf(t), await spaceOf(t)];
    const v1 = (await spacesRepo.findVersioned(server.ctx.db, s1.id))!;
    const v2 = (await spacesRepo.findVersioned(server.ctx.db, s2.id))!;
    const epochs = await epochsNow();
    const stale = [epochs[0]!, String(Number(epochs[1]) - 1), epochs[2]!];
    // The space row changes after it was read (a rename): a new row version.
    const s1Old = v1.version;
    await server.ctx.db.updateTable('spaces').set({ title: 'Renamed' }).where('id', '=', s1.id).execute();
    const s1New = (await spacesRepo.findVersioned(server.ctx.db, s1.id))!.version;
    expect(s1New).not.toBe(s1Old);
    const [ok1, oldVersion, ok2, staleEpochs, noSpace] = Array.from({ length: 5 }, () => newId());
    const posts = [
      post(ok1!, s1.id, v1.space.revision_id, t.owner.id, s1New, epochs),
      post(oldVersion!, s1.id, v1.space.revision_id, t.owner.id, s1Old, epochs),
      post(ok2!, s2.id, v2.space.revision_id, t.owner.id, v2.version, epochs),
      post(staleEpochs!, s2.id, v2.space.revision_id, t.owner.id, v2.version, stale),
      post(noSpace!, newId(), v2.space.revision_id, t.owner.id, v2.version, epochs),
    ];
    const inserted = await insertGroup(posts);
    expect([...inserted].sort()).toEqual([ok1, ok2].sort());
    const ids = (await server.ctx.db.selectFrom('comments').select('id').where('id', 'in', posts.map((p) => p.row.id)).execute()).map((r) => r.id).sort();
    expect(ids).toEqual([ok1, ok2].sort());
    expect(await commentsCount(s1.id)).toBe(1);
    expect(await commentsCount(s2.id)).toBe(1);
    // A posted comment moves no space row: the version stays, so the next posts are written.
    expect((await spacesRepo.findVersioned(server.ctx.db, s1.id))!.version).toBe(s1New);
  });

  it('a failing statement writes nothing of any post in it, and the posts then go their own way', async () => {
    const t = await createTenant(server);
    const space = await spaceOf(t);
    const v = (await spacesRepo.findVersioned(server.ctx.db, space.id))!;
    const epochs = await epochsNow();
    // Two posts with one id: the second violates the primary key, so the statement fails as a whole.
    const [dup, other] = [newId(), newId()];
    const twice = [dup, other, dup].map((id) => post(id, space.id, v.space.revision_id, t.owner.id, v.version, epochs));
    await expect(insertGroup(twice)).rejects.toThrow();
    expect((await server.ctx.db.selectFrom('comments').select('id').where('space_id', '=', space.id).execute()).length).toBe(0);
    expect(await commentsCount(space.id)).toBe(0);
    // The connections serve the next posts.
    expect((await t.api.post(`/v1/spaces/${space.id}/comments`, { body: { markdown: 'after' } })).status).toBe(200);
    expect(await commentsCount(space.id)).toBe(1);
  });
});

describe('comments of change requests', () => {
  it('are found through the partial change-request index, which a space\u2019s own comments are not in', async () => {
    const t = await createTenant(server);
    const space = await spaceOf(t);
    const cr = (await t.api.post(`/v1/spaces/${space.id}/change-requests`, { subject: 'CR' })).body;
    expect((await t.api.post(`/v1/spaces/${space.id}/comments`, { body: { markdown: 'own' } })).status).toBe(200);
    expect((await t.api.post(`/v1/spaces/${space.id}/change-requests/${cr.id}/comments`, { body: { markdown: 'cr' } })).status).toBe(200);
    const db = server.ctx.db;
    const definition = server.dialect === 'postgres'
      ? await sql<{ d: string }>`select indexdef as d from pg_indexes where indexname = 'comments_change_request_idx'`.execute(db)
      : await sql<{ d: string }>`select sql as d from sqlite_master where name = 'comments_change_request_idx'`.execute(db);
    expect(definition.rows[0]?.d.toLowerCase()).toContain('where');
    // A change request's list (ordered as listed) and the foreign key's cascade compare the column with `=`.
    const queries = [
      sql`select id from comments where space_id = ${space.id} and change_request_id = ${cr.id} order by posted_at desc, id desc limit 10`,
      sql`select id from comments where change_request_id = ${cr.id}`,
    ];
    for (const query of queries) {
      const plan = await db.transaction().execute(async (tx) => {
        if (server.dialect === 'postgres') {
          await sql`set local enable_seqscan = off`.execute(tx);
          return JSON.stringify((await sql`explain ${query}`.execute(tx)).rows);
        }
        return JSON.stringify((await sql`explain query plan ${query}`.execute(tx)).rows);
      });
      expect(plan, plan).toContain('comments_change_request_idx');
    }
    const listed = await t.api.get(`/v1/spaces/${space.id}/change-requests/${cr.id}/comments`);
    expect(listed.body.items.map((c: { body: { markdown?: string } }) => c.body)).toHaveLength(1);
    expect((await t.api.get(`/v1/spaces/${space.id}/comments`)).body.items).toHaveLength(1);
  });
});

describe('prepared statements in a transaction', () => {
  it('see the transaction\u2019s own writes; others see them only after the commit', async () => {
    const t = await createTenant(server);
    const space = await spaceOf(t);
    await server.ctx.db.transaction().execute(async (tx) => {
      await tx.updateTable('spaces').set({ title: 'Inside' }).where('id', '=', space.id).execute();
      expect((await spacesRepo.findById(tx, space.id))?.title).toBe('Inside');
      expect((await spacesRepo.findById(server.ctx.db, space.id))?.title).toBe('Space');
    });
    expect((await spacesRepo.findById(server.ctx.db, space.id))?.title).toBe('Inside');
  });

  it('through a finished transaction are refused, never run in the transaction open meanwhile', async () => {
    const t = await createTenant(server);
    const space = await spaceOf(t);
    const finished = await server.ctx.db.transaction().execute(async (tx) => {
      await spacesRepo.findById(tx, space.id);
      return tx;
    });
    await server.ctx.db.transaction().execute(async (tx) => {
      await tx.updateTable('spaces').set({ title: 'Uncommitted' }).where('id', '=', space.id).execute();
      await expect(spacesRepo.findById(finished, space.id)).rejects.toThrow(/committed/);
    });
  });
});

describe('transactions whose begin goes with their first statement', () => {
  const titleOf = async (id: string) => (await spacesRepo.findById(server.ctx.db, id))?.title;

  it('a rollback undoes the first statement, whether its parameters were written in or not', async () => {
    const t = await createTenant(server);
    const space = await spaceOf(t);
    // Written in: an update with parameters. Not written in: a statement whose text holds a string literal.
    const firsts = [
      (tx: typeof server.ctx.db) => tx.updateTable('spaces').set({ title: 'First' }).where('id', '=', space.id).execute(),
      (tx: typeof server.ctx.db) => sql`update spaces set title = 'Second' where id = ${space.id}`.execute(tx),
    ];
    for (const first of firsts) {
      await expect(server.ctx.db.transaction().execute(async (tx) => {
        await first(tx);
        expect((await spacesRepo.findById(tx, space.id))?.title).not.toBe('Space');
        throw new Error('roll back');
      })).rejects.toThrow('roll back');
      expect(await titleOf(space.id)).toBe('Space');
    }
    // And commits as usual.
    await server.ctx.db.transaction().execute(async (tx) => { await firsts[1]!(tx); });
    expect(await titleOf(space.id)).toBe('Second');
  });

  it('a transaction of deferred statements only, or of nothing, commits', async () => {
    const t = await createTenant(server);
    const space = await spaceOf(t);
    await server.ctx.db.transaction().execute(async (tx) => {
      await atCommit(tx, tx.updateTable('spaces').set({ comments_count: sql`comments_count + ${3}` }).where('id', '=', space.id));
    });
    expect(await commentsCount(space.id)).toBe(3);
    expect(await server.ctx.db.transaction().execute(async () => 'nothing')).toBe('nothing');
    expect(await commentsCount(space.id)).toBe(3);
  });

  it('a failing first statement fails the transaction, and the connection serves the next one', async () => {
    const t = await createTenant(server);
    const space = await spaceOf(t);
    await expect(server.ctx.db.transaction().execute(async (tx) => {
      await tx.insertInto('comments').values({
        id: 'c-dup', space_id: 'no-such-space', change_request_id: null, review_id: null, revision_id: 'r', page_id: null,
        page_content_hash: null, node_id: null, table_record: null, table_definition: null, body: '{}', posted_by: 'u',
        posted_at: new Date(0).toISOString(), edited_at: null, status: 'open', resolved_at: null, resolved_by: null, replies_count: 0,
      }).execute();
    })).rejects.toThrow();
    for (let i = 0; i < 12; i++) {
      await server.ctx.db.transaction().execute(async (tx) => {
        await tx.updateTable('spaces').set({ title: `Title ${i}` }).where('id', '=', space.id).execute();
      });
    }
    expect(await titleOf(space.id)).toBe('Title 11');
  });
});
