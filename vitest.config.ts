import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src-*/**/*.test.ts', 'test/**/*.test.ts'],
    // Tests start servers and child processes; two workers match the two cores here.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
