import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import express from 'express';
import { stringify } from 'yaml';
import { z } from '@lending/contracts';
import { access, defineRoute, type RouteDef } from '../../http/routes.ts';
import { buildOpenApiDocument } from './build-openapi-document.ts';

// Language codes the schema endpoint accepts (`lang`), as Django's LANGUAGES lists them.
// Operation texts are English and validation messages Czech whatever the language asked for.
export const SCHEMA_LANGUAGES = [
  'af', 'ar', 'ar-dz', 'ast', 'az', 'be', 'bg', 'bn', 'br', 'bs', 'ca', 'ckb', 'cs', 'cy', 'da', 'de', 'dsb', 'el',
  'en', 'en-au', 'en-gb', 'eo', 'es', 'es-ar', 'es-co', 'es-mx', 'es-ni', 'es-ve', 'et', 'eu', 'fa', 'fi', 'fr', 'fy',
  'ga', 'gd', 'gl', 'he', 'hi', 'hr', 'hsb', 'hu', 'hy', 'ia', 'id', 'ig', 'io', 'is', 'it', 'ja', 'ka', 'kab', 'kk',
  'km', 'kn', 'ko', 'ky', 'lb', 'lt', 'lv', 'mk', 'ml', 'mn', 'mr', 'ms', 'my', 'nb', 'ne', 'nl', 'nn', 'os', 'pa',
  'pl', 'pt', 'pt-br', 'ro', 'ru', 'sk', 'sl', 'sq', 'sr', 'sr-latn', 'sv', 'sw', 'ta', 'te', 'tg', 'th', 'tk', 'tr',
  'tt', 'udm', 'ug', 'uk', 'ur', 'uz', 'vi', 'zh-hans', 'zh-hant',
] as const;

const schemaQuery = z.object({
  format: z.enum(['json', 'yaml']).default('yaml'),
  lang: z.enum(SCHEMA_LANGUAGES, 'Nepodporovaný kód jazyka.').optional(),
});

const docsHtml = `<!doctype html>
<html lang="cs">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API – dokumentace</title>
<link rel="stylesheet" href="./assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="./assets/swagger-ui-bundle.js"></script>
<script src="./init.js"></script>
</body>
</html>`;

const docsInit = `window.ui = SwaggerUIBundle({ url: '/api/v1/schema.yaml?format=json', dom_id: '#swagger-ui', deepLinking: true, persistAuthorization: true });`;

/** One served form of the document: its bytes and their strong validator. */
interface SchemaVariant {
  body: Buffer;
  type: string;
  etag: string;
}

// Revalidated hourly by browsers and proxies; a changed document comes with a new deploy anyway.
const SCHEMA_CACHE_CONTROL = 'public, max-age=3600';

/** True when an If-None-Match header names `etag` (weak comparison, as RFC 9110 asks for it). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** The schema routes need the full route table, so they are built from it. */
export function docsRoutes(allRoutes: () => RouteDef[]): RouteDef[] {
  // Built on first use and kept: the route table is fixed for the life of the process. One
  // variant per format: `lang` does not change the text (see SCHEMA_LANGUAGES), so all
  // languages share it, and the ETag with it.
  let cached: Record<string, unknown> | null = null;
  const document = (version: string) => (cached ??= buildOpenApiDocument(allRoutes(), { version }));
  const variants = new Map<string, SchemaVariant>();
  const variant = (format: 'json' | 'yaml', version: string): SchemaVariant => {
    let found = variants.get(format);
    if (!found) {
      const text = format === 'json' ? JSON.stringify(document(version)) : stringify(document(version), { aliasDuplicateObjects: false });
      const body = Buffer.from(text);
      const type = format === 'json' ? 'application/vnd.oai.openapi+json; charset=utf-8' : 'application/vnd.oai.openapi; charset=utf-8';
      found = { body, type, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
      variants.set(format, found);
    }
    return found;
  };
  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/schema.yaml',
      access: access.public,
      summary: 'This OpenAPI 3.1 document (YAML, or JSON with format=json); built once, with a strong ETag (304 on If-None-Match)',
      tags: ['schema'],
      query: schemaQuery,
      responses: {
        200: { description: 'OpenAPI document', contentType: 'application/vnd.oai.openapi' },
        304: { description: 'Not modified: the ETag in If-None-Match is still current' },
        400: { description: 'Unknown format or language' },
      },
      handler: async ({ deps, query, req, res }) => {
        const { body, type, etag } = variant(query.format, deps.version);
        res.set({ ETag: etag, 'Cache-Control': SCHEMA_CACHE_CONTROL });
        if (matchesEtag(req.headers['if-none-match'], etag)) {
          res.status(304).end();
          return undefined;
        }
        res.status(200).set('Content-Type', type).send(body);
        return undefined;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/docs/',
      access: access.public,
      summary: 'Browsable API documentation (Swagger UI, self-hosted)',
      tags: ['schema'],
      responses: { 200: { description: 'HTML page', contentType: 'text/html' } },
      handler: async ({ res }) => {
        res.type('html').send(docsHtml);
        return undefined;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/docs/init.js',
      access: access.public,
      summary: 'Start-up script of the documentation page',
      tags: ['schema'],
      responses: { 200: { description: 'JavaScript', contentType: 'text/javascript' } },
      handler: async ({ res }) => {
        res.type('text/javascript').send(docsInit);
        return undefined;
      },
    }),
  ];
}

/** Swagger UI's own files, from the swagger-ui-dist package: nothing is loaded from a CDN. */
export function docsAssets(): express.Handler {
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  return express.static(dir, { index: false, maxAge: '1d' });
}
