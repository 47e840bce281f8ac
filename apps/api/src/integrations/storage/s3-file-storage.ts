import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertSafeKey, FileStorageUnavailable, StoredFileNotFound, type FileStorage, type StoredFileEntry, type StoredFileMeta } from './file-storage.ts';

export interface S3Settings {
  /** e.g. `http://minio:9000` (then path-style addressing); unset means AWS itself. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Static keys; without them the SDK's default chain (environment, profile, web identity / STS, ECS or EC2 role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Per HTTP request (each attempt): the default 30 s. */
  timeoutMs?: number;
  /** Attempts of each request, retries with back-off included: the SDK's default 3. */
  maxAttempts?: number;
}

// The smallest part S3 takes. Uploads are at most 10 MB: two parts at most, one held at a time.
const PART_SIZE = 5 * 1024 * 1024;

/**
 * An S3-compatible bucket (AWS S3, MinIO, Ceph, Wasabi...) through the AWS SDK: signing,
 * retries with back-off and the credential chain are the SDK's. Uploads stream through
 * lib-storage (one PUT, or a multipart upload past one part), so a file is never whole in
 * memory; an object appears only once completely written, and a failed multipart upload is
 * aborted, which gives the local driver's no-partial-file guarantee.
 */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: Boolean(settings.endpoint),
      credentials: settings.credentials,
      maxAttempts: settings.maxAttempts ?? 3,
      requestHandler: { connectionTimeout: 5_000, requestTimeout: settings.timeoutMs ?? 30_000 },
      // Checksums only where S3 requires them: several S3-compatible stores do not know the
      // CRC32 headers newer SDKs add to every request by default.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable | Buffer, meta: StoredFileMeta): Promise<{ size: number }> {
    assertSafeKey(key);
    let size = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    let sourceError: unknown = null;
    // A failing source (a client gone mid-upload, a file too large) fails the upload with it.
    pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, counted, (error) => {
      if (error) sourceError ??= error;
    });
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: counted, ContentType: meta.contentType },
      queueSize: 1,
      partSize: PART_SIZE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      if (sourceError) throw sourceError;
      throw unavailable(`PUT ${key}`, error);
    }
    return { size };
  }

  async get(key: string): Promise<{ stream: Readable; size: number }> {
    assertSafeKey(key);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(object.Body instanceof Readable)) throw new Error('The SDK answered a body that is not a Node stream.');
      return { stream: object.Body, size: object.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) throw new StoredFileNotFound(key);
      throw unavailable(`GET ${key}`, error);
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      // S3 answers 204 whether or not the object existed; some compatible stores answer 404.
      if (!isNotFound(error)) throw unavailable(`DELETE ${key}`, error);
    }
  }

  async exists(key: string): Promise<boolean> {
    assertSafeKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw unavailable(`HEAD ${key}`, error);
    }
  }

  /** A PUT stores the whole object or nothing: an interrupted write leaves no object behind. */
  async discardIncomplete(_prefix: string): Promise<number> {
    return 0;
  }

  async *list(prefix: string): AsyncIterable<StoredFileEntry> {
    assertSafeKey(prefix.replace(/\/$/, ''));
    let token: string | undefined;
    do {
      let page;
      try {
        page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      } catch (error) {
        throw unavailable(`LIST ${prefix}`, error);
      }
      for (const object of page.Contents ?? []) if (object.Key) yield { key: object.Key, modifiedAt: object.LastModified ?? new Date(0) };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound');
}

function unavailable(what: string, error: unknown): FileStorageUnavailable {
  const status = error instanceof S3ServiceException ? ` answered ${error.$metadata.httpStatusCode ?? '?'} ${error.name}` : ` failed: ${(error as Error)?.message ?? String(error)}`;
  return new FileStorageUnavailable(`S3 ${what}${status}`, { cause: error });
}
