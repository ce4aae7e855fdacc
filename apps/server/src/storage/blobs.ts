// File bytes, content-addressed by SHA-256. `BlobStore` is what the content engine needs. Two stores:
// - `FsBlobStore` keeps blobs under `<dataDir>/blobs/ab/cdef…` (written to a temporary file and renamed, so a blob
//   is complete or absent): the embedded default with SQLite.
// - `DbBlobStore` keeps them in the `blobs` table: the default with PostgreSQL, so that several server processes
//   (on several machines) share one store and keep no state of their own. It still reads blobs an earlier version
//   wrote to the data folder.
// `BINDERY_BLOB_STORE` (`fs` | `database`) overrides the default. Another store (S3, …) implements the interface.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from '../context.js';
import { blobsRepo } from '../repos/blobs.repo.js';
import { mapLimit } from '../lib/map-limit.js';

export interface BlobStore {
  /** Stores bytes; returns their SHA-256 (hex). Storing the same bytes twice keeps one copy. */
  put(data: Buffer): Promise<string>;
  /** The bytes of a blob, or undefined when it is not stored. */
  get(hash: string): Promise<Buffer | undefined>;
  has(hash: string): Promise<boolean>;
  /** Stores many blobs at once (an import's assets); returns their hashes in order. */
  putMany(data: readonly Buffer[]): Promise<string[]>;
  /** The bytes of many blobs at once (an export's files); blobs not stored are absent from the map. */
  getMany(hashes: readonly string[]): Promise<Map<string, Buffer>>;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const HASH = /^[0-9a-f]{64}$/;

export class FsBlobStore implements BlobStore {
  constructor(private readonly dir: string) {}

  private pathOf(hash: string): string {
    if (!HASH.test(hash)) throw new Error(`Not a blob hash: ${hash}`);
    return join(this.dir, hash.slice(0, 2), hash.slice(2));
  }

  putMany(data: readonly Buffer[]): Promise<string[]> {
    return mapLimit(data, 8, (d) => this.put(d));
  }

  async getMany(hashes: readonly string[]): Promise<Map<string, Buffer>> {
    const unique = [...new Set(hashes)];
    const found = await mapLimit(unique, 8, async (h) => [h, HASH.test(h) ? await this.get(h) : undefined] as const);
    return new Map(found.filter((e): e is readonly [string, Buffer] => e[1] !== undefined));
  }

  async put(data: Buffer): Promise<string> {
    const hash = sha256(data);
    const path = this.pathOf(hash);
    if (await this.has(hash)) return hash;
    const folder = join(this.dir, hash.slice(0, 2));
    await mkdir(folder, { recursive: true }).catch(async (err: NodeJS.ErrnoException) => {
      // Node's recursive mkdir answers ENOENT on a read-only file system (a 500 naming a missing file): asked again
      // without it, the folder's own error names the cause (EROFS, ENOSPC, EACCES: a 503/507, db/failures.ts).
      if (err.code !== 'ENOENT') throw err;
      for (const f of [this.dir, folder]) {
        await mkdir(f).catch((e: NodeJS.ErrnoException) => {
          if (e.code !== 'EEXIST') throw e;
        });
      }
    });
    const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(tmp, data);
    try {
      await rename(tmp, path);
    } catch (err) {
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
    return hash;
  }

  async get(hash: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(hash));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async has(hash: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(hash))).isFile();
    } catch {
      return false;
    }
  }
}

export class DbBlobStore implements BlobStore {
  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'clock'>,
    /** Where blobs written before the database store was chosen are read from. */
    private readonly legacy?: BlobStore,
  ) {}

  async put(data: Buffer): Promise<string> {
    return (await this.putMany([data]))[0]!;
  }

  async putMany(data: readonly Buffer[]): Promise<string[]> {
    const hashes = data.map(sha256);
    const rows = new Map<string, Buffer>();
    data.forEach((d, i) => rows.set(hashes[i]!, d));
    await blobsRepo.insertManyIfAbsent(this.ctx.db, [...rows].map(([hash, d]) => ({ hash, data: d })), this.ctx.clock.now().toISOString());
    return hashes;
  }

  async getMany(hashes: readonly string[]): Promise<Map<string, Buffer>> {
    const wanted = [...new Set(hashes)].filter((h) => HASH.test(h));
    const found = await blobsRepo.findMany(this.ctx.db, wanted);
    const missing = wanted.filter((h) => !found.has(h));
    if (missing.length && this.legacy) for (const [h, d] of await this.legacy.getMany(missing)) found.set(h, d);
    return found;
  }

  async get(hash: string): Promise<Buffer | undefined> {
    if (!HASH.test(hash)) return undefined;
    return (await blobsRepo.find(this.ctx.db, hash)) ?? (await this.legacy?.get(hash));
  }

  async has(hash: string): Promise<boolean> {
    if (!HASH.test(hash)) return false;
    return (await blobsRepo.exists(this.ctx.db, hash)) || ((await this.legacy?.has(hash)) ?? false);
  }
}

/** The store a configuration asks for: `database` by default on PostgreSQL, the data folder on SQLite. */
export function blobStoreKind(config: AppContext['config']): 'fs' | 'database' {
  return config.blobStore ?? (config.databaseUrl ? 'database' : 'fs');
}

const stores = new WeakMap<AppContext['config'], BlobStore>();

/** The blob store of a server (`blobStoreKind`, unless one was set with `setBlobStore`). */
export function blobStore(ctx: AppContext): BlobStore {
  let s = stores.get(ctx.config);
  if (!s) {
    const fs = new FsBlobStore(join(ctx.config.dataDir, 'blobs'));
    s = blobStoreKind(ctx.config) === 'database' ? new DbBlobStore(ctx, fs) : fs;
    stores.set(ctx.config, s);
  }
  return s;
}

export function setBlobStore(ctx: AppContext, store: BlobStore): void {
  stores.set(ctx.config, store);
}
