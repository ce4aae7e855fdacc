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

export interface BlobStore {
  /** Stores bytes; returns their SHA-256 (hex). Storing the same bytes twice keeps one copy. */
  put(data: Buffer): Promise<string>;
  /** The bytes of a blob, or undefined when it is not stored. */
  get(hash: string): Promise<Buffer | undefined>;
  has(hash: string): Promise<boolean>;
}

const HASH = /^[0-9a-f]{64}$/;

export class FsBlobStore implements BlobStore {
  constructor(private readonly dir: string) {}

  private pathOf(hash: string): string {
    if (!HASH.test(hash)) throw new Error(`Not a blob hash: ${hash}`);
    return join(this.dir, hash.slice(0, 2), hash.slice(2));
  }

  async put(data: Buffer): Promise<string> {
    const hash = createHash('sha256').update(data).digest('hex');
    const path = this.pathOf(hash);
    if (await this.has(hash)) return hash;
    await mkdir(join(this.dir, hash.slice(0, 2)), { recursive: true });
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
    const hash = createHash('sha256').update(data).digest('hex');
    await blobsRepo.insertIfAbsent(this.ctx.db, hash, data, this.ctx.clock.now().toISOString());
    return hash;
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
