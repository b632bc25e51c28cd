// `npm run bench`, the start: how long `npm start` takes to the console's first interactive screen
// in the browser shell (the page says data-app-state="loaded"), a second start (nothing to build)
// beside the launcher alone, and the launcher beside a bare Chromium app window opened the same
// way (Playwright, the same options, a one-button page). Interleaved, medians, ratios in the same
// run. Chromium runs headless through scripts/bench-headless-browser.sh.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium } from 'playwright-core'
import { appWindowOptions } from '../src-main/browser-shell/browser-args'

const RUNS = 7
const BROWSER = resolve('scripts/bench-headless-browser.sh')

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0

/** From spawn to the line that says the window is ready; then stopped, and waited for. */
function timeToReady(command: string, args: string[], ready: string, env: NodeJS.ProcessEnv) {
  return new Promise<number>((done, fail) => {
    const started = performance.now()
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    let took: number | undefined
    const collect = (chunk: Buffer) => {
      output += chunk.toString()
      if (took === undefined && output.includes(ready)) {
        took = performance.now() - started
        child.kill('SIGTERM')
      }
    }
    child.stdout.on('data', collect)
    child.stderr.on('data', collect)
    child.once('exit', () =>
      took === undefined
        ? fail(new Error(`${args.join(' ')} ended first:\n${output}`))
        : done(took),
    )
  })
}

/** The baseline, as a child process of its own: Playwright loaded, an app window, a page. */
async function bareWindow(): Promise<void> {
  const context = await chromium.launchPersistentContext('', appWindowOptions(BROWSER))
  const page = context.pages()[0] ?? (await context.newPage())
  await page.goto('data:text/html,<button>Ready</button>')
  await page.getByRole('button', { name: 'Ready' }).waitFor()
  process.stdout.write('bare window ready\n')
  process.once('SIGTERM', () => void context.close().then(() => process.exit(0)))
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'ic-bench-start-'))
  const env = {
    ...process.env,
    INTEGRATOR_CONSOLE_BROWSER: BROWSER,
    INTEGRATOR_CONSOLE_USER_DATA: dir,
    // No Electron binary, whatever this machine has: the browser shell is what is measured.
    ELECTRON_OVERRIDE_DIST_PATH: join(dir, 'no-electron'),
  }
  const open = 'The console is open'
  const measures = {
    launcher: () => timeToReady('node', ['out/launcher/start.js'], open, env),
    secondStart: () => timeToReady('node', ['scripts/start.mjs'], open, env),
    bare: () =>
      timeToReady('node', [process.argv[1] ?? '', '--bare-window'], 'bare window ready', env),
  }
  try {
    const firstStart = await timeToReady('node', ['scripts/start.mjs'], open, {
      ...env,
      // A stamps file with nothing recorded: the start builds what the shell runs.
      INTEGRATOR_BUILD_STAMPS: join(dir, 'no-stamps.json'),
    })
    const times = { launcher: [] as number[], secondStart: [] as number[], bare: [] as number[] }
    await measures.launcher()
    for (let i = 0; i < RUNS; i++)
      for (const name of ['secondStart', 'launcher', 'bare'] as const)
        times[name].push(await measures[name]())
    const [launcher, second, bare] = [times.launcher, times.secondStart, times.bare].map(median)
    const ratio = (a = 0, b = 1) => `${(a / b).toFixed(2)}x`
    process.stdout.write(
      `\nnpm start to an interactive first screen, browser shell (median of ${RUNS}, interleaved):\n` +
        `  first start (builds the launcher and page)  ${firstStart.toFixed(0)} ms\n` +
        `  second start (nothing to build)            ${second?.toFixed(0)} ms\n` +
        `  the launcher alone                         ${launcher?.toFixed(0)} ms\n` +
        `  a bare Chromium app window, same way       ${bare?.toFixed(0)} ms\n` +
        `  second start / launcher ${ratio(second, launcher)} (target 1.2x); ` +
        `launcher / bare window ${ratio(launcher, bare)} (target 1.2x)\n`,
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv.includes('--bare-window')) await bareWindow()
else await main()
