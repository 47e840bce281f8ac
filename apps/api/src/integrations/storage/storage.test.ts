import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRootDir, loadConfig } from '../../config.ts';
import { assertSafeKey, FileStorageUnavailable, StoredFileNotFound, type FileStorage } from './file-storage.ts';
import { createFileStorage, storageFor } from './index.ts';
import { LocalFileStorage } from './local-file-storage.ts';
import { S3FileStorage, signS3Request } from './s3-file-storage.ts';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** What every driver must do. */
async function exerciseDriver(storage: FileStorage) {
  const key = 'forms/1/0b6f2c9e-5a4e-4f3b-9a63-1c2d3e4f5a6b';
  expect(await storage.exists(key)).toBe(false);
  await expect(storage.get(key)).rejects.toBeInstanceOf(StoredFileNotFound);
  expect(await storage.put(key, Buffer.from('první verze'), { contentType: 'application/pdf' })).toEqual({ size: Buffer.byteLength('první verze') });
  expect(await storage.exists(key)).toBe(true);
  await storage.put(key, Readable.from([Buffer.from('druhá '), Buffer.from('verze')]), { contentType: 'application/pdf' });
  const { stream, size } = await storage.get(key);
  expect(size).toBe(Buffer.byteLength('druhá verze'));
  expect((await readAll(stream)).toString()).toBe('druhá verze');
  await storage.delete(key);
  await storage.delete(key);
  expect(await storage.exists(key)).toBe(false);
  for (const bad of ['../etc/passwd', '/abs', 'a/../b', '.hidden', 'a//b', 'a/.tmp-x', 'ž', '']) {
    await expect(storage.put(bad, Buffer.from('x'), { contentType: 'text/plain' }), bad).rejects.toThrow(/Unsafe storage key/);
  }
}

describe('storage keys', () => {
  it('admit plain segments only', () => {
    expect(() => assertSafeKey('forms/12/8f14e45f-ceea-467f-a0e6-1b9c3d2a7e10')).not.toThrow();
    for (const bad of ['..', 'a/..', 'a\\b', 'a b', 'x'.repeat(600), 'a/b/c/d/e/f/g/h/i']) expect(() => assertSafeKey(bad), bad).toThrow();
  });
});

describe('LocalFileStorage', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-storage-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('stores, replaces, reads and deletes files, refusing unsafe keys', async () => {
    await exerciseDriver(new LocalFileStorage(dir));
  });

  it('writes through a temporary file: a failed write leaves neither a partial file nor the temporary one', async () => {
    const storage = new LocalFileStorage(dir);
    await storage.put('forms/2/keep', Buffer.from('celý soubor'), { contentType: 'application/pdf' });
    const failing = new Readable({
      read() {
        this.push(Buffer.from('polovina'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put('forms/2/keep', failing, { contentType: 'application/pdf' })).rejects.toThrow('client went away');
    expect((await readAll((await storage.get('forms/2/keep')).stream)).toString()).toBe('celý soubor');
    expect(fs.readdirSync(path.join(dir, 'forms', '2'))).toEqual(['keep']);
  });

  it('is chosen by default, under DATA_DIR/uploads, once per deps object', async () => {
    const config = loadConfig({ DATA_DIR: dir }, defaultRootDir());
    const deps = { config };
    expect(storageFor(deps)).toBe(storageFor(deps));
    expect(storageFor({ config })).not.toBe(storageFor(deps));
    await storageFor(deps).put('a/b', Buffer.from('x'), { contentType: 'text/plain' });
    expect(fs.readFileSync(path.join(dir, 'uploads', 'a', 'b'), 'utf8')).toBe('x');
  });
});

describe('S3FileStorage', () => {
  it("signs requests exactly as AWS's published SigV4 example (GET /test.txt with a Range)", () => {
    const headers = signS3Request({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { range: 'bytes=0-9' },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      date: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  // A local stand-in for an S3-compatible store (path-style, as MinIO serves it).
  const objects = new Map<string, { body: Buffer; type: string }>();
  const seen: { method: string; url: string; authorization: string; sha: string }[] = [];
  let server: http.Server;
  let endpoint: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, authorization: String(req.headers.authorization), sha: String(req.headers['x-amz-content-sha256']) });
        if (!String(req.headers.authorization).startsWith('AWS4-HMAC-SHA256 Credential=minio/')) {
          res.writeHead(403).end('<Error><Code>AccessDenied</Code></Error>');
          return;
        }
        if (req.url!.includes('broken')) {
          res.writeHead(500).end('<Error><Code>InternalError</Code></Error>');
          return;
        }
        const object = objects.get(req.url!);
        if (req.method === 'PUT') {
          objects.set(req.url!, { body: Buffer.concat(chunks), type: String(req.headers['content-type']) });
          res.writeHead(200).end();
        } else if (req.method === 'GET' || req.method === 'HEAD') {
          if (!object) res.writeHead(404).end(req.method === 'GET' ? '<Error><Code>NoSuchKey</Code></Error>' : undefined);
          else res.writeHead(200, { 'Content-Type': object.type, 'Content-Length': object.body.length }).end(req.method === 'GET' ? object.body : undefined);
        } else if (req.method === 'DELETE') {
          objects.delete(req.url!);
          res.writeHead(204).end();
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('stores, replaces, reads and deletes objects with signed path-style requests', async () => {
    await exerciseDriver(new S3FileStorage({ endpoint, region: 'eu-central-1', bucket: 'uploads', accessKeyId: 'minio', secretAccessKey: 'minio-secret' }));
    expect(seen.every((r) => r.url.startsWith('/uploads/forms/1/'))).toBe(true);
    expect(seen.find((r) => r.method === 'PUT')!.authorization).toMatch(/\/eu-central-1\/s3\/aws4_request,SignedHeaders=content-length;content-type;host;x-amz-content-sha256;x-amz-date,Signature=[0-9a-f]{64}$/);
  });

  it('reports refusals and failures as unavailable', async () => {
    const wrongKey = new S3FileStorage({ endpoint, region: 'us-east-1', bucket: 'uploads', accessKeyId: 'other', secretAccessKey: 'x' });
    await expect(wrongKey.put('a/b', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(/403 AccessDenied/);
    const storage = new S3FileStorage({ endpoint, region: 'us-east-1', bucket: 'uploads', accessKeyId: 'minio', secretAccessKey: 'x' });
    await expect(storage.get('broken/x')).rejects.toBeInstanceOf(FileStorageUnavailable);
    await expect(new S3FileStorage({ endpoint: 'http://127.0.0.1:1', region: 'us-east-1', bucket: 'b', accessKeyId: 'minio', secretAccessKey: 'x' }).exists('a')).rejects.toBeInstanceOf(
      FileStorageUnavailable,
    );
  });

  it('is chosen by STORAGE_DRIVER=s3, which needs its bucket and keys', () => {
    expect(() => createFileStorage(loadConfig({ STORAGE_DRIVER: 's3' }, defaultRootDir()))).toThrow(/S3_BUCKET/);
    const s3 = createFileStorage(loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_ENDPOINT: endpoint }, defaultRootDir()));
    expect(s3).toBeInstanceOf(S3FileStorage);
  });
});
