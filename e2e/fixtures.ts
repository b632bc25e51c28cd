import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { randomUUID } from 'node:crypto'
import { _electron, test as base, type Page, type TestInfo } from '@playwright/test'
import { attachConsole, openConsole } from '../src-main/browser-shell/attach-console'
import { createCore, type Core } from '../src-main/core/create-core'
import { testCertificate } from '../test/helpers/tls-certificate'
import { electronBinary } from './harness/electron-binary'
import { electronAppOf } from './pages/files'

const ROOT = resolve(import.meta.dirname, '..')
const OUT = join(ROOT, 'out')

interface Fixtures {
  /** The console's page, loaded, on a fresh data folder, keychain service and sandbox. */
  app: Page
  /** The main-process core behind the page (renderer project only). */
  core: Core | undefined
  /** That core's data folder and keychain service, for another face beside it (renderer only). */
  faceSetting: { dataDirectory: string; keychainService: string } | undefined
  /**
   * The longest wait between a bulk row's attempts (renderer only): a spec about what a run does
   * once its retries are spent need not sit through their real backoff. Unset: the real waits.
   */
  retryWaitAtMostMs: number | undefined
}

export const test = base.extend<Fixtures, { pageBridgeSource: string }>({
  pageBridgeSource: [
    async ({}, use) => use(readFileSync(join(OUT, 'browser-shell', 'page-bridge.js'), 'utf8')),
    { scope: 'worker' },
  ],

  faceSetting: async ({}, use, testInfo) => {
    if (testInfo.project.name !== 'renderer') {
      await use(undefined)
      return
    }
    const dataDirectory = mkdtempSync(join(tmpdir(), 'ic-e2e-'))
    await use({ dataDirectory, keychainService: `integrator-console-e2e-${randomUUID()}` })
    rmSync(dataDirectory, { recursive: true, force: true })
  },

  retryWaitAtMostMs: [undefined, { option: true }],

  core: async ({ faceSetting, retryWaitAtMostMs }, use) => {
    if (!faceSetting) {
      await use(undefined)
      return
    }
    const core = createCore({
      ...faceSetting,
      version: '0.0.0-e2e',
      face: 'browser-shell',
      log: () => undefined,
      ...(retryWaitAtMostMs === undefined
        ? {}
        : {
            exchangeOptions: {
              sleep: (ms: number) =>
                new Promise<void>((done) => setTimeout(done, Math.min(ms, retryWaitAtMostMs))),
            },
          }),
    })
    await use(core)
    await core.dispose()
  },

  app: async ({ page, core, pageBridgeSource, locale }, use, testInfo) => {
    if (testInfo.project.name === 'electron') {
      const binary = electronBinary()
      if ('missing' in binary) {
        test.skip(true, `electron project skipped: ${binary.missing}`)
        return
      }
      const userData = mkdtempSync(join(tmpdir(), 'ic-e2e-electron-'))
      const electronApp = await _electron.launch({
        executablePath: binary.path,
        args: [ROOT],
        // The window follows the system's language: the spec's, not the machine's.
        ...(locale ? { locale } : {}),
        env: {
          ...process.env,
          INTEGRATOR_CONSOLE_USER_DATA: userData,
          INTEGRATOR_CONSOLE_KEYCHAIN_SERVICE: `integrator-console-e2e-${randomUUID()}`,
          // The production specs serve https with a throwaway certificate the app must trust.
          NODE_EXTRA_CA_CERTS: testCertificate().certPath,
        },
      })
      const window = await electronApp.firstWindow()
      electronAppOf.set(window, electronApp)
      await window.locator('[data-app-state="loaded"]').waitFor()
      await use(window)
      await electronApp.close()
      rmSync(userData, { recursive: true, force: true })
      return
    }
    if (!core) throw new Error('the renderer project needs a core')
    const calls = recordCalls(core.dispatch)
    // The browser shell's own wiring: the same bridge `npm start` uses without Electron.
    await attachConsole(page, {
      dispatch: calls.dispatch,
      subscribe: core.subscribe,
      rendererRoot: join(OUT, 'renderer'),
      pageBridgeSource,
    })
    // As `npm start` does: the built-in sandbox starts beside the page's first paint.
    core.warmUp()
    await openConsole(page)
    await use(page)
    if (testInfo.status !== testInfo.expectedStatus)
      await testInfo.attach('core-calls', { body: calls.report(), contentType: 'text/plain' })
  },
})

/**
 * Each call the page made to the core, when it began, how long it took and how it ended (the
 * channel and the answer's code: no input or answer, which may hold the test's personal data).
 * Attached to a failed test, it tells a call that hung from one that failed or was never made.
 */
function recordCalls(dispatch: Core['dispatch']) {
  const started = performance.now()
  const seconds = (at: number) => `+${((at - started) / 1000).toFixed(2)} s`
  const calls: { channel: string; began: number; ended?: string }[] = []
  return {
    dispatch: async (channel: string, input: unknown) => {
      const call: (typeof calls)[number] = { channel, began: performance.now() }
      calls.push(call)
      const answer = await dispatch(channel, input)
      const took = `${Math.round(performance.now() - call.began)} ms`
      call.ended = answer.ok ? `ok in ${took}` : `${answer.error.code} in ${took}`
      return answer
    },
    report: () =>
      [
        `reported at ${seconds(performance.now())}, after the test`,
        ...calls.map(
          (call) => `${seconds(call.began)} ${call.channel}: ${call.ended ?? 'no answer yet'}`,
        ),
      ].join('\n'),
  }
}

export { expect } from '@playwright/test'

/** Keeps a screenshot of the screen under this test's own output folder (one per project). */
export async function keepScreenshot(page: Page, name: string, testInfo: TestInfo): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true })
}
