// `npm run bench` at a handful of calls per part (BENCH_SMOKE=1): every part still runs against
// the build as it is now and prints each of its figures with a number, so that a change elsewhere
// cannot break the bench unseen. No timing is asserted: speed figures never go in timed tests.
// The bench runs what is built ('out/cli', 'out/launcher', 'out/renderer'): a build-project test.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../..')
const chromiumPath = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE ?? '/usr/bin/chromium'
const describeOnLinuxWithBrowser =
  process.platform === 'linux' && existsSync(chromiumPath) ? describe : describe.skip

const n = String.raw`\d+(?:\.\d+)?`
/** A figure beside its baseline, as every part prints it: wall and CPU, each with its ratio. */
const ratioLine = (label: string) =>
  new RegExp(String.raw`${label}: wall ${n} ms vs ${n} ms = ${n}x, CPU ${n} ms vs ${n} ms = ${n}x`)
/** A row of the core's tables: the calls, both sides' percentiles and the ratios. */
const tableRow = (operation: string, cpu = n) =>
  new RegExp(
    String.raw`\n${operation}\s+\d+\s+${n} ms\s+${n} ms\s+${n} ms\s+${n} ms\s+${n}x\s+${n}x\s+${cpu}`,
  )

const FIGURES = [
  new RegExp(String.raw`users: first Authenticate after a start ${n} ms, later ones ${n} ms`),
  new RegExp(String.raw`ratio ${n}x the minimal server`),
  tableRow('users:find among \\d+ users', '-'),
  new RegExp(String.raw`users:find p99, warm index: ${n} ms`),
  ratioLine('steady, median of \\d+ interleaved, vs fetch'),
  ratioLine('steady, vs node:http \\(keep-alive\\)'),
  ratioLine('first call in a fresh process \\(median of \\d+\\), vs fetch'),
  ratioLine('first call, vs node:http'),
  ratioLine('with the fixture vs the sandbox steps stubbed'),
  tableRow('users:retrieve'),
  tableRow('users:create'),
  tableRow('sessions:authenticate'),
  tableRow('retrieve via proxy'),
  new RegExp(String.raw`engine ${n} rows/s, raw ${n} rows/s`),
  new RegExp(String.raw`CPU per row: engine ${n} µs, raw ${n} µs = ${n}x`),
  new RegExp(String.raw`rows: ${n} ms \(${n} rows/s\), process peak ${n} MiB, -?${n} MiB more`),
  new RegExp(String.raw`rows: ${n} ms \(${n}x the 100-row file`),
  ratioLine('jwt issue --credentials-from-env vs the Node floor'),
  ratioLine('jwt issue \\(keychain\\) vs the Node floor'),
  ratioLine('--version vs node -e 0'),
  ratioLine('npm start vs a bare Chromium app window'),
  ratioLine('the launcher alone vs a bare window'),
]

describeOnLinuxWithBrowser('npm run bench, smoke run', () => {
  it('runs every part and prints each figure with a number', async () => {
    const child = spawn('npm', ['run', 'bench', '--silent'], {
      cwd: ROOT,
      env: { ...process.env, BENCH_SMOKE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const code = await new Promise<number | null>((done) => child.once('exit', done))
    expect(code, output).toBe(0)
    for (const figure of FIGURES) expect(output).toMatch(figure)
  }, 600_000)
})
