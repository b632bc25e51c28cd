import { homedir } from 'node:os'
import { join } from 'node:path'

/** What the console makes in its data folder is its user's only, as ssh keeps ~/.ssh. */
export const PRIVATE_FOLDER_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600

/**
 * The console's data folder (settings, the embedded sandbox's database), found the same way by
 * every face: the Electron window, the browser shell and the tests' harness. It is Electron's own
 * rule for userData, so the window and the shell share one folder and nothing has to move.
 */
export function defaultDataDirectory(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (platform === 'darwin')
    return join(home, 'Library', 'Application Support', 'integrator-console')
  if (platform === 'win32')
    return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'integrator-console')
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'integrator-console')
}
