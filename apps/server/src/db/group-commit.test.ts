// Group commit (db/group-commit.ts): one write alone goes at once; writes arriving while a statement is in flight go
// together in the next one (up to `max`), each with its own outcome; a failing statement fails only its own writes.
import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.js';

describe('GroupCommit', () => {
  it('runs a write alone at once, then the writes that arrived meanwhile together, each with its own outcome', async () => {
    const statements: number[][] = [];
    const releases: (() => void)[] = [];
    const g = new GroupCommit<number, string>(async (items) => {
      statements.push(items);
      await new Promise<void>((r) => releases.push(r));
      return items.map((i) => `done ${i}`);
    }, { max: 3 });
    const first = g.add(1);
    expect(statements).toEqual([[1]]);
    const rest = [2, 3, 4, 5].map((i) => g.add(i));
    expect(statements).toEqual([[1]]);
    releases.shift()!();
    expect(await first).toBe('done 1');
    await new Promise((r) => setImmediate(r));
    expect(statements).toEqual([[1], [2, 3, 4]]);
    releases.shift()!();
    await new Promise((r) => setImmediate(r));
    expect(statements).toEqual([[1], [2, 3, 4], [5]]);
    releases.shift()!();
    expect(await Promise.all(rest)).toEqual(['done 2', 'done 3', 'done 4', 'done 5']);
    expect(g.stats).toEqual({ statements: 3, writes: 5 });
  });

  it('a failing statement rejects its own writes only; the next statement runs', async () => {
    const g = new GroupCommit<number, number>(async (items) => {
      await new Promise((r) => setImmediate(r));
      if (items.includes(2)) throw new Error('refused');
      return items.map((i) => i * 10);
    });
    const a = g.add(1);
    const b = g.add(2);
    const c = g.add(3);
    expect(await a).toBe(10);
    await expect(b).rejects.toThrow('refused');
    await expect(c).rejects.toThrow('refused');
    expect(await g.add(4)).toBe(40);
    // A statement that throws before returning a promise is a failure of its writes too.
    const h = new GroupCommit<number, number>(() => { throw new Error('at once'); });
    await expect(h.add(1)).rejects.toThrow('at once');
  });

  it("gather 'turn': the writes made in one turn of the event loop go together, even with none in flight", async () => {
    const statements: number[][] = [];
    const g = new GroupCommit<number, number>(async (items) => {
      statements.push(items);
      return items;
    }, { gather: 'turn' });
    const first = [1, 2, 3].map((i) => g.add(i));
    expect(statements).toEqual([]);
    expect(await Promise.all(first)).toEqual([1, 2, 3]);
    expect(await g.add(4)).toBe(4);
    expect(statements).toEqual([[1, 2, 3], [4]]);
  });
});
