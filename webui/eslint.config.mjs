// ESLint (flat config): typescript-eslint, React hooks, and the import boundaries of
// docs/webui.md, one way: app → layouts → features → shared (lib, components); a feature never
// imports another feature; lib and components import no feature, layout or app code.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// A relative import that climbs into one of these top-level folders of src/.
const into = (...folders) => `^(\\.\\./)+(${folders.join('|')})(/|$)`;
const restrict = (regex, message) => ({ 'no-restricted-imports': ['error', { patterns: [{ regex, message }] }] });

const boundaries = [
  { files: ['src/lib/**'], rules: restrict(into('features', 'app', 'layouts', 'components'), 'lib is shared: it imports only lib.') },
  { files: ['src/components/**'], rules: restrict(into('features', 'app', 'layouts'), 'components are shared: they import only lib and components.') },
  { files: ['src/layouts/**'], rules: restrict(into('app'), 'layouts never import app.') },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: restrict(
      into('app', 'layouts', ...features.filter((other) => other !== feature)),
      'a feature imports only itself and shared code (lib, components); the app or a layout composes features.',
    ),
  })),
];

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
  ...boundaries,
);
