import { defineConfig, mergeConfig } from 'vitest/config'
import base from './vitest.config.ts'

// Stryker (`npm run mutation`) runs the unit tests only: they import src/, where the mutants are. The
// end-to-end tests spawn dist/, which holds no mutant, and the project tests read files; neither can kill one.
export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: ['test/e2e/**', 'test/project/**', 'test/local/**', '**/node_modules/**'],
      // Every module of src/ is instrumented: redact.test.ts's answer nested a million deep took over the usual 20 s
      // in Stryker's first run (under load from other runs on the same 2 cores).
      testTimeout: 60_000,
    },
  }),
)
