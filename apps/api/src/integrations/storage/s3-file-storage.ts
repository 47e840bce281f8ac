import { createHash, createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { assertSafeKey, FileStorageUnavailable, StoredFileNotFound, type FileStorage, type StoredFileMeta } from './file-storage.ts';

export interface S3Settings {
  /** e.g. `http://minio:9000`; unset means AWS itself (virtual-hosted `https://<bucket>.s3.<region>.amazonaws.com`). */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  timeoutMs?: number;
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** S3's URI encoding: RFC 3986 unreserved characters stay, everything else is %XX. */
const encodeSegment = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * AWS Signature Version 4 for S3 (header-based): returns the headers to send, Authorization
 * included. Exported for the test against AWS's published example.
 */
export function signS3Request(input: {
  method: string;
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  date: Date;
}): Record<string, string> {
  const amzDate = input.date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = { ...input.headers, host: input.url.host, 'x-amz-content-sha256': input.payloadHash, 'x-amz-date': amzDate };
  const names = Object.keys(headers)
    .map((n) => n.toLowerCase())
    .sort();
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')]));
  const query = [...input.url.searchParams.entries()]
    .map(([k, v]) => [encodeSegment(k), encodeSegment(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonical = [input.method, input.url.pathname, query, ...names.map((n) => `${n}:${lower[n]}`), '', names.join(';'), input.payloadHash].join('\n');
  const scope = `${day}/${input.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope},SignedHeaders=${names.join(';')},Signature=${signature}`,
  };
}

async function toBuffer(body: Readable | Buffer): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, Ceph, Wasabi...) through its REST API with SigV4.
 * Uploads are at most 10 MB, so a single signed PUT suffices (no multipart upload); an object
 * PUT is atomic in S3, which gives the same no-partial-file guarantee as the local driver.
 */
export class S3FileStorage implements FileStorage {
  private readonly settings: S3Settings;
  private readonly now: () => Date;
  constructor(settings: S3Settings, now: () => Date = () => new Date()) {
    this.settings = settings;
    this.now = now;
  }

  private urlOf(key: string): URL {
    assertSafeKey(key);
    const path = key.split('/').map(encodeSegment).join('/');
    const { endpoint, bucket, region } = this.settings;
    if (endpoint) return new URL(`${endpoint.replace(/\/$/, '')}/${encodeSegment(bucket)}/${path}`);
    return new URL(`https://${bucket}.s3.${region}.amazonaws.com/${path}`);
  }

  private async send(method: string, key: string, body?: Buffer, extraHeaders: Record<string, string> = {}): Promise<Response> {
    const url = this.urlOf(key);
    const headers = signS3Request({
      method,
      url,
      headers: extraHeaders,
      payloadHash: sha256Hex(body ?? ''),
      region: this.settings.region,
      accessKeyId: this.settings.accessKeyId,
      secretAccessKey: this.settings.secretAccessKey,
      date: this.now(),
    });
    delete headers.host;
    try {
      return await fetch(url, { method, headers, body, signal: AbortSignal.timeout(this.settings.timeoutMs ?? 30_000) });
    } catch (error) {
      throw new FileStorageUnavailable(`S3 ${method} ${key} failed: ${(error as Error).message}`);
    }
  }

  private async fail(response: Response, what: string): Promise<never> {
    const text = await response.text().catch(() => '');
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
    throw new FileStorageUnavailable(`S3 ${what} answered ${response.status}${code ? ` ${code}` : ''}`);
  }

  async put(key: string, body: Readable | Buffer, meta: StoredFileMeta): Promise<{ size: number }> {
    const bytes = await toBuffer(body);
    const response = await this.send('PUT', key, bytes, { 'content-type': meta.contentType, 'content-length': String(bytes.length) });
    if (!response.ok) await this.fail(response, `PUT ${key}`);
    await response.arrayBuffer();
    return { size: bytes.length };
  }

  async get(key: string): Promise<{ stream: Readable; size: number }> {
    const response = await this.send('GET', key);
    if (response.status === 404) {
      await response.arrayBuffer();
      throw new StoredFileNotFound(key);
    }
    if (!response.ok || !response.body) await this.fail(response, `GET ${key}`);
    const size = Number(response.headers.get('content-length'));
    return { stream: Readable.fromWeb(response.body as WebReadableStream), size: Number.isFinite(size) ? size : 0 };
  }

  async delete(key: string): Promise<void> {
    const response = await this.send('DELETE', key);
    // S3 answers 204 whether or not the object existed; some compatible stores answer 404.
    if (!response.ok && response.status !== 404) await this.fail(response, `DELETE ${key}`);
    await response.arrayBuffer();
  }

  async exists(key: string): Promise<boolean> {
    const response = await this.send('HEAD', key);
    await response.arrayBuffer();
    if (response.status === 404) return false;
    if (!response.ok) await this.fail(response, `HEAD ${key}`);
    return true;
  }
}
