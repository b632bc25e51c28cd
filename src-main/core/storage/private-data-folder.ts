import { chmod, lstat, mkdir, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { RUNS_FOLDER } from '../bulk/ledger-format'
import { PRIVATE_FOLDER_MODE } from './data-directory'
import { KEPT_UPLOADS_FOLDER } from '../files/kept-upload'
import { KNOWN_USERS_FILE } from '../known-users/known-users-file'
import { SANDBOX_FOLDER } from '../sandbox/sandbox-start'
import { PREFERENCES_FILE } from '../settings/preferences-store'
import { SETTINGS_FILE } from '../settings/settings-store'

// The console's own files (with their temporary, lock and set-aside copies beside them) and
// folders. In the Electron window the folder also holds Chromium's profile, which is left alone:
// the folder's own mode already keeps it from other users.
const OWN_FILES = [SETTINGS_FILE, PREFERENCES_FILE, KNOWN_USERS_FILE]
const OWN_FOLDERS = [SANDBOX_FOLDER, RUNS_FOLDER, 'certificates', KEPT_UPLOADS_FOLDER]

/**
 * Makes the data folder if it is missing (0700), and takes group and other permissions off it
 * and the console's own entries in it, as a version before this one left them (0755, 0644).
 * Windows keeps its own access lists, which a mode does not describe: there the folder is only
 * made.
 */
export async function securePrivateFolder(
  dataDirectory: string,
  platform: NodeJS.Platform = process.platform,
): Promise<void> {
  await mkdir(dataDirectory, { recursive: true, mode: PRIVATE_FOLDER_MODE })
  if (platform === 'win32') return
  await tighten(dataDirectory)
  for (const name of await readdir(dataDirectory)) {
    const own =
      OWN_FOLDERS.includes(name) ||
      OWN_FILES.some((file) => name === file || name.startsWith(`${file}.`))
    if (own) await tightenTree(join(dataDirectory, name))
  }
}

/** True for a folder, whose entries are then tightened too. */
async function tighten(path: string): Promise<boolean> {
  const stats = await lstat(path)
  // A link is not the console's to change: chmod would follow it out of the folder.
  if (!stats.isDirectory() && !stats.isFile()) return false
  if ((stats.mode & 0o077) !== 0) await chmod(path, stats.mode & 0o700)
  return stats.isDirectory()
}

async function tightenTree(path: string): Promise<void> {
  if (!(await tighten(path))) return
  for (const name of await readdir(path)) await tightenTree(join(path, name))
}
