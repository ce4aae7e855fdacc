// Link targets found by path and by file name (`link_targets`, migration 20261128T0520: one row per target key with
// its status, found through the table's own partial indexes). The targets a refresh by path or by file name changes
// are exactly those with that path or name, on both databases: anchors of the path, a key cut at 2,048 characters,
// and neighbouring keys (`a/b c`, `a/bb`, `a/b/c`, `n.png2`). (Two targets whose keys are the same once cut are one
// target: the first link's; see docs/content-pipeline.md, session 20.)
import { describe, expect, it } from 'vitest';
import { contentIndexRepo } from '../src/repos/content-index.repo.js';
import { createSpaceTenant, useTestServer } from '../src/testing/index.js';

const server = useTestServer();

describe('link targets by path and name', () => {
  it('a refresh by path or file name changes the targets of that path or name only', async () => {
    const { spaceId } = await createSpaceTenant(server);
    const db = server.ctx.db;
    const long = `a/${'x'.repeat(2100)}`;
    const target = (key: string, path: string | null, name: string | null) => ({
      space_id: spaceId, target_key: key.slice(0, 2048), target_kind: path === null ? 'file' : 'page',
      target_page: null, target_path: path, target_file: null, target_name: name, anchor: null, url: null, url_status: null, status: 'ok',
    });
    const keys = ['path:a/b', 'path:a/b#x', 'path:a/b c', `path:${long}#end`, 'name:n.png', 'name:n.png2', 'path:a/bb', 'path:a/b/c'].map((k) => k.slice(0, 2048));
    const ids = await contentIndexRepo.insertTargets(db, [
      target(keys[0]!, 'a/b', null),
      target(keys[1]!, 'a/b', null),
      target(keys[2]!, 'a/b c', null),
      target(keys[3]!, long, null),
      target(keys[4]!, null, 'n.png'),
      target(keys[5]!, null, 'n.png2'),
      target(keys[6]!, 'a/bb', null),
      target(keys[7]!, 'a/b/c', null),
    ]);
    expect(ids.size).toBe(8);
    const statuses = async () => {
      const rows = await db.selectFrom('link_targets').select(['target_key', 'status']).where('space_id', '=', spaceId).execute();
      const of = new Map(rows.map((r) => [r.target_key, r.status]));
      return keys.map((k, i) => `${i} ${of.get(k)}`);
    };

    // No page or file at any of them: the targets refreshed become broken, the others stay as they were.
    await contentIndexRepo.refreshLinkStatuses(db, spaceId, { column: 'target_path', values: ['a/b', long] });
    expect(await statuses()).toEqual(['0 broken', '1 broken', '2 ok', '3 broken', '4 ok', '5 ok', '6 ok', '7 ok']);
    await contentIndexRepo.refreshLinkStatuses(db, spaceId, { column: 'target_name', values: ['n.png'] });
    expect(await statuses()).toEqual(['0 broken', '1 broken', '2 ok', '3 broken', '4 broken', '5 ok', '6 ok', '7 ok']);
    await contentIndexRepo.refreshLinkStatuses(db, spaceId, { column: 'target_path', values: ['a/b c', 'a/bb', 'a/b/c', 'nothing'] });
    expect(await statuses()).toEqual(['0 broken', '1 broken', '2 broken', '3 broken', '4 broken', '5 ok', '6 broken', '7 broken']);
  });
});
