import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // After the summary's "N skipped": why, and how to run them (test/helpers/skip-reasons.ts).
    reporters: ['default', './test/helpers/skip-reasons.ts'],
    setupFiles: ['test/helpers/setup.ts'],
    restoreMocks: true,
    unstubEnvs: true,
    testTimeout: 20_000,
  },
})
