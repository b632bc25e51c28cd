// `npm run bench`, shared by the parts that time whole processes or blocks of calls: wall and CPU
// time, medians, the ratio lines every part prints, and the smoke run's sizes.
import { spawnSync } from 'node:child_process'

/** `BENCH_SMOKE=1` (the smoke run in `npm test`): every part at a handful of calls, to prove it runs. */
export const SMOKE = process.env.BENCH_SMOKE === '1'

/** `full` in a real run, `smoke` in the smoke run. */
export const sized = (full: number, smoke: number): number => (SMOKE ? smoke : full)

export interface Cost {
  wallMs: number
  cpuMs: number
}

export const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[values.length >> 1] ?? Number.NaN

/** The median wall and the median CPU of a series, each on its own. */
export const medianCost = (costs: readonly Cost[]): Cost => ({
  wallMs: median(costs.map((cost) => cost.wallMs)),
  cpuMs: median(costs.map((cost) => cost.cpuMs)),
})

/**
 * One process from its start to its exit: wall, and user + system CPU of it and its children as
 * the kernel counts them (bash's `time`, from wait4's rusage; bash's own start is not in it).
 * Anything but exit 0 fails the bench with what the process said.
 */
export function timedProcess(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  input?: string,
): Cost {
  // The command's own stderr goes to fd 3, so that bash's stderr holds the times alone.
  const result = spawnSync(
    'bash',
    ['-c', 'TIMEFORMAT="%3R %3U %3S"; time "$@" 2>&3', 'bench', command, ...args],
    { env, input, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe', 'pipe'] },
  )
  const times = /^(\d+\.\d+) (\d+\.\d+) (\d+\.\d+)\s*$/.exec(result.stderr)
  if (result.status !== 0 || !times)
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}): ${String(result.output[3])}`,
    )
  const [wall, user, system] = times.slice(1).map(Number) as [number, number, number]
  return { wallMs: wall * 1000, cpuMs: (user + system) * 1000 }
}

/** CPU time of this whole process (every thread), in milliseconds. */
export function cpuNow(): number {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

/** Wall and CPU of one call in this process. */
export async function timedCall(call: () => Promise<unknown>): Promise<Cost> {
  const [wall, cpu] = [performance.now(), cpuNow()]
  await call()
  return { wallMs: performance.now() - wall, cpuMs: cpuNow() - cpu }
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`

/**
 * One figure line: the measured cost beside its baseline's, and their ratios, wall and CPU, with
 * the target when there is one. The smoke run checks every part prints these lines.
 */
export function ratioLine(label: string, measured: Cost, baseline: Cost, target?: number): string {
  const wall = measured.wallMs / baseline.wallMs
  const cpu = measured.cpuMs / baseline.cpuMs
  const aim = target === undefined ? '' : ` (target ${target}x)`
  return (
    `  ${label}: wall ${ms(measured.wallMs)} vs ${ms(baseline.wallMs)} = ${wall.toFixed(2)}x, ` +
    `CPU ${ms(measured.cpuMs)} vs ${ms(baseline.cpuMs)} = ${cpu.toFixed(2)}x${aim}\n`
  )
}
