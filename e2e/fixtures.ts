import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { randomUUID } from 'node:crypto'
import { _electron, test as base, type Page } from '@playwright/test'
import { installBridge } from './harness/bridge'
import { electronBinary } from './harness/electron-binary'
import { serveRenderer } from './harness/static-server'
import { createCore, type Core } from '../src-main/core/create-core'

const ROOT = resolve(import.meta.dirname, '..')

interface Fixtures {
  /** The console's page, loaded, on a fresh data folder, keychain service and sandbox. */
  app: Page
  /** The main-process core behind the page (renderer project only). */
  core: Core | undefined
}

export const test = base.extend<Fixtures, { renderer: { url: string } }>({
  renderer: [
    async ({}, use) => {
      const server = await serveRenderer(join(ROOT, 'out/renderer'))
      await use({ url: server.url })
      await server.close()
    },
    { scope: 'worker' },
  ],

  core: async ({}, use, testInfo) => {
    if (testInfo.project.name !== 'renderer') {
      await use(undefined)
      return
    }
    const dataDirectory = mkdtempSync(join(tmpdir(), 'ic-e2e-'))
    const core = createCore({
      dataDirectory,
      version: '0.0.0-e2e',
      keychainService: `integrator-console-e2e-${randomUUID()}`,
      log: () => undefined,
    })
    await use(core)
    await core.dispose()
    rmSync(dataDirectory, { recursive: true, force: true })
  },

  app: async ({ page, core, renderer }, use, testInfo) => {
    if (testInfo.project.name === 'electron') {
      const binary = electronBinary()
      if ('missing' in binary) {
        test.skip(true, `electron project skipped: ${binary.missing}`)
        return
      }
      const userData = mkdtempSync(join(tmpdir(), 'ic-e2e-electron-'))
      const electronApp = await _electron.launch({
        executablePath: binary.path,
        args: [join(ROOT, 'out/main/index.js')],
        env: {
          ...process.env,
          INTEGRATOR_CONSOLE_USER_DATA: userData,
          INTEGRATOR_CONSOLE_KEYCHAIN_SERVICE: `integrator-console-e2e-${randomUUID()}`,
        },
      })
      const window = await electronApp.firstWindow()
      await window.locator('[data-app-state="loaded"]').waitFor()
      await use(window)
      await electronApp.close()
      rmSync(userData, { recursive: true, force: true })
      return
    }
    if (!core) throw new Error('the renderer project needs a core')
    await installBridge(page, core)
    await page.goto(renderer.url)
    await page.locator('[data-app-state="loaded"]').waitFor()
    await use(page)
  },
})

export { expect } from '@playwright/test'

/** Keeps a screenshot of the screen as a test artifact. */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: join(ROOT, 'e2e-artifacts', 'screenshots', `${name}.png`),
    fullPage: true,
  })
}
