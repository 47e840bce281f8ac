import { randomUUID } from 'node:crypto';
import http from 'node:http';

/**
 * A local stand-in for an S3-compatible store, path-style as MinIO serves it: objects, multipart
 * uploads, and an STS endpoint for AssumeRoleWithWebIdentity. Keys containing "flaky" fail once
 * with 503, "broken" always with 500.
 */
export function fakeS3(options: { listPageSize?: number } = {}) {
  const objects = new Map<string, { body: Buffer; type: string; at?: number }>();
  const uploads = new Map<string, { key: string; parts: Map<number, Buffer> }>();
  const seen: { method: string; url: string; credential: string; securityToken?: string }[] = [];
  const failedOnce = new Set<string>();
  const xml = (res: http.ServerResponse, status: number, body: string) => res.writeHead(status, { 'Content-Type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://s3');
      const body = Buffer.concat(chunks);
      if (req.method === 'POST' && url.pathname === '/' && body.toString().includes('Action=AssumeRoleWithWebIdentity')) {
        const form = new URLSearchParams(body.toString());
        if (form.get('WebIdentityToken') !== 'token-from-the-cluster') return xml(res, 403, '<ErrorResponse><Error><Code>AccessDenied</Code></Error></ErrorResponse>');
        return xml(
          res,
          200,
          `<AssumeRoleWithWebIdentityResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><AssumeRoleWithWebIdentityResult><Credentials>` +
            `<AccessKeyId>ASIAROLEKEY</AccessKeyId><SecretAccessKey>role-secret</SecretAccessKey><SessionToken>role-session-token</SessionToken>` +
            `<Expiration>${new Date(Date.now() + 3_600_000).toISOString()}</Expiration></Credentials>` +
            `<AssumedRoleUser><Arn>arn:aws:sts::123456789012:assumed-role/uploads/app</Arn><AssumedRoleId>AROA:app</AssumedRoleId></AssumedRoleUser>` +
            `</AssumeRoleWithWebIdentityResult></AssumeRoleWithWebIdentityResponse>`,
        );
      }
      const credential = /Credential=([^/]+)\//.exec(String(req.headers.authorization))?.[1] ?? '';
      seen.push({ method: req.method!, url: req.url!, credential, securityToken: req.headers['x-amz-security-token'] as string | undefined });
      if (!['minio', 'ASIAROLEKEY'].includes(credential) || !/Signature=[0-9a-f]{64}$/.test(String(req.headers.authorization))) {
        return xml(res, 403, '<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>');
      }
      const key = url.pathname;
      if (key.includes('broken')) return xml(res, 500, '<Error><Code>InternalError</Code></Error>');
      if (key.includes('flaky') && !failedOnce.has(key)) {
        failedOnce.add(key);
        return xml(res, 503, '<Error><Code>SlowDown</Code></Error>');
      }
      const uploadId = url.searchParams.get('uploadId');
      if (req.method === 'POST' && url.searchParams.has('uploads')) {
        const id = randomUUID();
        uploads.set(id, { key, parts: new Map() });
        return xml(res, 200, `<InitiateMultipartUploadResult><Bucket>uploads</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`);
      }
      if (uploadId) {
        const upload = uploads.get(uploadId);
        if (!upload) return xml(res, 404, '<Error><Code>NoSuchUpload</Code></Error>');
        if (req.method === 'PUT') {
          upload.parts.set(Number(url.searchParams.get('partNumber')), body);
          return res.writeHead(200, { ETag: `"part-${url.searchParams.get('partNumber')}"` }).end();
        }
        if (req.method === 'POST') {
          const numbers = [...body.toString().matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) => Number(m[1]));
          objects.set(key, { body: Buffer.concat(numbers.map((n) => upload.parts.get(n)!)), type: 'application/octet-stream', at: Date.now() });
          uploads.delete(uploadId);
          return xml(res, 200, `<CompleteMultipartUploadResult><Bucket>uploads</Bucket><Key>${key}</Key><ETag>"done"</ETag></CompleteMultipartUploadResult>`);
        }
        if (req.method === 'DELETE') {
          uploads.delete(uploadId);
          return res.writeHead(204).end();
        }
      }
      // ListObjectsV2 on the bucket (path-style: /<bucket>?list-type=2): a page of at most max-keys, with a continuation token.
      if (req.method === 'GET' && url.searchParams.get('list-type') === '2') {
        const base = `/${key.split('/')[1]}/`;
        const prefix = url.searchParams.get('prefix') ?? '';
        // A store may answer fewer keys than asked for: `listPageSize` makes it, to test paging.
        const max = Math.min(Number(url.searchParams.get('max-keys') ?? 1000), options.listPageSize ?? 1000);
        const after = url.searchParams.get('continuation-token') ?? '';
        const keys = [...objects.keys()].filter((k) => k.startsWith(base + prefix)).map((k) => k.slice(base.length)).filter((k) => k > after).sort();
        const page = keys.slice(0, max);
        const truncated = keys.length > max;
        const contents = page
          .map((k) => `<Contents><Key>${k}</Key><LastModified>${new Date(objects.get(base + k)!.at ?? 0).toISOString()}</LastModified><Size>${objects.get(base + k)!.body.length}</Size></Contents>`)
          .join('');
        return xml(res, 200, `<ListBucketResult><Name>${base.slice(1, -1)}</Name><Prefix>${prefix}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${page.at(-1)}</NextContinuationToken>` : ''}${contents}</ListBucketResult>`);
      }
      const object = objects.get(key);
      if (req.method === 'PUT') {
        objects.set(key, { body, type: String(req.headers['content-type']), at: Date.now() });
        return res.writeHead(200, { ETag: '"x"' }).end();
      }
      if (req.method === 'GET' || req.method === 'HEAD') {
        if (!object) return req.method === 'GET' ? xml(res, 404, '<Error><Code>NoSuchKey</Code></Error>') : res.writeHead(404).end();
        return res.writeHead(200, { 'Content-Type': object.type, 'Content-Length': object.body.length, ETag: '"x"' }).end(req.method === 'GET' ? object.body : undefined);
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        return res.writeHead(204).end();
      }
      res.writeHead(405).end();
    });
  });
  return { server, objects, uploads, seen };
}
