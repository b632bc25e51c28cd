// `npm run bench`, the start: `npm start`, typed as users type it, to the console's first
// interactive screen in the browser shell (the page says data-app-state="loaded"), beside a bare
// Chromium app window opened the same way (scripts/bench-bare-window.ts: Playwright, the same
// options, the compile cache); the launcher alone too, to show what npm and the build check add.
// Interleaved, medians, wall and CPU (every process of the start's group until it is ready). The
// compile cache of both sides in this run's folder. Chromium runs headless through
// scripts/bench-headless-browser.sh.
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { medianCost, ratioLine, sized, SMOKE, type Cost } from './bench-process'

const RUNS = sized(7, 1)
const BROWSER = resolve('scripts/bench-headless-browser.sh')
const TICK_MS = 10

/** CPU of every process in a process group, those it has waited for included (/proc, in ms). */
function groupCpu(group: number): number {
  let ticks = 0
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat: string
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    } catch {
      continue // ended meanwhile
    }
    // After the command's name in parentheses: state, ppid, pgrp, … utime (14), stime, cutime, cstime.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    if (Number(fields[2]) !== group) continue
    ticks += [11, 12, 13, 14].reduce((sum, field) => sum + Number(fields[field]), 0)
  }
  return ticks * TICK_MS
}

/** From spawn to the line that says the window is ready; then the group stopped, and waited for. */
function timeToReady(command: string, args: string[], ready: string, env: NodeJS.ProcessEnv) {
  return new Promise<Cost>((done, fail) => {
    const started = performance.now()
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    const group = child.pid ?? 0
    let output = ''
    let took: Cost | undefined
    const collect = (chunk: Buffer) => {
      output += chunk.toString()
      if (took === undefined && output.includes(ready)) {
        took = { wallMs: performance.now() - started, cpuMs: groupCpu(group) }
        process.kill(-group, 'SIGTERM')
      }
    }
    child.stdout.on('data', collect)
    child.stderr.on('data', collect)
    child.once('exit', () =>
      took === undefined
        ? fail(new Error(`${command} ${args.join(' ')} ended first:\n${output}`))
        : done(took),
    )
  })
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'ic-bench-start-'))
  const env = {
    ...process.env,
    INTEGRATOR_CONSOLE_BROWSER: BROWSER,
    INTEGRATOR_CONSOLE_USER_DATA: dir,
    XDG_CACHE_HOME: join(dir, 'cache'),
    // Chromium runs headless and needs none, but `npm start` says "no display" first without one.
    DISPLAY: process.env.DISPLAY || ':0',
    // No Electron binary, whatever this machine has: the browser shell is what is measured.
    ELECTRON_OVERRIDE_DIST_PATH: join(dir, 'no-electron'),
  }
  const open = 'The console is open'
  const measures = {
    npmStart: () => timeToReady('npm', ['start'], open, env),
    launcher: () => timeToReady('node', ['out/launcher/start.js'], open, env),
    bare: () => timeToReady('node', ['out/bench/bench-bare-window.mjs'], 'bare window ready', env),
  }
  try {
    // A stamps file with nothing recorded: the start builds what the shell runs (not in the smoke run).
    const firstStart = SMOKE
      ? undefined
      : await timeToReady('npm', ['start'], open, {
          ...env,
          INTEGRATOR_BUILD_STAMPS: join(dir, 'no-stamps.json'),
        })
    // Each once, unmeasured: the compile caches are written (not in the smoke run: one start each).
    if (!SMOKE) for (const measure of Object.values(measures)) await measure()
    const times = { npmStart: [] as Cost[], launcher: [] as Cost[], bare: [] as Cost[] }
    for (let i = 0; i < RUNS; i++)
      for (const name of ['npmStart', 'bare', 'launcher'] as const)
        times[name].push(await measures[name]())
    const [npmStart, launcher, bare] = [times.npmStart, times.launcher, times.bare].map(medianCost)
    process.stdout.write(
      `\nStart to an interactive first screen, browser shell (medians of ${RUNS}, interleaved):\n` +
        (firstStart
          ? `  first npm start (builds the launcher and page): wall ${firstStart.wallMs.toFixed(0)} ms\n`
          : '') +
        ratioLine('npm start vs a bare Chromium app window', npmStart as Cost, bare as Cost, 1.2) +
        ratioLine('the launcher alone vs a bare window', launcher as Cost, bare as Cost, 1.2) +
        ratioLine('npm start vs the launcher alone', npmStart as Cost, launcher as Cost),
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
