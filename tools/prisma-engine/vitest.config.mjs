import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['*.test.mjs'], testTimeout: 120_000, hookTimeout: 120_000 },
});
