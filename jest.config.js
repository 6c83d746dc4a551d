// Unit tests sit beside the code (src/.../*.spec.ts); e2e tests in test/ (*.e2e-spec.ts).
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testRegex: '.*\\.(spec|e2e-spec)\\.ts$',
  transform: { '^.+\\.ts$': 'ts-jest' },
  moduleFileExtensions: ['ts', 'js', 'json'],
  testTimeout: 60000,
  // src/ compiled once to dist/, which the e2e tests' service processes run (test/global-setup.ts says why)
  globalSetup: '<rootDir>/test/global-setup.ts',
};
