import { defineConfig, mergeConfig } from 'vitest/config'
import base from './vitest.config.ts'

// Stryker (`npm run mutation`) runs the unit tests only: they import src/, where the mutants are. The
// end-to-end tests spawn dist/, which holds no mutant, and the project tests read files; neither can kill one.
export default mergeConfig(
  base,
  defineConfig({ test: { exclude: ['test/e2e/**', 'test/project/**', 'test/local/**', '**/node_modules/**'] } }),
)
