// The `integrator-console` command as a user starts it. Node keeps the compiled code of the rest
// on disk (its compile cache) from the first run on, so each later start skips compiling it:
// scripts start the command many times a day, and most of a start is spent there.
import * as nodeModule from 'node:module'
import { homedir } from 'node:os'
import { join } from 'node:path'

const REQUIRED_MAJOR = 22
if (Number(process.versions.node.split('.')[0]) < REQUIRED_MAJOR) {
  process.stderr.write(
    `error: integrator-console needs Node ${REQUIRED_MAJOR} or newer (this is ${process.version}); this project's Node 24 is what scripts/node-runtime.sh puts first on PATH.\n`,
  )
  process.exit(2)
}
// The user's own cache folder, not the shared temporary one another account could fill first.
nodeModule.enableCompileCache(
  join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'integrator-console', 'compile'),
)
await import('./main')
