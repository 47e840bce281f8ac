# The product as one image: API + built portal + built back-office, talking to an external
# PostgreSQL (DATABASE_URL). See docker-compose.yml.
#
# The API runs its TypeScript sources directly on Node 24's built-in type stripping (the code
# uses only erasable syntax, enforced by `erasableSyntaxOnly`): no tsx, no compile step, no
# dev dependencies in the final image (docs/decisions/0012-runtime-node-24.md).
FROM node:24-bookworm-slim AS build
WORKDIR /app
RUN npm install -g pnpm@12.21.0
COPY . .
RUN pnpm install --frozen-lockfile && pnpm run build
# Production dependencies only, from the store the full install just filled.
RUN rm -rf node_modules apps/*/node_modules packages/*/node_modules tools/*/node_modules \
  && pnpm install --frozen-lockfile --prod --offline

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json /app/pnpm-workspace.yaml /app/prisma.config.ts ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/prisma ./prisma
COPY --from=build --chown=node:node /app/tools ./tools
COPY --from=build --chown=node:node /app/packages ./packages
COPY --from=build --chown=node:node /app/apps/api ./apps/api
COPY --from=build --chown=node:node /app/apps/portal/dist ./apps/portal/dist
COPY --from=build --chown=node:node /app/apps/backoffice/dist ./apps/backoffice/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:3000/api/v1/healthcheck/ready/').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Migrations are applied by the server at start (prisma migrate deploy, once across replicas).
# node runs as PID 1 and handles SIGTERM itself: it drains requests, stops the worker, exits 0.
# The flags and the compiled server are apps/api/src/node-flags.ts (node-flags.test.ts keeps this line to them).
CMD ["node", "--max-semi-space-size=8", "--heap-growing-percent=20", "--conditions=lending-compiled", "apps/api/dist/server.js"]
