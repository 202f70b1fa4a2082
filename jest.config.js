// Unit and component tests of the client: jsdom, compiled by swc, colocated *.test.ts(x).
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/client/src'],
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
  },
  clearMocks: true,
  restoreMocks: true,
};
