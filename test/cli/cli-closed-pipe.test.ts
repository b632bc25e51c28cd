// `integrator-console … | head -2`: the reader goes away and the console's next write meets a
// closed pipe. It stops there, quietly, with the code of a command SIGPIPE ends (141).
import { afterAll, expect, it } from 'vitest'
import { EXIT } from '../../src-main/cli/exit-codes'
import { cliSession } from '../helpers/cli-session'
import { describeWithTestKeyring } from '../helpers/test-keyring'

describeWithTestKeyring('integrator-console into a closed pipe', () => {
  const session = cliSession('cli-closed-pipe')
  afterAll(() => session.remove())

  it.each([[['--help']], [['env', 'list']]])(
    '%j whose reader has gone: exit 141, no stack',
    async (args) => {
      const run = session.spawn(args)
      // The reader is gone before the console writes a line.
      run.child.stdout.destroy()
      const { code } = await run.exited
      expect(code).toBe(EXIT.closedPipe)
      expect(run.stderr()).not.toMatch(/EPIPE|Unhandled|\n +at /)
    },
  )
})
