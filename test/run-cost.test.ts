import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { costSummary, createCostLog } from '../scripts/run-cost.mjs'

describe("npm test's time per phase", () => {
  it('holds the whole run against the floor its cores allow', () => {
    const lines = costSummary(
      [
        { label: 'static checks and build', wallSeconds: 100, cpuSeconds: 180 },
        { label: 'vitest', wallSeconds: 300, cpuSeconds: 420 },
      ],
      2,
    )
    expect(lines).toEqual([
      'Time per phase:',
      '  static checks and build: 100 s wall, 180 s CPU',
      '  vitest: 300 s wall, 420 s CPU',
      '  all: 400 s wall, 600 s CPU; on 2 cores no run of this work is shorter than 300 s ' +
        '(this one took 1.33× that)',
    ])
  })

  it('tells wall time alone where CPU time could not be read', () => {
    expect(costSummary([{ label: 'vitest', wallSeconds: 12, cpuSeconds: undefined }], 2)).toEqual([
      'Time per phase:',
      '  vitest: 12 s',
      '  all: 12 s',
    ])
  })

  it.runIf(process.platform === 'linux')("counts a child process's CPU time in its phase", () => {
    const cost = createCostLog()
    const end = cost.phase('busy child')
    const busy =
      'const until = process.cpuUsage().user + 1_500_000; while (process.cpuUsage().user < until);'
    spawnSync(process.execPath, ['-e', busy])
    end()
    const line = cost.summary()[1] ?? ''
    const cpu = Number(/, (\d+) s CPU/.exec(line)?.[1])
    // The child spun for 1.5 s of CPU; whole seconds are told.
    expect(line).toMatch(/^ {2}busy child: \d+ s wall, \d+ s CPU$/)
    expect(cpu).toBeGreaterThanOrEqual(1)
  })
})
