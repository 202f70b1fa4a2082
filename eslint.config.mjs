// Lint rules for the client, its tests and the JavaScript tooling at the root.
import { readdirSync } from 'node:fs';
import { defineConfig, globalIgnores } from 'eslint/config';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const src = 'client/src';

// Features never import each other (bulletproof-react's one-way rule): what two features share
// moves to components/, api/ or validation/, and app/ composes the features.
const features = readdirSync(`${src}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The app is the composition root (store, routes, root saga): it imports features, never the
// other way round. What a feature needs from the shell (typed hooks, page titles) lives in lib/
// or session/.
const featuresBelowApp = {
  target: `./${src}/features`,
  from: `./${src}/app`,
  message: 'A feature must not import app/ (the composition root): move what it needs to lib/ or session/.',
};

const sharedZones = [
  ...features.map((feature) => ({
    target: `./${src}/features/${feature}`,
    from: `./${src}/features`,
    except: [`./${feature}`],
    message: 'A feature must not import another feature: move what they share out of features/.',
  })),
  ...['components', 'api', 'validation', 'styles', 'lib', 'session'].map((shared) => ({
    target: `./${src}/${shared}`,
    from: [`./${src}/features`, `./${src}/app`],
    message: 'Shared code must not depend on features or on the app.',
  })),
];

// The shared folders in layers as well, as far as they hold today: lib/, api/ and validation/
// (plain logic and the API's types) never import components/ (the React parts) or session/.
// session/ still imports components/board and lib/request imports session/: not yet enforced.
const layerZones = [
  ...['lib', 'api', 'validation'].map((lower) => ({
    target: `./${src}/${lower}`,
    from: `./${src}/components`,
    message: 'lib/, api/ and validation/ sit below components/: move what they need out of components/.',
  })),
  ...['api', 'validation'].map((lower) => ({
    target: `./${src}/${lower}`,
    from: `./${src}/session`,
    message: 'api/ and validation/ sit below session/: move what they need out of session/.',
  })),
];

const boundaryZones = [featuresBelowApp, ...sharedZones, ...layerZones];

export default defineConfig([
  globalIgnores([
    'node_modules/',
    'client/dist/',
    'test-results/',
    'playwright-report/',
    // Python and content parts of the repository
    '.venv/',
    '.ci/',
    'bff/',
    'bff.egg-info/',
    'instance/',
    'migrations/',
    'scripts/',
    'tests/bff/',
    // Generated from the BFF's OpenAPI document (npm run api:types); the type check covers it.
    'client/src/api/openapi.ts',
    // chess.js's own build, kept as it came (cms-schema/src/chess/vendor/README.md)
    'cms-schema/src/chess/vendor/',
  ]),
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    extends: [js.configs.recommended],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: [`${src}/**/*.{ts,tsx}`],
    extends: [reactHooks.configs.flat['recommended-latest']],
    languageOptions: { globals: globals.browser },
  },
  {
    files: [`${src}/**/*.{ts,tsx}`],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: boundaryZones }],
    },
  },
  {
    // A feature's tests run it inside the real store, which only the composition root can make.
    files: [`${src}/features/**/*.test.{ts,tsx}`],
    rules: { 'import/no-restricted-paths': ['error', { zones: [...sharedZones, ...layerZones] }] },
  },
  {
    // A generator saga's `yield call(...)` is typed any; each result is annotated where it lands.
    files: [
      `${src}/lib/request/*.ts`,
      `${src}/**/sagas.ts`,
      `${src}/**/*-saga.ts`,
      `${src}/**/*-sagas.ts`,
      `${src}/**/*.test.{ts,tsx}`,
    ],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    // expect(mock.method) is how jest asserts on mocked methods.
    files: [`${src}/**/*.test.{ts,tsx}`],
    rules: { '@typescript-eslint/unbound-method': 'off' },
  },
  {
    files: [`${src}/**/*.test.{ts,tsx}`, `${src}/test/**`],
    languageOptions: { globals: globals.jest },
  },
  {
    // The content model's Strapi code (src/, config/): CommonJS run by Node, `strapi` a global.
    files: ['cms-schema/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node, strapi: 'readonly' } },
  },
  {
    files: ['*.config.js'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
  {
    files: [
      '*.mjs',
      'client/scripts/**/*.mjs',
      'bench/**/*.mjs',
      '*.config.ts',
      'tests/e2e/**/*.ts',
      'tests/cms-e2e/**/*.ts',
    ],
    languageOptions: { globals: globals.node },
  },
]);
