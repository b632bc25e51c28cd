import { EXIT } from './exit-codes'
import { runCli } from './program'

/**
 * The command line's process, from its arguments to its exit code. The version comes from the
 * entry, which answers `--version` alone: this module and the package file share no chunk.
 */
export function main(version: string): void {
  const io = {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
  }
  // Work that stops with nothing left to wake it (a wait no event ends) lets Node exit on its own:
  // that must read as the console's defect, never as a success a CI job would take for done.
  process.exitCode = 70
  let settled = false
  process.once('exit', () => {
    if (!settled)
      process.stderr.write('error: the console stopped before its work was done (a defect).\n')
  })
  // A reader that stops early (`| head -2`) closes the pipe: the command stops there, quietly, with
  // the code a command killed by SIGPIPE has. Any other failure to write is the console's defect.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      settled = true
      process.exit(error.code === 'EPIPE' ? EXIT.closedPipe : EXIT.internal)
    })
  }
  // The process ends when its work does; a keep-alive socket or a timer left behind must not keep
  // a script waiting.
  void runCli(process.argv.slice(2), io, version)
    .catch((error: unknown) => {
      process.stderr.write(
        `error: the console failed: ${error instanceof Error ? error.message : String(error)}\n`,
      )
      return 70
    })
    .then((code) => {
      settled = true
      process.exitCode = code
      setTimeout(() => process.exit(code), 1000).unref()
    })
}
