import { spawn, type ChildProcessByStdio } from 'node:child_process'
import type { Readable, Writable } from 'node:stream'

/**
 * Runs the command under a shell that holds one end of a pipe from this process, and stops the
 * command when that pipe closes: when the test ends it (`end`), and when this process goes
 * however it goes (a crashed or killed worker, a timeout), so no proxy is left listening. The
 * shell ends with the command, with the command's exit status.
 */
const TIED = [
  // A command put in the background reads /dev/null unless told otherwise: the pipe is kept on
  // fd 3 for the watcher alone.
  'exec 3<&0',
  '"$@" </dev/null 3<&- & command=$!',
  '{ while read -r _; do :; done; kill "$command" 2>/dev/null; } <&3 & watcher=$!',
  'exec 3<&-',
  'wait "$command"; status=$?',
  'kill "$watcher" 2>/dev/null',
  'exit "$status"',
].join('\n')

export interface TiedChild {
  child: ChildProcessByStdio<Writable, Readable, Readable>
  /** Resolves when the command (and its shell) have ended. */
  exited: Promise<void>
  /** Stops the command and waits for it. */
  end: () => Promise<void>
}

export function spawnTied(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): TiedChild {
  const child = spawn('bash', ['-c', TIED, 'tied', command, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env,
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    child,
    exited,
    end: async () => {
      child.stdin.end()
      await exited
    },
  }
}
