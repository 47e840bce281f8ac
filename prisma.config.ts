import { defineConfig } from 'prisma/config';

// The URL is optional here so that `prisma generate` works without a database; commands that
// need one fail with Prisma's own message when DATABASE_URL is unset.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: {
    path: 'prisma/migrations',
    seed: 'node prisma/seed.ts',
  },
  datasource: {
    url: process.env.DATABASE_URL ?? '',
    shadowDatabaseUrl: process.env.SHADOW_DATABASE_URL,
  },
});
