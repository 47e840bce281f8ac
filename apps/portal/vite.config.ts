import { defineConfig } from 'vitest/config';

// Vite 8 transforms TSX with oxc and picks the automatic JSX runtime from tsconfig,
// so no React plugin is needed for the build (only Fast Refresh would need one).
export default defineConfig({
  base: '/',
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      onwarn(warning, defaultHandler) {
        // react-router and swr mark modules "use client" for RSC bundlers; meaningless in an SPA.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        defaultHandler(warning);
      },
    },
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
