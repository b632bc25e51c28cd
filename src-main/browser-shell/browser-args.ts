import type { LaunchOptions } from 'playwright-core'

// The flags a browser driven for one app window needs on a machine with a closed network; no
// extension, sync or first-run screen gets between the user and the console.
const BROWSER_ARGS = [
  '--app=data:text/html,',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-extensions',
  '--window-size=1280,820',
  // Chromium's start-up infobars (a flag it calls unsupported, such as the --no-sandbox root needs;
  // missing Google API keys; the default-browser prompt) speak to a browser's user, not to this
  // window's: Playwright's own app windows drop them the same way.
  '--test-type=',
]

/** Chromium refuses its sandbox to root; everyone else keeps it. */
export const sandboxedPage = (uid: number | undefined): boolean => uid !== 0

/**
 * What the terminal says when the page runs without Chromium's sandbox: the infobar that would
 * have said it is hidden with the others.
 */
export const UNSANDBOXED_NOTICE =
  "Running as root: Chromium's own sandbox is off for this window (it refuses it to root). Run the console as an ordinary user to keep it."

/**
 * How the shell opens its one app window (the bench opens a bare page the same way). The shell
 * handles the signals itself: it stops the core before the browser.
 */
export function appWindowOptions(executablePath: string) {
  return {
    executablePath,
    headless: false,
    chromiumSandbox: sandboxedPage(process.getuid?.()),
    viewport: null,
    args: BROWSER_ARGS,
    ignoreDefaultArgs: ['--enable-automation'],
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  } satisfies LaunchOptions & { viewport: null }
}
