import type { ChildProcessByStdio } from 'node:child_process'
import { once } from 'node:events'
import type { Readable, Writable } from 'node:stream'

export interface WatchedChild {
  child: ChildProcessByStdio<Writable | null, Readable, Readable>
  stdout: () => string
  stderr: () => string
  /** Both streams as they arrived, for a message that shows what the process said. */
  output: () => string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** Keeps what a child process writes, as it writes it, so a test can wait on what it says. */
export function watchChild(
  child: ChildProcessByStdio<Writable | null, Readable, Readable>,
): WatchedChild {
  let stdout = ''
  let stderr = ''
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
    output += chunk.toString()
  })
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
    output += chunk.toString()
  })
  // Listened for at once: a child that ends before anyone asks still reports how.
  const exited = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }))
  return { child, stdout: () => stdout, stderr: () => stderr, output: () => output, exited }
}
