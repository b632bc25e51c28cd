// The static checks of `npm test` (format, lint, types, catalogs, build) read the sources and
// write nothing but out/, so they run side by side: on two cores the run is about as long as
// its longest check (lint) instead of the sum of them all.
import { spawn } from 'node:child_process'

/** One check, its output kept together, and how long it took. */
function runOne({ label, command, args }) {
  const started = performance.now()
  return new Promise((resolve) => {
    const chunks = []
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout.on('data', (chunk) => chunks.push(chunk))
    child.stderr.on('data', (chunk) => chunks.push(chunk))
    const done = (ok, extra = '') =>
      resolve({
        label,
        ok,
        output: Buffer.concat(chunks).toString('utf8') + extra,
        seconds: ((performance.now() - started) / 1000).toFixed(1),
      })
    child.on('error', (error) => done(false, `${command} could not start: ${error.message}\n`))
    child.on('close', (code) => done(code === 0))
  })
}

/**
 * Runs the checks `width` at a time, longest first as given. Each check's output is printed whole,
 * in the order the checks are listed, so two checks' lines never interleave in the log.
 * Resolves to whether each passed.
 */
export async function runChecks(checks, width) {
  const results = new Array(checks.length)
  let next = 0
  let printed = 0
  const print = () => {
    while (printed < checks.length && results[printed]) {
      const { label, ok, output, seconds } = results[printed]
      process.stdout.write(`\n▶ ${label}\n${output}${ok ? '✔' : '✘'} ${label} (${seconds} s)\n`)
      printed += 1
    }
  }
  const lane = async () => {
    while (next < checks.length) {
      const index = next++
      results[index] = await runOne(checks[index])
      print()
    }
  }
  await Promise.all(Array.from({ length: width }, lane))
  return results.map((result) => result.ok)
}
