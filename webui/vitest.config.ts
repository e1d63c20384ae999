import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// Test files share their worker's modules (isolate: false): no file pays again for React,
// MUI and happy-dom, which took three quarters of the suite's time. A file that replaces a
// module with vi.mock() needs the module graph to itself, so those run isolated.
const testFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(join(dir, e.name)) : /\.test\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
const mocksModules = testFiles('src').filter((f) => readFileSync(f, 'utf8').includes('vi.mock('));

export default defineConfig({
  // "react" and "react-dom" are Preact's compat layer (package.json): Testing Library's act()
  // comes from preact/test-utils, through its ES module build (the CommonJS one would require()
  // react-dom/test-utils, which the compat package does not have).
  resolve: {
    alias: [
      { find: /^@testing-library\/react$/, replacement: '@testing-library/react/dist/@testing-library/react.esm.js' },
      { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
    ],
  },
  define: {
    __CLIENT_VERSION__: JSON.stringify('7.9'),
    __GA_MEASUREMENT_ID__: JSON.stringify(''),
  },
  esbuild: { jsx: 'automatic' },
  test: {
    environment: 'happy-dom',
    environmentOptions: { happyDOM: { url: 'https://camp.test/' } },
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 30_000, // above findBy*'s 10 s (src/test/setup.ts)
    restoreMocks: true,
    unstubGlobals: true,
    projects: [
      { extends: true, test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: mocksModules, isolate: false } },
      { extends: true, test: { name: 'isolated', include: mocksModules } },
    ],
  },
});
