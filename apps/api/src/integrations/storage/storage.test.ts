import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRootDir, loadConfig } from '../../config.ts';
import { assertSafeKey, FileStorageUnavailable, StoredFileNotFound, type FileStorage } from './file-storage.ts';
import { createFileStorage, storageFor } from './index.ts';
import { LocalFileStorage } from './local-file-storage.ts';
import { S3FileStorage } from './s3-file-storage.ts';
import { fakeS3 } from '../../../test/fixtures/storage.ts';

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

/** Listing a folder: its files with when each was written, across pages, nothing of other folders. */
async function exerciseList(storage: FileStorage, pageOf = 3) {
  const before = Date.now() - 2_000;
  const keys = Array.from({ length: pageOf * 2 + 1 }, (_, i) => `sweep/${i % 2 ? 'b' : 'a'}/file-${String(i).padStart(2, '0')}`);
  for (const key of keys) await storage.put(key, Buffer.from(key), { contentType: 'text/plain' });
  await storage.put('elsewhere/file', Buffer.from('x'), { contentType: 'text/plain' });
  const listed: { key: string; modifiedAt: Date }[] = [];
  for await (const entry of storage.list('sweep/')) listed.push(entry);
  expect(listed.map((e) => e.key).sort()).toEqual([...keys].sort());
  expect(listed.every((e) => e.modifiedAt.getTime() >= before && e.modifiedAt.getTime() <= Date.now() + 2_000)).toBe(true);
  for await (const _ of storage.list('nothing-here/')) throw new Error('an empty folder lists nothing');
  for (const key of [...keys, 'elsewhere/file']) await storage.delete(key);
}

describe('LocalFileStorage', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-storage-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('stores, replaces, reads and deletes files, refusing unsafe keys', async () => {
    await exerciseDriver(new LocalFileStorage(dir));
  });

  it('lists the files under a prefix, not a write in progress', async () => {
    const storage = new LocalFileStorage(dir);
    await exerciseList(storage);
    fs.mkdirSync(path.join(dir, 'sweep'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'sweep', '.tmp-half-written'), 'x');
    for await (const entry of storage.list('sweep/')) throw new Error(`listed ${entry.key}`);
    // What a write killed midway left is removed when no write can be in progress; files stay.
    await storage.put('sweep/kept.pdf', Buffer.from('whole'), { contentType: 'application/pdf' });
    expect(await storage.discardIncomplete('sweep/')).toBe(1);
    const files = fs.readdirSync(path.join(dir, 'sweep'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
    expect(files).toEqual(['kept.pdf']);
    expect(await storage.discardIncomplete('nothing-here/')).toBe(0);
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

describe('S3FileStorage (AWS SDK) against a local S3-compatible server', () => {
  const s3 = fakeS3();
  let endpoint: string;
  const settings = (overrides: Partial<ConstructorParameters<typeof S3FileStorage>[0]> = {}) => ({
    endpoint,
    region: 'eu-central-1',
    bucket: 'uploads',
    credentials: { accessKeyId: 'minio', secretAccessKey: 'minio-secret' },
    ...overrides,
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(s3.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => s3.server.close(() => resolve())));

  it('stores, replaces, reads and deletes objects with signed path-style requests', async () => {
    s3.seen.length = 0;
    await exerciseDriver(new S3FileStorage(settings()));
    expect(s3.seen.length).toBeGreaterThan(5);
    expect(s3.seen.every((r) => r.url.startsWith('/uploads/forms/1/') && r.credential === 'minio')).toBe(true);
    expect(s3.objects.get('/uploads/forms/1/0b6f2c9e-5a4e-4f3b-9a63-1c2d3e4f5a6b')).toBeUndefined();
  });

  it('lists the objects under a prefix, page after page (ListObjectsV2)', async () => {
    const fake = fakeS3({ listPageSize: 3 });
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    try {
      const storage = new S3FileStorage({ ...settings(), endpoint: `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}` });
      await exerciseList(storage);
      expect(fake.seen.filter((r) => r.url.includes('list-type=2')).length).toBe(4);
    } finally {
      await new Promise<void>((resolve) => fake.server.close(() => resolve()));
    }
  });

  it('streams a file bigger than one part as a multipart upload', async () => {
    const storage = new S3FileStorage(settings());
    const bytes = Buffer.alloc(6 * 1024 * 1024 + 123, 7);
    const chunks = function* () {
      for (let i = 0; i < bytes.length; i += 64 * 1024) yield bytes.subarray(i, i + 64 * 1024);
    };
    s3.seen.length = 0;
    expect(await storage.put('forms/7/big', Readable.from(chunks()), { contentType: 'application/pdf' })).toEqual({ size: bytes.length });
    expect(s3.seen.filter((r) => r.url.includes('partNumber=')).length).toBe(2);
    const { stream, size } = await storage.get('forms/7/big');
    expect(size).toBe(bytes.length);
    expect((await readAll(stream)).equals(bytes)).toBe(true);
  });

  it('aborts the multipart upload when the source fails, leaving no object', async () => {
    const storage = new S3FileStorage(settings());
    let sent = 0;
    const failing = new Readable({
      read() {
        if (sent >= 7 * 1024 * 1024) return this.destroy(new Error('client went away'));
        sent += 1024 * 1024;
        this.push(Buffer.alloc(1024 * 1024, 1));
      },
    });
    await expect(storage.put('forms/8/partial', failing, { contentType: 'application/pdf' })).rejects.toThrow('client went away');
    expect(await storage.exists('forms/8/partial')).toBe(false);
    await expect.poll(() => s3.uploads.size).toBe(0);
  });

  it("retries what the store answers with 503 (the SDK's retries)", async () => {
    const storage = new S3FileStorage(settings());
    await storage.put('forms/9/flaky', Buffer.from('druhý pokus'), { contentType: 'text/plain' });
    expect((await readAll((await storage.get('forms/9/flaky')).stream)).toString()).toBe('druhý pokus');
    expect(s3.seen.filter((r) => r.method === 'PUT' && new URL(r.url, 'http://s3').pathname === '/uploads/forms/9/flaky')).toHaveLength(2);
  });

  it('reports refusals and failures as unavailable', async () => {
    const wrongKey = new S3FileStorage(settings({ credentials: { accessKeyId: 'other', secretAccessKey: 'x' } }));
    await expect(wrongKey.put('a/b', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(/403 AccessDenied/);
    const storage = new S3FileStorage(settings({ maxAttempts: 2 }));
    await expect(storage.get('broken/x')).rejects.toBeInstanceOf(FileStorageUnavailable);
    await expect(storage.exists('broken/x')).rejects.toBeInstanceOf(FileStorageUnavailable);
    await expect(new S3FileStorage(settings({ endpoint: 'http://127.0.0.1:1', maxAttempts: 1 })).exists('a')).rejects.toBeInstanceOf(FileStorageUnavailable);
  });

  it('without static keys, takes credentials from the default chain (here: web identity through STS)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-sts-'));
    const tokenFile = path.join(dir, 'token');
    fs.writeFileSync(tokenFile, 'token-from-the-cluster');
    const saved = { ...process.env };
    // What EKS (IRSA) or any OIDC federation sets; the STS endpoint is pointed at the stand-in.
    Object.assign(process.env, {
      AWS_ROLE_ARN: 'arn:aws:iam::123456789012:role/uploads',
      AWS_WEB_IDENTITY_TOKEN_FILE: tokenFile,
      AWS_ROLE_SESSION_NAME: 'lending-api',
      AWS_ENDPOINT_URL_STS: endpoint,
      AWS_REGION: 'eu-central-1',
      AWS_CONFIG_FILE: path.join(dir, 'none'),
      AWS_SHARED_CREDENTIALS_FILE: path.join(dir, 'none'),
    });
    for (const name of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_PROFILE']) delete process.env[name];
    try {
      const config = loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'uploads', S3_ENDPOINT: endpoint }, defaultRootDir());
      const storage = createFileStorage(config);
      s3.seen.length = 0;
      await storage.put('forms/10/role', Buffer.from('z role'), { contentType: 'text/plain' });
      expect(s3.seen[0]).toMatchObject({ method: 'PUT', credential: 'ASIAROLEKEY', securityToken: 'role-session-token' });
    } finally {
      for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
      Object.assign(process.env, saved);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is chosen by STORAGE_DRIVER=s3, which needs its bucket, and both keys or neither', async () => {
    expect(() => createFileStorage(loadConfig({ STORAGE_DRIVER: 's3' }, defaultRootDir()))).toThrow(/S3_BUCKET/);
    expect(() => createFileStorage(loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' }, defaultRootDir()))).toThrow(/both/);
    // The SDK is loaded on the first file operation: the requests reach the S3 server, signed with the keys given.
    const s3Storage = createFileStorage(
      loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'minio', S3_SECRET_ACCESS_KEY: 'minio-secret', S3_ENDPOINT: endpoint }, defaultRootDir()),
    );
    s3.seen.length = 0;
    await s3Storage.put('forms/11/chosen', Buffer.from('chosen'), { contentType: 'text/plain' });
    expect(await s3Storage.exists('forms/11/chosen')).toBe(true);
    expect(s3.seen.map((r) => r.method)).toEqual(['PUT', 'HEAD']);
    expect(s3.seen[0]).toMatchObject({ credential: 'minio' });
  });
});
