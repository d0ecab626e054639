// @ts-check
/**
 * Mutation testing (`npm run mutation`): Stryker changes every module of src/, one small change (a mutant) at a
 * time, and runs the unit tests that cover it; a mutant no test notices "survives".
 * docs/testing.md records the score per module and why each surviving mutant is left.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  // Stryker rewrites tsconfig.json's `extends`/`references` through TypeScript's JS API, which TypeScript 7 (a
  // native binary) no longer has; ours has neither, so no file is named and nothing is rewritten.
  tsconfigFile: '',
  // Every module of src/ (issue 25), but the four entry points: each is `await run()` and nothing else, run only by
  // the bundle, which no mutant reaches. docs/testing.md names them; test/project/mutation.test.ts keeps the list whole.
  mutate: [
    'src/**/*.ts',
    '!src/agent/index.ts',
    '!src/gaps/index.ts',
    '!src/visitors/index.ts',
    '!src/preview/index.ts',
  ],
  // Only the tests that cover a mutant run for it: what makes a run fit a 2-core machine.
  coverageAnalysis: 'perTest',
  // Static mutants (module-level constants, run only while a module loads) make every covering test file load
  // again: with them, a run of every module of src/ (9,403 mutants, 339 static) went at 55 mutants a minute on 2
  // cores, about 3 h. tools/mutation-scores.ts counts them in a column of their own ("static, not run").
  ignoreStatic: true,
  // Reuses the last run's results for code and tests that did not change (reports/stryker-incremental.json).
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  concurrency: 2,
  timeoutMS: 10000,
  ignorePatterns: ['dist', 'lib', 'reports', 'coverage', 'bench', 'docs', 'examples', '.github'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // Colours only: tools/mutation-scores.ts (run by `npm run mutation`) fails the run when any one module scores under 90 %.
  thresholds: { high: 95, low: 90, break: null },
}
