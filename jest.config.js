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

// The ES modules each suite loads stay in its process's heap until that process ends; run in one process
// the heap grew past 8 GB and late suites slowed many times over in garbage collection. So suites run in one
// worker that jest replaces whenever it holds more than workerIdleMemoryLimit after a suite.
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
  maxWorkers: 1,
  workerIdleMemoryLimit: '2GB',
};
