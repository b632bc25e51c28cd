// The `integrator-console` command as a user starts it: the rest is loaded once Node's compile
// cache is on, and only on a Node that can run it.
import { enableCompileCache } from '../compile-cache'

const REQUIRED_MAJOR = 22
if (Number(process.versions.node.split('.')[0]) < REQUIRED_MAJOR) {
  process.stderr.write(
    `error: integrator-console needs Node ${REQUIRED_MAJOR} or newer (this is ${process.version}); this project's Node 24 is what scripts/node-runtime.sh puts first on PATH.\n`,
  )
  process.exit(2)
}
enableCompileCache()
await import('./main')
