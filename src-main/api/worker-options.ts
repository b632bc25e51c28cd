import { dirname, isAbsolute, resolve } from 'node:path'
import type { SandboxStartOptions } from './sandbox'

/**
 * A worker's sandbox, as the config's `use` sets it: its seed (users, or a file named from the
 * config's folder), credentials and faults. Never a port or a database file: each worker's
 * sandbox takes a free port and keeps its users to itself.
 */
export type WorkerSandboxOptions = Omit<SandboxStartOptions, 'port' | 'databasePath'>

/** A file a suite names, found from the folder of the file that names it, as `import` does. */
export function fromFolderOf(path: string, namedIn: string | undefined): string {
  return isAbsolute(path) || namedIn === undefined ? path : resolve(dirname(namedIn), path)
}

/** The options a worker's sandbox starts with: a seed file found from the config's folder. */
export function workerSandbox(
  options: WorkerSandboxOptions,
  configFile: string | undefined,
): SandboxStartOptions {
  for (const refused of ['port', 'databasePath'] as const)
    if (refused in options)
      throw new TypeError(
        `sandboxOptions.${refused}: each worker's sandbox takes its own; it cannot be set`,
      )
  const { seed } = options
  if (typeof seed !== 'string') return options
  return { ...options, seed: fromFolderOf(seed, configFile) }
}
