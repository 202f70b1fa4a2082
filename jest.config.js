// Unit and component tests of the client: jsdom, compiled by swc, colocated *.test.ts(x).
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'jsdom',
  // Preact's CommonJS builds (jsdom asks for the browser builds, which are ES modules).
  testEnvironmentOptions: { customExportConditions: ['require', 'node', 'default'] },
  roots: ['<rootDir>/client/src'],
  // Whole pages render in jsdom, their long lists a few cards a task (components/progressive.tsx):
  // on a busy 2-core machine such a test takes seconds.
  testTimeout: 20_000,
  setupFiles: ['<rootDir>/client/src/test/jsdom-polyfills.ts'],
  setupFilesAfterEnv: ['<rootDir>/client/src/test/setup-tests.ts'],
  transform: {
    '^.+\\.[jt]sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          target: 'es2022',
          transform: { react: { runtime: 'automatic' } },
        },
        module: { type: 'commonjs' },
        sourceMaps: 'inline',
      },
    ],
  },
  moduleNameMapper: {
    '\\.css$': '<rootDir>/client/src/test/style-stub.ts',
    '^react-dom/client$': 'preact/compat/client',
    '^react-dom/test-utils$': 'preact/test-utils',
    '^react-dom$': 'preact/compat',
    '^react/jsx-runtime$': 'preact/jsx-runtime',
    '^react/jsx-dev-runtime$': 'preact/jsx-dev-runtime',
    '^react$': 'preact/compat',
  },
  clearMocks: true,
  restoreMocks: true,
};
