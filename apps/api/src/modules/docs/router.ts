import { createRequire } from 'node:module';
import path from 'node:path';
import express from 'express';
import { schemaQuery } from '@lending/contracts';
import { openApiVariants, sendOpenApiVariant } from '../../http/openapi.ts';
import { access, defineRoute, type RouteDef } from '../../http/routes.ts';

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
  const document = openApiVariants(allRoutes);
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
      handler: async ({ deps, query, req, res }) => sendOpenApiVariant(req, res, document(query.format, deps.version)),
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
