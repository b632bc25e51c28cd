import { readFile } from 'node:fs/promises'
import { chromium, type Page } from 'playwright-core'
import { appWindowOptions, sandboxedPage, UNSANDBOXED_NOTICE } from './browser-args'

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
  if (!sandboxedPage(process.getuid?.())) log(UNSANDBOXED_NOTICE)
  // The browser starts first: the core, the page's wiring and its bridge load while it does.
  const launching = chromium.launchPersistentContext('', appWindowOptions(options.browserPath))
  const loading = Promise.all([
    import('./shell-core'),
    import('./attach-console'),
    readFile(options.pageBridgePath, 'utf8'),
  ])
  const [launched, loaded] = await Promise.allSettled([launching, loading])
  if (loaded.status === 'rejected') {
    if (launched.status === 'fulfilled') await launched.value.close().catch(() => undefined)
    throw loaded.reason
  }
  if (launched.status === 'rejected') throw launched.reason
  const context = launched.value
  const [{ shellCore }, { attachConsole, openConsole }, pageBridgeSource] = loaded.value
  let core: ReturnType<typeof shellCore>
  try {
    core = shellCore(options.version)
  } catch (error) {
    await context.close().catch(() => undefined)
    throw error
  }
  let stopping: Promise<void> | undefined
  const stop = () =>
    (stopping ??= (async () => {
      // A stuck shutdown must not keep the process alive.
      const deadline = new Promise((resolve) => setTimeout(resolve, 3000).unref())
      await Promise.race([core.dispose(), deadline])
      await context.close().catch(() => undefined)
      process.exit(0)
    })())
  const closed = () => void stop()
  process.once('SIGINT', closed)
  process.once('SIGTERM', closed)
  context.once('close', closed)

  let page: Page | undefined
  try {
    page = context.pages()[0] ?? (await context.newPage())
    page.once('close', closed)
    await attachConsole(page, {
      dispatch: core.dispatch,
      subscribe: core.subscribe,
      rendererRoot: options.rendererRoot,
      pageBridgeSource,
    })
    await openConsole(page)
    // Starting the embedded sandbox takes the main thread for a while: begun earlier, it held up
    // the page's files and calls. It starts once the first screen is up (or when that screen
    // lists the environments, whichever comes first), unless the window is already closing.
    if (stopping === undefined) core.warmUp()
  } catch (error) {
    // A window that could not be wired or opened is closed with the core, not left running, and
    // the failure is what the launcher reports (not a close by the user).
    context.off('close', closed)
    page?.off('close', closed)
    await Promise.all([core.dispose(), context.close()]).catch(() => undefined)
    throw error
  }
  log('The console is open. Close its window, or press Ctrl+C here, to quit.')
}
