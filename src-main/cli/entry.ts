// The `integrator-console` command as a user starts it. Node keeps the compiled code of the rest
// on disk (its compile cache) from the first run on, so each later start skips compiling it:
// scripts start the command many times a day, and most of a start is spent there.
import { enableCompileCache } from 'node:module'

enableCompileCache()
await import('./main')
