import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterEach, expect, it } from 'vitest'
import { SHELL_ORIGIN } from '../../src-main/browser-shell/shell-origin'
import { describeWithTestKeyring, throwawayKeychainService } from '../helpers/test-keyring'
import { makeTempDir } from '../helpers/temp-dir'

const ROOT = resolve(import.meta.dirname, '../..')
const chromiumPath = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE ?? '/usr/bin/chromium'
const describeWithBrowser = existsSync(chromiumPath)
  ? describeWithTestKeyring
  : describeWithTestKeyring.skip

interface Shell {
  child: ChildProcess
  stdout: () => string
  exited: Promise<number | null>
  page: Page
  browser: Browser
}

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** Polls a condition that a child process makes true; fails with what it last saw. */
async function until<T>(what: string, probe: () => T | undefined, seconds = 30): Promise<T> {
  const deadline = Date.now() + seconds * 1000
  for (;;) {
    const value = probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/**
 * Starts what `npm start` runs after its build, on a machine without Electron's binary (an empty
 * ELECTRON_OVERRIDE_DIST_PATH stands for it), and connects to the window it opens.
 */
async function createAndLookUp(page: Page, token: string): Promise<void> {
  await page.getByRole('link', { name: 'Create', exact: true }).click()
  await page.getByRole('textbox', { name: 'Token', exact: true }).fill(token)
  await page.getByLabel('First name').fill('Lucía')
  await page.getByRole('button', { name: 'Create user' }).click()
  await page.getByText('User created.').waitFor()

  await page.getByRole('link', { name: 'Look up', exact: true }).click()
  await page.getByRole('textbox', { name: 'Token', exact: true }).fill(token)
  await page.getByRole('button', { name: 'Look up' }).click()
  await page
    .getByRole('region', { name: 'User', exact: true })
    .getByText('Lucía', { exact: true })
    .waitFor()
}

async function startShell(withoutKeychain = false): Promise<Shell> {
  const dir = makeTempDir('shell')
  cleanups.push(dir.remove)
  const noElectron = join(dir.path, 'no-electron')
  mkdirSync(noElectron)
  const browserLog = join(dir.path, 'browser.log')
  const inherited = { ...process.env }
  if (withoutKeychain) {
    // No session bus to find: neither named, nor at the runtime folder's usual place.
    delete inherited.DBUS_SESSION_BUS_ADDRESS
    inherited.XDG_RUNTIME_DIR = join(dir.path, 'runtime')
    mkdirSync(inherited.XDG_RUNTIME_DIR, { mode: 0o700 })
  }
  const child = spawn(process.execPath, [join(ROOT, 'out/launcher/start.js')], {
    cwd: ROOT,
    env: {
      ...inherited,
      ELECTRON_OVERRIDE_DIST_PATH: noElectron,
      INTEGRATOR_CONSOLE_BROWSER: join(import.meta.dirname, 'headless-browser.sh'),
      INTEGRATOR_CONSOLE_USER_DATA: join(dir.path, 'data'),
      INTEGRATOR_CONSOLE_KEYCHAIN_SERVICE: throwawayKeychainService(),
      SHELL_TEST_BROWSER_LOG: browserLog,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  cleanups.push(() => child.kill('SIGKILL'))
  let stdout = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.resume()
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))

  await until('the console to open', () =>
    stdout.includes('The console is open') ? true : undefined,
  )
  const endpoint = await until('the browser DevTools endpoint', () =>
    existsSync(browserLog)
      ? /DevTools listening on (ws:\S+)/.exec(readFileSync(browserLog, 'utf8'))?.[1]
      : undefined,
  )
  const browser = await chromium.connectOverCDP(endpoint)
  cleanups.push(() => void browser.close().catch(() => undefined))
  const page = browser
    .contexts()
    .flatMap((context) => context.pages())
    .find((candidate) => candidate.url().startsWith(SHELL_ORIGIN))
  if (!page) throw new Error('the shell opened no console page')
  return { child, stdout: () => stdout, exited, page, browser }
}

/** The embedded sandbox's address, once it runs: it starts after the first screen is up. */
async function sandboxUrl(page: Page): Promise<string> {
  const sandbox = () =>
    page.evaluate(async () => {
      const { integratorConsole } = globalThis as unknown as {
        integratorConsole: {
          app: {
            info: () => Promise<{
              data: { sandbox: { state: string; baseUrl: string | null; said: unknown } }
            }>
          }
        }
      }
      return (await integratorConsole.app.info()).data.sandbox
    })
  // Polls until it is running or has failed (it is "stopped" until the shell starts it), and
  // keeps the answer it stopped at: a failure is told with its reason, and a retry that began
  // since cannot hide it.
  let settled = await sandbox()
  await expect
    .poll(async () => (settled = await sandbox()).state, { timeout: 30_000 })
    .toMatch(/^(running|failed)$/)
  expect(settled).toMatchObject({ state: 'running', said: null })
  expect(settled.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  return settled.baseUrl ?? ''
}

async function isListening(url: string): Promise<boolean> {
  return fetch(`${url}/.well-known/jwks.json`).then(
    () => true,
    () => false,
  )
}

describeWithBrowser('npm start without the Electron binary', () => {
  it('says why, opens the console in the browser shell, works, and ends with its window', async () => {
    const shell = await startShell()
    const [firstLine] = shell.stdout().split('\n')
    expect(firstLine).toMatch(/Electron .*binary is not installed/)
    expect(firstLine).toContain('npm run electron:install')
    expect(firstLine).toContain('ELECTRON_MIRROR')
    expect(firstLine).toContain('HTTPS_PROXY')

    const { page } = shell
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Look up a user')
    // The face's badge comes with the app's info, which may answer after the first screen.
    await expect.poll(() => page.getByText('Browser shell', { exact: true }).isVisible()).toBe(true)

    await createAndLookUp(page, 'shell-user-1')

    const sandbox = await sandboxUrl(page)
    expect(await isListening(sandbox)).toBe(true)
    await page.close()
    expect(await shell.exited).toBe(0)
    expect(await isListening(sandbox)).toBe(false)
  }, 60_000)

  it('on a machine with no D-Bus session and no keychain, the Local sandbox works and says so once', async () => {
    const { page, child, exited } = await startShell(true)
    await page.getByText('No keychain can be used on this computer.').waitFor()
    await createAndLookUp(page, 'shell-no-keychain')
    await page.getByRole('button', { name: 'Got it' }).click()
    await page.getByText('No keychain can be used on this computer.').waitFor({ state: 'detached' })
    child.kill('SIGINT')
    expect(await exited).toBe(0)
  }, 60_000)

  it('stops the core and its sandbox on Ctrl+C', async () => {
    const shell = await startShell()
    const sandbox = await sandboxUrl(shell.page)
    expect(await isListening(sandbox)).toBe(true)
    shell.child.kill('SIGINT')
    expect(await shell.exited).toBe(0)
    expect(await isListening(sandbox)).toBe(false)
  }, 60_000)
})
