import type { Readable } from 'node:stream';

/** Where uploaded files live: a local directory or an object store, behind one interface. */
export interface FileStorage {
  /** Writes the whole file under `key`, replacing what was there; readers never see half a file. */
  put(key: string, body: Readable | Buffer, meta: StoredFileMeta): Promise<{ size: number }>;
  /** The file's bytes; throws StoredFileNotFound when there is none. */
  get(key: string): Promise<{ stream: Readable; size: number }>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The files whose keys start with `prefix` (a folder, ending in '/'), with when each was written: for sweeps of files no row names. */
  list(prefix: string): AsyncIterable<StoredFileEntry>;
  /**
   * Removes what writes killed midway left under `prefix` (a process killed while it wrote; not
   * files), when no write there can be in progress; the number removed. Object stores write whole
   * objects or nothing: 0.
   */
  discardIncomplete(prefix: string): Promise<number>;
}

export interface StoredFileEntry {
  key: string;
  modifiedAt: Date;
}

export interface StoredFileMeta {
  contentType: string;
}

export class StoredFileNotFound extends Error {
  readonly key: string;
  constructor(key: string) {
    super(`No stored file under ${key}`);
    this.key = key;
  }
}

/** The storage could not be reached or refused the operation (object stores, full disks). */
export class FileStorageUnavailable extends Error {}

// Keys are made by the application (never from user input), but every driver checks them anyway:
// segments of letters, digits, '.', '_' and '-', not starting with a dot, so no '..', no absolute
// paths, no hidden or temporary files.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

export function assertSafeKey(key: string): void {
  const segments = key.split('/');
  if (key.length > 512 || segments.length > 8 || !segments.every((s) => SEGMENT.test(s))) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
}
