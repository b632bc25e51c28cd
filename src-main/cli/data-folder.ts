import { defaultDataDirectory } from '../core/storage/data-directory'
import { testHooks } from '../core/wiring/test-hooks'

/**
 * Where the command line keeps its environments: the window's own folder, so that both show one
 * list, unless INTEGRATOR_CONSOLE_USER_DATA names another (a suite's, kept apart from it).
 */
export function cliDataFolder(env: NodeJS.ProcessEnv): { path: string; window: boolean } {
  const chosen = testHooks(env, false).dataDirectory
  return chosen === undefined
    ? { path: defaultDataDirectory(env), window: true }
    : { path: chosen, window: false }
}
