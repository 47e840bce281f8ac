# The product as one image: API + built portal + built back-office, talking to an external
# PostgreSQL (DATABASE_URL). See docker-compose.yml.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN npm install -g pnpm@12.21.0
COPY . .
RUN pnpm install --frozen-lockfile && pnpm run build

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:3000/api/v1/healthcheck/ready/').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Migrations are applied by the server at start (prisma migrate deploy).
CMD ["node", "--import", "tsx", "apps/api/src/server.ts"]
