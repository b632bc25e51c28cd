import type { Page } from '@playwright/test'
import { SHELL_ORIGIN } from '../../src-main/browser-shell/shell-origin'

/**
 * What the page's copy buttons wrote. The console itself may only write the clipboard; reading
 * it back is the test's own need, so only the test grants it.
 */
export async function readClipboard(app: Page): Promise<string> {
  if (new URL(app.url()).origin === SHELL_ORIGIN)
    await app.context().grantPermissions(['clipboard-read'], { origin: SHELL_ORIGIN })
  return app.evaluate(() => navigator.clipboard.readText())
}
