// File bytes, content-addressed by SHA-256. `BlobStore` is what the content engine needs; `FsBlobStore` keeps
// blobs under `<dataDir>/blobs/ab/cdef…` (written to a temporary file and renamed, so a blob is complete or absent).
// Another store (S3, …) implements the same interface. Several servers sharing PostgreSQL need a shared store.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from '../context.js';

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

const stores = new WeakMap<AppContext['config'], BlobStore>();

/** The blob store of a server (the data folder's, unless one was set with `setBlobStore`). */
export function blobStore(ctx: AppContext): BlobStore {
  let s = stores.get(ctx.config);
  if (!s) {
    s = new FsBlobStore(join(ctx.config.dataDir, 'blobs'));
    stores.set(ctx.config, s);
  }
  return s;
}

export function setBlobStore(ctx: AppContext, store: BlobStore): void {
  stores.set(ctx.config, store);
}
