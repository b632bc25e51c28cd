import { defineConfig } from '@playwright/test'

export default defineConfig({
  testDir: '.',
  globalSetup: './global-setup.ts',
  // The tests share one sandbox and reset it: one at a time.
  workers: 1,
  reporter: 'list',
})
