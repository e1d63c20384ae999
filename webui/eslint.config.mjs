// ESLint (flat config): typescript-eslint, React hooks, and the import boundaries of
// docs/webui.md, one way: app → layouts → features → shared (lib, components); a feature never
// imports another feature; lib and components import no feature, layout or app code.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// eslint-plugin-boundaries resolves every import to the file it names (however many `../` it
// climbs) and judges the folders of both ends, so `../../other-feature/x` and
// `../../../features/other/x` are caught alike (eslint-boundaries.test.ts proves it).
const importBoundaries = {
  files: ['src/**/*.{ts,tsx}'],
  plugins: { boundaries },
  settings: {
    'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    'boundaries/elements': [
      { type: 'app', pattern: 'src/app' },
      { type: 'layouts', pattern: 'src/layouts' },
      { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
      { type: 'components', pattern: 'src/components' },
      { type: 'lib', pattern: 'src/lib' },
    ],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'allow',
        policies: [
          {
            from: { element: { type: 'lib' } },
            disallow: { to: { element: { types: { anyOf: ['feature', 'app', 'layouts', 'components'] } } } },
            message: 'lib is shared: it imports only lib.',
          },
          {
            from: { element: { type: 'components' } },
            disallow: { to: { element: { types: { anyOf: ['feature', 'app', 'layouts'] } } } },
            message: 'components are shared: they import only lib and components.',
          },
          {
            from: { element: { type: 'layouts' } },
            disallow: { to: { element: { type: 'app' } } },
            message: 'layouts never import app.',
          },
          {
            from: { element: { type: 'feature' } },
            disallow: { to: { element: { types: { anyOf: ['app', 'layouts'] } } } },
            message: 'a feature imports only itself and shared code (lib, components); the app or a layout composes features.',
          },
          {
            from: { element: { type: 'feature' } },
            disallow: { to: { element: { type: 'feature', captured: { feature: '!{{ from.element.captured.feature }}' } } } },
            message: 'a feature never imports another feature; the app or a layout composes features.',
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'src/lib/generated/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['*.{js,mjs,ts}', 'scripts/**'], languageOptions: { globals: globals.node } },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The two classic rules; the React Compiler rules of `recommended` are for code that the
      // compiler rewrites, and this app is not compiled by it.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  importBoundaries,
);
