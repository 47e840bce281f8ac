import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, StoredFileNotFound, type FileStorage, type StoredFileEntry, type StoredFileMeta } from './file-storage.ts';

const TEMP_PREFIX = '.tmp-';

/**
 * Files in a directory (by default `${DATA_DIR}/uploads`). A write goes to a temporary file
 * beside the target and is renamed over it, so a crash or a concurrent reader never sees a
 * partial file. Only the bytes are kept: type and name live in the database.
 */
export class LocalFileStorage implements FileStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    const file = path.resolve(this.root, ...key.split('/'));
    // Belt and braces: the key check already rules this out.
    if (!file.startsWith(this.root + path.sep)) throw new Error(`Storage key escapes the root: ${key}`);
    return file;
  }

  async put(key: string, body: Readable | Buffer, _meta: StoredFileMeta): Promise<{ size: number }> {
    const file = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const temp = path.join(path.dirname(file), `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`);
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, fs.createWriteStream(temp, { flags: 'wx', mode: 0o600 }));
      // On disk before it gets its name: after a crash the name holds the whole file or nothing new.
      const handle = await fs.promises.open(temp, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.promises.rename(temp, file);
    } catch (error) {
      await fs.promises.rm(temp, { force: true });
      throw error;
    }
    return { size: (await fs.promises.stat(file)).size };
  }

  async get(key: string): Promise<{ stream: Readable; size: number }> {
    const file = this.pathOf(key);
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(file, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StoredFileNotFound(key);
      throw error;
    }
    // Size and stream from one open file: a concurrent replace cannot mix two versions.
    const { size } = await handle.stat();
    return { stream: handle.createReadStream(), size };
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fs.promises.stat(this.pathOf(key))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  private async entriesUnder(prefix: string): Promise<fs.Dirent[]> {
    assertSafeKey(prefix.replace(/\/$/, ''));
    const dir = path.resolve(this.root, ...prefix.split('/').filter(Boolean));
    try {
      return await fs.promises.readdir(dir, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  async discardIncomplete(prefix: string): Promise<number> {
    const temporary = (await this.entriesUnder(prefix)).filter((entry) => entry.isFile() && entry.name.startsWith(TEMP_PREFIX));
    for (const entry of temporary) await fs.promises.rm(path.join(entry.parentPath, entry.name), { force: true });
    return temporary.length;
  }

  async *list(prefix: string): AsyncIterable<StoredFileEntry> {
    for (const entry of await this.entriesUnder(prefix)) {
      // A write in progress is a temporary file beside its target: not a file yet.
      if (!entry.isFile() || entry.name.startsWith(TEMP_PREFIX)) continue;
      const file = path.join(entry.parentPath, entry.name);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (stat) yield { key: path.relative(this.root, file).split(path.sep).join('/'), modifiedAt: stat.mtime };
    }
  }
}
