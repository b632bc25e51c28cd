import * as nodeModule from 'node:module'
import { homedir } from 'node:os'
import { join } from 'node:path'

/**
 * Keeps the compiled code of what a start loads on disk (Node's compile cache), so that each
 * later start skips compiling it: the command line runs many times a day, and the browser shell
 * loads Playwright before its window can open. In the user's own cache folder, not the shared
 * temporary one another account could fill first.
 */
export function enableCompileCache(env: NodeJS.ProcessEnv = process.env): void {
  nodeModule.enableCompileCache(
    join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'integrator-console', 'compile'),
  )
}
