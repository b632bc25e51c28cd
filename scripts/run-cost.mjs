// What each phase of `npm test` cost in wall time and in CPU time. CPU time is what a machine's
// cores bound: on N cores no run of the same work takes less than its CPU time over N, the floor a
// wall-time target is held against. Linux only (it reads /proc); elsewhere only wall time is told.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'

function ticksPerSecond() {
  if (process.platform !== 'linux') return undefined
  const ticks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim())
  return ticks > 0 ? ticks : undefined
}

/**
 * CPU seconds of this process and of every child it has waited for (a child's own waited-for
 * children included), from /proc/self/stat; undefined where that cannot be read.
 */
function cpuSecondsSoFar(ticks) {
  if (!ticks) return undefined
  const stat = readFileSync('/proc/self/stat', 'utf8')
  // The name in parentheses may hold spaces; the fields after it start at the state (field 3).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((index) => Number(fields[index]))
  return (utime + stime + cutime + cstime) / ticks
}

/** "12 s" or "12 s wall, 20 s CPU". */
function costText({ wallSeconds, cpuSeconds }) {
  const wall = `${wallSeconds.toFixed(0)} s`
  return cpuSeconds === undefined ? wall : `${wall} wall, ${cpuSeconds.toFixed(0)} s CPU`
}

/** The closing lines: each phase, then the whole run beside the floor its cores allow. */
export function costSummary(phases, cores) {
  const lines = phases.map((phase) => `  ${phase.label}: ${costText(phase)}`)
  const wallSeconds = phases.reduce((sum, phase) => sum + phase.wallSeconds, 0)
  const measured = phases.every((phase) => phase.cpuSeconds !== undefined)
  if (!measured) return ['Time per phase:', ...lines, `  all: ${wallSeconds.toFixed(0)} s`]
  const cpuSeconds = phases.reduce((sum, phase) => sum + phase.cpuSeconds, 0)
  const floor = cpuSeconds / cores
  return [
    'Time per phase:',
    ...lines,
    `  all: ${costText({ wallSeconds, cpuSeconds })}; on ${cores} cores no run of this work is ` +
      `shorter than ${floor.toFixed(0)} s (this one took ${(wallSeconds / floor).toFixed(2)}× that)`,
  ]
}

/** Measures phases one after another; `phase(label)` returns the function that ends it. */
export function createCostLog() {
  const ticks = ticksPerSecond()
  const phases = []
  return {
    phase(label) {
      const wallStart = performance.now()
      const cpuStart = cpuSecondsSoFar(ticks)
      return () => {
        const cpuEnd = cpuSecondsSoFar(ticks)
        phases.push({
          label,
          wallSeconds: (performance.now() - wallStart) / 1000,
          cpuSeconds: cpuStart === undefined ? undefined : cpuEnd - cpuStart,
        })
      }
    },
    phases,
    summary: () => costSummary(phases, availableParallelism()),
  }
}
