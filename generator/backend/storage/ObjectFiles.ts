import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { copyFile, open, rename, rm, type FileHandle } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Queryable } from '../Database.ts';

/** How many bytes of a file's start are kept for sniffing its type. */
const HEAD_BYTES = 4096;

/**
 * A file being received: written to the store's tmp/ folder (0600), its
 * size and MD5 counted as it goes; bytes past `limit` are not written and
 * mark it truncated (the upload is then refused with 413).
 */
export class IncomingFile {
  size = 0;
  truncated = false;
  head: Buffer = Buffer.alloc(0);
  private readonly hash = createHash('md5');

  constructor(
    readonly path: string,
    private readonly handle: FileHandle,
    readonly limit: number,
  ) {}

  async write(chunk: Uint8Array): Promise<void> {
    if (this.truncated || chunk.length === 0) return;
    if (this.size + chunk.length > this.limit) {
      this.truncated = true;
      return;
    }
    if (this.head.length < HEAD_BYTES) this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
    this.size += chunk.length;
    this.hash.update(chunk);
    await this.handle.write(chunk);
  }

  /** The S3-style ETag: the quoted MD5 of the bytes. */
  eTag(): string {
    return `"${this.hash.copy().digest('hex')}"`;
  }

  /** Flushes the bytes to disk (fsync) and closes the file. */
  async finish(): Promise<void> {
    await this.handle.sync();
    await this.handle.close();
  }

  async discard(): Promise<void> {
    await this.handle.close().catch(() => {});
    await rm(this.path, { force: true });
  }
}

/**
 * The object files: `<root>/objects/<version>`, named by the version (a UUID
 * the row's `version` column holds), never by the user's path. A file comes
 * in under tmp/, is fsynced and renamed into objects/ before its row is
 * committed, and is removed after the row that named it is gone: a crash
 * can leave a file without a row (removed by sweep() on the next start),
 * never a row without its file.
 */
export class ObjectFiles {
  private constructor(
    readonly root: string,
    private readonly temporary: boolean,
  ) {
    for (const dir of ['objects', 'tmp']) mkdirSync(path.join(root, dir), { recursive: true, mode: 0o700 });
  }

  /** The store under `<dataDir>/storage`, or in a temporary folder (removed on close) without a data dir. */
  static open(dataDir: string | null): ObjectFiles {
    if (dataDir) return new ObjectFiles(path.join(dataDir, 'storage'), false);
    return new ObjectFiles(mkdtempSync(path.join(os.tmpdir(), 'site-storage-')), true);
  }

  /** A new file to receive bytes into, at most `limit` of them. */
  async incoming(limit: number): Promise<IncomingFile> {
    const file = path.join(this.root, 'tmp', `${randomUUID()}.part`);
    return new IncomingFile(file, await open(file, 'wx', 0o600), limit);
  }

  /** Moves a finished incoming file into objects/ under a new version; returns the version. */
  async commit(file: IncomingFile): Promise<string> {
    await file.finish();
    const version = randomUUID();
    await rename(file.path, this.pathOf(version));
    await this.syncObjectsFolder();
    return version;
  }

  /** A copy of a version's file under a new version (the copy route). */
  async duplicate(version: string): Promise<string> {
    const copy = randomUUID();
    const tmp = path.join(this.root, 'tmp', `${copy}.part`);
    await copyFile(this.pathOf(version), tmp);
    const handle = await open(tmp, 'r+');
    await handle.sync();
    await handle.close();
    await rename(tmp, this.pathOf(copy));
    await this.syncObjectsFolder();
    return copy;
  }

  /** The bytes of a version (start..end inclusive when given); rejects with ENOENT when the file is gone. */
  async read(version: string, range?: { start: number; end: number }): Promise<Readable> {
    const stream = createReadStream(this.pathOf(version), range ?? {});
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', reject);
    });
    return stream;
  }

  pathOf(version: string): string {
    if (!/^[0-9a-f-]{36}$/.test(version)) throw Object.assign(new Error(`not a version: ${version}`), { code: 'ENOENT' });
    return path.join(this.root, 'objects', version);
  }

  /** Removes the files of versions whose rows are gone (missing files are fine). */
  async remove(versions: Array<string | null | undefined>): Promise<void> {
    for (const version of versions) if (version && /^[0-9a-f-]{36}$/.test(version)) await rm(this.pathOf(version), { force: true });
  }

  /**
   * Removes what a crash left: incoming files, and object files no row names.
   * Runs at start, while this process holds the data dir.
   */
  async sweep(db: Queryable): Promise<number> {
    for (const name of readdirSync(path.join(this.root, 'tmp'))) rmSync(path.join(this.root, 'tmp', name), { force: true, recursive: true });
    const files = readdirSync(path.join(this.root, 'objects'));
    let removed = 0;
    for (let i = 0; i < files.length; i += 1000) {
      const batch = files.slice(i, i + 1000);
      const named = await db.query<{ version: string }>('select version from storage.objects where version = any($1::text[])', [batch]);
      const kept = new Set(named.rows.map((r) => r.version));
      for (const name of batch) {
        if (kept.has(name)) continue;
        rmSync(path.join(this.root, 'objects', name), { force: true, recursive: true });
        removed++;
      }
    }
    return removed;
  }

  close(): void {
    if (this.temporary) rmSync(this.root, { recursive: true, force: true });
  }

  /** Makes the renames into objects/ durable. */
  private async syncObjectsFolder(): Promise<void> {
    const dir = await open(path.join(this.root, 'objects'), 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  }
}
