import { readFile } from 'node:fs/promises'
import { chromium } from 'playwright-core'
import { createCore } from '../core/create-core'
import { defaultDataDirectory } from '../core/data-directory'
import { testHooks } from '../window-security'
import { attachConsole, openConsole } from './attach-console'
import { appWindowOptions } from './browser-args'

export interface ShellOptions {
  browserPath: string
  rendererRoot: string
  pageBridgePath: string
  version: string
  log?: (line: string) => void
}

/**
 * The console in an installed Chrome, Chromium or Edge, for machines without Electron's binary:
 * the same core, keychain, embedded sandbox and page rules as the Electron window. Playwright
 * drives the browser over its pipe, so no debugging port is open to other processes. Closing the
 * window, Ctrl+C or SIGTERM stops the core (and its sandbox) and ends the process.
 */
export async function runBrowserShell(options: ShellOptions): Promise<void> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`))
  const hooks = testHooks(process.env, false)
  const core = createCore({
    dataDirectory: hooks.dataDirectory ?? defaultDataDirectory(),
    version: options.version,
    face: 'browser-shell',
    ...(hooks.keychainService ? { keychainService: hooks.keychainService } : {}),
  })
  const context = await chromium.launchPersistentContext('', appWindowOptions(options.browserPath))
  let stopping: Promise<void> | undefined
  const stop = () =>
    (stopping ??= (async () => {
      // A stuck shutdown must not keep the process alive.
      const deadline = new Promise((resolve) => setTimeout(resolve, 3000).unref())
      await Promise.race([core.dispose(), deadline])
      await context.close().catch(() => undefined)
      process.exit(0)
    })())
  process.once('SIGINT', () => void stop())
  process.once('SIGTERM', () => void stop())
  context.once('close', () => void stop())

  const page = context.pages()[0] ?? (await context.newPage())
  page.once('close', () => void stop())
  await attachConsole(page, {
    dispatch: core.dispatch,
    subscribe: core.subscribe,
    rendererRoot: options.rendererRoot,
    pageBridgeSource: await readFile(options.pageBridgePath, 'utf8'),
  })
  core.warmUp()
  await openConsole(page)
  log('The console is open. Close its window, or press Ctrl+C here, to quit.')
}
