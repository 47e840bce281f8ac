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

/** The schema routes need the full route table, so they are built from it. */
export function docsRoutes(allRoutes: () => RouteDef[]): RouteDef[] {
  let cached: Record<string, unknown> | null = null;
  const document = (version: string) => (cached ??= buildOpenApiDocument(allRoutes(), { version }));
  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/schema.yaml',
      access: access.public,
      summary: 'This OpenAPI 3.1 document (YAML, or JSON with format=json)',
      tags: ['schema'],
      query: schemaQuery,
      responses: {
        200: { description: 'OpenAPI document', contentType: 'application/vnd.oai.openapi' },
        400: { description: 'Unknown format or language' },
      },
      handler: async ({ deps, query, res }) => {
        const doc = document(deps.version);
        if (query.format === 'json') res.type('application/vnd.oai.openapi+json').send(JSON.stringify(doc));
        else res.type('application/vnd.oai.openapi').send(stringify(doc, { aliasDuplicateObjects: false }));
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
