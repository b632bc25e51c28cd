// What `npm start` runs once the compile cache is on (see start.ts).
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { version } from '../../package.json'
import { findBrowser } from '../browser-shell/find-browser'
import { runBrowserShell } from '../browser-shell/open-shell'
import { electronMissingAdvice, findElectronBinary } from './electron-binary'
import { asksForBrowserShell } from './launch-mode'

const OUT = join(import.meta.dirname, '..')
const PROJECT_ROOT = join(OUT, '..')

const USAGE = `Usage: npm start [-- --browser] [-- --browser-path PATH]

Opens Integrator Console: the Electron window where Electron's binary is installed, otherwise the
same console in an installed Chrome, Chromium or Edge (the browser shell).

  --browser            use the browser shell even where Electron is installed
  --browser-path PATH  the browser to use (or set INTEGRATOR_CONSOLE_BROWSER)
  --help               show this help`

function fail(message: string): never {
  process.stderr.write(`${message}\n`)
  process.exit(1)
}

function runElectron(binary: string): void {
  const child = spawn(binary, [PROJECT_ROOT], { stdio: 'inherit' })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => child.kill(signal))
  }
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}

async function main(): Promise<void> {
  let values: { browser?: boolean; 'browser-path'?: string; help?: boolean }
  try {
    ;({ values } = parseArgs({
      options: {
        browser: { type: 'boolean' },
        'browser-path': { type: 'string' },
        help: { type: 'boolean' },
      },
    }))
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`)
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`)
    return
  }
  const electron = findElectronBinary(PROJECT_ROOT)
  const wantsBrowser = asksForBrowserShell(process.argv.slice(2))
  if ('path' in electron && !wantsBrowser) {
    runElectron(electron.path)
    return
  }
  if ('missing' in electron && !wantsBrowser)
    process.stdout.write(`${electronMissingAdvice(electron.missing)}\n\n`)
  const browser = findBrowser(values['browser-path'])
  if ('missing' in browser) fail(`Cannot open the browser shell: ${browser.missing}.`)
  process.stdout.write(`Opening Integrator Console in the browser shell (${browser.path}).\n`)
  await runBrowserShell({
    browserPath: browser.path,
    rendererRoot: join(OUT, 'renderer'),
    pageBridgePath: join(OUT, 'browser-shell', 'page-bridge.js'),
    version,
  })
}

main().catch((error: unknown) => {
  fail(
    `Integrator Console could not start: ${error instanceof Error ? error.message : String(error)}`,
  )
})
