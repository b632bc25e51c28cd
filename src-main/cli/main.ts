import { version } from '../../package.json'
import { runCli } from './program'

const io = {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
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
    process.exitCode = code
    setTimeout(() => process.exit(code), 1000).unref()
  })
