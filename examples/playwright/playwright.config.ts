import { defineConfig } from '@playwright/test'
import type { IntegratorWorkerFixtures } from 'integrator-console/playwright'

export default defineConfig<object, Pick<IntegratorWorkerFixtures, 'sandboxOptions'>>({
  testDir: '.',
  // Checks every project's sandboxOptions once, before any worker starts: a seed the service
  // would refuse fails the run at once, naming the user and the field. It starts nothing.
  globalSetup: 'integrator-console/global-setup',
  // Each worker has a sandbox of its own: the tests need not wait for one another.
  fullyParallel: true,
  workers: 4,
  reporter: 'list',
  use: {
    // Every worker's sandbox starts with these users, and has them back after each test.
    sandboxOptions: { seed: './seed.json' },
  },
})
