// Link rows found by their target keys (migration 20261128T0300: on SQLite the path and name indexes of `page_links`
// are gone, and refreshLinkStatuses reads ranges of the status index's target keys). The rows a refresh by path or
// by file name changes are exactly those with that path or name, on both databases: anchors of the path, keys cut
// at 2,048 characters, and neighbouring keys inside a path's key range (`a/b c`) or after it (`a/bb`, `n.png2`).
import { describe, expect, it } from 'vitest';
import { contentIndexRepo } from '../src/repos/content-index.repo.js';
import { createSpaceTenant, useTestServer } from '../src/testing/index.js';

const server = useTestServer();

describe('link rows by target key', () => {
  it('a refresh by path or file name changes the rows of that path or name only', async () => {
    const { spaceId } = await createSpaceTenant(server);
    const db = server.ctx.db;
    const long = `a/${'x'.repeat(2100)}`;
    const page = (seq: number, key: string, path: string | null, name: string | null) => ({
      space_id: spaceId, page_id: 'p1', seq, source: 'link', target_key: key.slice(0, 2048), target_kind: path === null ? 'file' : 'page',
      target_page: null, target_path: path, target_file: null, target_name: name, anchor: null, url: null, url_status: null, status: 'ok',
    });
    await contentIndexRepo.insertLinks(db, [
      page(0, 'path:a/b', 'a/b', null),
      page(1, 'path:a/b#x', 'a/b', null),
      page(2, 'path:a/b c', 'a/b c', null),
      page(3, `path:${long}#end`, long, null),
      page(4, 'name:n.png', null, 'n.png'),
      page(5, 'name:n.png2', null, 'n.png2'),
      page(6, 'path:a/bb', 'a/bb', null),
      page(7, `path:${long}y`, `${long}y`, null),
    ]);
    const statuses = async () => (await db.selectFrom('page_links').select(['seq', 'status']).where('space_id', '=', spaceId).orderBy('seq').execute())
      .map((r) => `${r.seq} ${r.status}`);

    // No page or file at any of them: the rows refreshed become broken, the others stay as they were.
    await contentIndexRepo.refreshLinkStatuses(db, spaceId, { column: 'target_path', values: ['a/b', long] });
    expect(await statuses()).toEqual(['0 broken', '1 broken', '2 ok', '3 broken', '4 ok', '5 ok', '6 ok', '7 ok']);
    await contentIndexRepo.refreshLinkStatuses(db, spaceId, { column: 'target_name', values: ['n.png'] });
    expect(await statuses()).toEqual(['0 broken', '1 broken', '2 ok', '3 broken', '4 broken', '5 ok', '6 ok', '7 ok']);
    await contentIndexRepo.refreshLinkStatuses(db, spaceId, { column: 'target_path', values: ['a/b c', 'a/bb', `${long}y`, 'nothing'] });
    expect(await statuses()).toEqual(['0 broken', '1 broken', '2 broken', '3 broken', '4 broken', '5 ok', '6 broken', '7 broken']);
  });
});
