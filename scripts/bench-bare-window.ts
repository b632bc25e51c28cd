// `npm run bench`, the start's baseline: a bare Chromium app window opened as the browser shell
// opens its own (Playwright, the same options), with a one-button page; the compile cache turned on
// before Playwright loads, as the launcher does. Says when the button is there; closes on SIGTERM.
import { enableCompileCache } from '../src-main/compile-cache'

enableCompileCache()
const { chromium } = await import('playwright-core')
const { appWindowOptions } = await import('../src-main/browser-shell/browser-args')
const browser = process.env.INTEGRATOR_CONSOLE_BROWSER
if (!browser) throw new Error('INTEGRATOR_CONSOLE_BROWSER names the browser to open')
const context = await chromium.launchPersistentContext('', appWindowOptions(browser))
const page = context.pages()[0] ?? (await context.newPage())
await page.goto('data:text/html,<button>Ready</button>')
await page.getByRole('button', { name: 'Ready' }).waitFor()
process.stdout.write('bare window ready\n')
process.once('SIGTERM', () => void context.close().then(() => process.exit(0)))
