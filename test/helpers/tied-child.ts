import { spawn, type ChildProcessByStdio } from 'node:child_process'
import type { Readable } from 'node:stream'

export interface TiedChild {
  child: ChildProcessByStdio<null, Readable, Readable>
  /** Resolves when the command has ended, with its exit code (null when a signal ended it). */
  exited: Promise<number | null>
  /** Stops the command (SIGTERM) and waits for it. */
  end: () => Promise<void>
}

/**
 * Starts a helper server for a test that ends with the test's process however that process goes
 * (a crashed or killed worker, a timeout), so no proxy is left listening: util-linux's `setpriv`
 * asks the kernel to send the command SIGTERM when its parent goes, then becomes the command.
 */
export function spawnTied(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): TiedChild {
  const child = spawn('setpriv', ['--pdeathsig', 'TERM', '--', command, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  })
  const exited = new Promise<number | null>((resolve) => {
    child.once('close', (code) => resolve(code))
    child.once('error', () => resolve(null))
  })
  return {
    child,
    exited,
    end: async () => {
      child.kill('SIGTERM')
      await exited
    },
  }
}
