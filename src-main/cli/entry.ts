// The `integrator-console` command as a user starts it: the rest is loaded once Node's compile
// cache is on, and only on a Node that can run it.
import { version } from '../../package.json'
import { enableCompileCache } from '../compile-cache'

const REQUIRED_MAJOR = 22
if (Number(process.versions.node.split('.')[0]) < REQUIRED_MAJOR) {
  process.stderr.write(
    `error: integrator-console needs Node ${REQUIRED_MAJOR} or newer (this is ${process.version}); this project's Node 24 is what scripts/node-runtime.sh puts first on PATH.\n`,
  )
  process.exit(2)
}
const [only, ...more] = process.argv.slice(2)
// A script asks the version to learn which console it runs: answered as the full program would
// (commander's own words), before the program, its commands and the core are loaded.
if ((only === '--version' || only === '-V') && more.length === 0) {
  process.stdout.write(`${version}\n`)
} else {
  enableCompileCache()
  const { main } = await import('./main')
  main(version)
}
