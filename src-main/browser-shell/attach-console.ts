import type { BrowserContext, Frame, Page } from 'playwright-core'
import type { AppEvent, Result } from '../../src-shared/ipc'
import { said } from '../../src-shared/messages'
import { readAppFile } from '../core/page/app-files'
import type { Dispatch } from '../core/wiring/dispatcher'
import { isAppUrl } from '../core/page/app-url'
import { SHELL_APP_URL, SHELL_BINDING, SHELL_EVENTS, SHELL_ORIGIN } from './shell-origin'

export interface ConsoleWiring {
  dispatch: Dispatch
  /** The core's events, pushed to the page as the preload's `on()` delivers them. */
  subscribe: (listener: (event: AppEvent) => void) => () => void
  /** The built renderer (out/renderer). */
  rendererRoot: string
  /** The built page bridge (out/browser-shell/page-bridge.js): the preload's counterpart. */
  pageBridgeSource: string
}

interface BindingSource {
  page: Page
  frame: Frame
}

const REFUSED: Result<never> = {
  ok: false,
  error: { code: 'FORBIDDEN', said: said('pageRefused') },
}

/**
 * Wires one page of a browser context to the main-process core with the Electron window's rules:
 * the page's files come from out/renderer by request interception (no port), every other request
 * is refused, the page gets the preload's API object and nothing else, only the app's own top
 * frame is answered, navigation away is undone, new windows are closed, and the only permission
 * is clipboard writing. The browser shell and the end-to-end tests both use this, so there is
 * one bridge in the codebase.
 */
export async function attachConsole(page: Page, wiring: ConsoleWiring): Promise<void> {
  const context: BrowserContext = page.context()
  context.on('page', (other) => {
    if (other !== page) void other.close()
  })
  const bindingCall = (source: BindingSource, channel: unknown, input: unknown) => {
    const trusted =
      source.page === page &&
      source.frame === page.mainFrame() &&
      isAppUrl(source.frame.url(), SHELL_APP_URL)
    if (!trusted || typeof channel !== 'string') return REFUSED
    return wiring.dispatch(channel, input)
  }
  // Each is a round trip to the browser: those that do not depend on each other go at once, all
  // in place before the page is opened.
  await Promise.all([
    context.grantPermissions(['clipboard-write'], { origin: SHELL_ORIGIN }),
    context.route('**/*', (route) => route.abort('blockedbyclient')),
    page.route('**/*', async (route) => {
      const request = route.request()
      if (new URL(request.url()).origin !== SHELL_ORIGIN || request.method() !== 'GET') {
        await route.abort('blockedbyclient')
        return
      }
      const file = await readAppFile(wiring.rendererRoot, request.url())
      await route.fulfill({ status: file.status, headers: file.headers, body: file.body })
    }),
    // The bridge takes the binding when it runs: the binding's own script must come first.
    (async () => {
      await page.exposeBinding(SHELL_BINDING, bindingCall)
      await page.addInitScript({ content: wiring.pageBridgeSource })
    })(),
  ])
  const unsubscribe = wiring.subscribe((event) => {
    if (!isAppUrl(page.url(), SHELL_APP_URL)) return
    void page
      .evaluate(
        ([deliver, name, payload]) => {
          const take = (globalThis as Record<string, unknown>)[deliver]
          if (typeof take === 'function')
            (take as (name: string, payload: unknown) => void)(name, payload)
        },
        [SHELL_EVENTS, event.name, event.payload] as const,
      )
      .catch(() => undefined)
  })
  page.once('close', unsubscribe)
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && !isAppUrl(frame.url(), SHELL_APP_URL))
      void page.goto(SHELL_APP_URL).catch(() => undefined)
  })
}

/** Opens the console in a page already wired by attachConsole, and waits until it is loaded. */
export async function openConsole(page: Page): Promise<void> {
  await page.goto(SHELL_APP_URL)
  await page.locator('[data-app-state="loaded"]').waitFor()
}
