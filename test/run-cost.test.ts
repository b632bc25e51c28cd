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
    // The child spins for half a second in user code, then half a second asking the kernel for
    // its usage (system time), and tells what CPU time it used itself: both kinds must count.
    const busy =
      'let until = Date.now() + 500; while (Date.now() < until);' +
      'until = Date.now() + 500; while (Date.now() < until) process.cpuUsage();' +
      'process.stdout.write(JSON.stringify(process.cpuUsage()))'
    const child = spawnSync(process.execPath, ['-e', busy], { encoding: 'utf8' }).stdout
    const { user, system } = JSON.parse(child) as { user: number; system: number }
    expect(system / 1e6).toBeGreaterThan(0.1)
    const told = (user + system) / 1e6
    end()
    const [phase] = cost.phases
    // Its own count leaves out Node's start before the first line ran: a few hundredths.
    expect(phase?.cpuSeconds).toBeGreaterThanOrEqual(told - 0.02)
    expect(phase?.cpuSeconds).toBeLessThan(told + 0.3)
    expect(cost.summary()[1]).toMatch(/^ {2}busy child: \d+ s wall, \d+ s CPU$/)
  })
})
