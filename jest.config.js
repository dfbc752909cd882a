/** Unit tests sit beside the code: `x.ts` and `x.test.ts`. */
const os = require('node:os');

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/service', '<rootDir>/reference-server/src', '<rootDir>/harness/src', '<rootDir>/scripts'],
  testMatch: ['**/*.test.ts'],
  // Transpiled only, file by file, with swc: the type check is `tsc --noEmit` in `npm test`. swc
  // transpiles the whole tree in about half the CPU of ts-jest's `transpileModule`, which a fresh
  // clone (an empty Jest cache, as in CI) pays for every file.
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }],
    '^.+\\.js$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'ecmascript' } }, module: { type: 'commonjs' } }],
  },
  // pkijs, asn1js and htmlparser2 (with its dom packages) ship ESM only; Jest must transform them.
  transformIgnorePatterns: [
    '/node_modules/(?!(pkijs|asn1js|@noble/hashes|@peculiar/utils|bytestreamjs|pvtsutils|pvutils|htmlparser2|domhandler|domutils|domelementtype|dom-serializer|entities)/)',
  ],
  // A hang detector only: on a loaded machine a test may take many times its usual time, and a red run must mean a real problem.
  testTimeout: 600_000,
  // One reference per kind (default, --no-http3, alt) for the whole run, shared by the tests that only send it requests.
  globalSetup: '<rootDir>/scripts/jest/global-setup.ts',
  globalTeardown: '<rootDir>/scripts/jest/global-teardown.ts',
  // Buffers compared with Buffer.equals in toEqual (the file says why).
  setupFilesAfterEnv: ['<rootDir>/scripts/jest/byte-equality.js'],
  // Most slow suites wait on processes of their own (the reference, Playwright, Chromium) or on a
  // server's timers, idle for much of their time: half as many workers again as cores keeps the
  // cores busy. A number: Jest reads a percentage above 100% as that many workers.
  maxWorkers: Math.max(1, Math.floor((os.availableParallelism?.() ?? os.cpus().length) * 1.5)),
};
