import { existsSync } from 'node:fs'
import {
  defineConfig,
  type PlaywrightTestOptions,
  type PlaywrightWorkerOptions,
} from '@playwright/test'

const chromium =
  process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE ??
  (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)

/** Debian's Chromium, with the flags this closed network needs; no browser is downloaded. */
const chromiumUse: Partial<PlaywrightTestOptions & PlaywrightWorkerOptions> = {
  browserName: 'chromium',
  viewport: { width: 1280, height: 800 },
  // The page follows the system's language: the specs speak English unless they ask otherwise,
  // whatever the machine's LANG.
  locale: 'en-US',
  launchOptions: {
    ...(chromium ? { executablePath: chromium } : {}),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
}

export default defineConfig({
  testDir: './e2e/specs',
  outputDir: './e2e-artifacts/results',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT ?? 'e2e-artifacts/report.json' }],
  ],
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: [
    { name: 'renderer', use: chromiumUse },
    // Launches the built app instead; Playwright's page fixture still needs a browser to exist.
    { name: 'electron', use: chromiumUse },
  ],
})
