import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Deps } from '../../deps.ts';
import type { FileStorage, StoredFileMeta } from './file-storage.ts';
import { LocalFileStorage } from './local-file-storage.ts';
import type { S3Settings } from './s3-file-storage.ts';

export * from './file-storage.ts';

const instances = new WeakMap<object, FileStorage>();

/** The storage the configuration chooses: `${DATA_DIR}/uploads` unless STORAGE_DRIVER=s3. */
export function createFileStorage(config: Deps['config']): FileStorage {
  if (config.STORAGE_DRIVER === 's3') {
    const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
    if (!bucket) throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET (and S3_ENDPOINT for stores other than AWS).');
    if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
      throw new Error('Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (then the AWS default credential chain: role, web identity, profile).');
    }
    const credentials = accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined;
    return new LazyS3FileStorage({ endpoint: config.S3_ENDPOINT, region: config.S3_REGION, bucket, credentials });
  }
  return new LocalFileStorage(path.join(config.DATA_DIR, 'uploads'));
}

/** One storage per deps object (the app's, or a test's), made on first use. */
export function storageFor(deps: Pick<Deps, 'config'>): FileStorage {
  let storage = instances.get(deps);
  if (!storage) {
    storage = createFileStorage(deps.config);
    instances.set(deps, storage);
  }
  return storage;
}

/**
 * The S3 driver, with the AWS SDK loaded on the first file operation: the SDK is ~35 MB of the
 * server's memory, which a server on local storage (or one that never touches a file) never needs.
 */
class LazyS3FileStorage implements FileStorage {
  #storage: Promise<FileStorage> | undefined;
  readonly #settings: S3Settings;
  constructor(settings: S3Settings) {
    this.#settings = settings;
  }
  #s3(): Promise<FileStorage> {
    return (this.#storage ??= import('./s3-file-storage.ts').then(({ S3FileStorage }) => new S3FileStorage(this.#settings)));
  }
  async put(key: string, body: Readable | Buffer, meta: StoredFileMeta) {
    return (await this.#s3()).put(key, body, meta);
  }
  async get(key: string) {
    return (await this.#s3()).get(key);
  }
  async delete(key: string) {
    return (await this.#s3()).delete(key);
  }
  async exists(key: string) {
    return (await this.#s3()).exists(key);
  }
  async *list(prefix: string) {
    yield* (await this.#s3()).list(prefix);
  }
  async discardIncomplete(prefix: string) {
    return (await this.#s3()).discardIncomplete(prefix);
  }
}
