import { version } from '../../package.json'
import { runCli } from './program'

// The process ends when its work does; a keep-alive socket or a timer left behind must not keep
// a script waiting.
void runCli(process.argv.slice(2), { ...process, env: process.env }, version).then((code) => {
  process.exitCode = code
  setTimeout(() => process.exit(code), 1000).unref()
})
