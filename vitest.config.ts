import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/helpers/setup.ts'],
    restoreMocks: true,
    unstubEnvs: true,
    testTimeout: 20_000,
  },
})
