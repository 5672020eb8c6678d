/** One jest run for every workspace: swc compiles TypeScript as ES modules (Nest 12 and friends are ESM-only). */
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true, tsx: true },
    transform: {
      legacyDecorator: true,
      decoratorMetadata: true,
      useDefineForClassFields: false,
      react: { runtime: 'automatic' },
    },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'es6' },
};

// On two cores jest runs every suite in one process (in band); the ES modules each suite loads stay in that
// heap until the run ends, so package.json's "jest" script gives it 12 GB (the default ~4 GB ran out at 90 suites; 8 GB passed).
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.tsx?$': ['@swc/jest', swc] },
  moduleNameMapper: {
    '^@directory/(core|search)$': '<rootDir>/$1/src/index.ts',
    '^@directory/(core|search)/(.*)\\.js$': '<rootDir>/$1/src/$2',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testMatch: ['<rootDir>/**/src/**/*.spec.ts', '<rootDir>/**/src/**/*.spec.tsx', '<rootDir>/e2e/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  globalSetup: '<rootDir>/testing/global-setup.ts',
  globalTeardown: '<rootDir>/testing/global-teardown.ts',
  testTimeout: 60000,
};
