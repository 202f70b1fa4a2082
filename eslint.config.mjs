// Lint rules for the client, its tests and the JavaScript tooling at the root.
import { readdirSync } from 'node:fs';
import { defineConfig, globalIgnores } from 'eslint/config';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const src = 'client/src';

// The client's folders in layers, lowest first (client/README.md, Layers): each imports only the
// layers below it, as import-linter holds the BFF's packages. api/ is the BFF's contract (the
// generated types, the HTTP client, every call), lib/ plain logic (no React, no store), validation/
// the forms' rules, state/ the store's shared slices and sagas, components/ the shared React parts,
// features/ the screens, app/ the composition root (store, routes, root saga).
const layers = ['api', 'lib', 'validation', 'state', 'components', 'features', 'app'];

const layerZones = layers.slice(0, -1).map((layer, index) => {
  const above = layers.slice(index + 1);
  return {
    target: `./${src}/${layer}`,
    from: above.map((upper) => `./${src}/${upper}`),
    message: `${layer}/ sits below ${above.join('/, ')}/: move what it needs down to its layer, or this code up to its own.`,
  };
});

// Features never import each other (bulletproof-react's one-way rule): what two features share
// moves down to components/, state/, lib/ or api/, and app/ composes the features.
const features = readdirSync(`${src}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const featureZones = features.map((feature) => ({
  target: `./${src}/features/${feature}`,
  from: `./${src}/features`,
  except: [`./${feature}`],
  message: 'A feature must not import another feature: move what they share out of features/.',
}));

// Stylesheets import no code.
const stylesZone = {
  target: `./${src}/styles`,
  from: layers.map((layer) => `./${src}/${layer}`),
  message: 'styles/ holds the stylesheets every layer may use: it imports none of them.',
};

const boundaryZones = [...layerZones, ...featureZones, stylesZone];

// A feature's tests run it inside the real store, which only the composition root can make.
const featureTestZones = [
  ...layerZones.map((zone) =>
    zone.target === `./${src}/features` ? { ...zone, from: zone.from.filter((from) => !from.endsWith('/app')) } : zone,
  ),
  ...featureZones,
  stylesZone,
];

// The two lowest layers are plain TypeScript: React, the store and sagas start at state/ (React's
// types may still name what a function returns).
const plainLayerImports = [
  'react',
  'react-dom',
  'react-redux',
  '@reduxjs/toolkit',
  'redux-saga',
  'redux-saga/effects',
].map((name) => ({
  name,
  allowTypeImports: true,
  message: 'api/ and lib/ hold no React and no store: this belongs in state/ or components/.',
}));

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
    files: [`${src}/features/**/*.test.{ts,tsx}`],
    rules: { 'import/no-restricted-paths': ['error', { zones: featureTestZones }] },
  },
  {
    files: [`${src}/api/**/*.{ts,tsx}`, `${src}/lib/**/*.{ts,tsx}`],
    ignores: [`${src}/**/*.test.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { paths: plainLayerImports }] },
  },
  {
    // A generator saga's `yield call(...)` is typed any; each result is annotated where it lands.
    files: [
      `${src}/state/request/*.ts`,
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
