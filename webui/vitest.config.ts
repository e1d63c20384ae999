import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: {
    __CLIENT_VERSION__: JSON.stringify('7.9'),
    __GA_MEASUREMENT_ID__: JSON.stringify(''),
  },
  esbuild: { jsx: 'automatic' },
  test: {
    environment: 'happy-dom',
    environmentOptions: { happyDOM: { url: 'https://camp.test/' } },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 30_000, // above findBy*'s 10 s (src/test/setup.ts)
    restoreMocks: true,
    unstubGlobals: true,
  },
});
