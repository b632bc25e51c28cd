import Database from 'libsql'
import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import * as z from 'zod'
import { MIGRATIONS } from './migrations'

export type SandboxDatabase = InstanceType<typeof Database>

export function openDatabase(path: string): SandboxDatabase {
  if (path !== ':memory:') keepPrivate(path)
  const db = new Database(path)
  db.pragma('journal_mode = WAL')
  // NORMAL, as SQLite advises with WAL: a write acknowledged to a client survives the process
  // being killed next (it is in the log, in the OS's cache); only a power cut could lose the last
  // ones, which a test double need not survive. FULL paid a disk flush per write, which made the
  // sandbox's speed that of the disk, and bench figures swing with the machine's I/O.
  db.pragma('synchronous = NORMAL')
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  migrate(db)
  return db
}

/**
 * The database holds users' personal data: it is its user's only (0600, in folders made 0700).
 * SQLite gives the -wal and -shm files it makes the mode of the database file, so the file is
 * made first, and one a version before this left open to others is closed to them. Windows keeps
 * its own access lists, which a mode does not describe.
 */
function keepPrivate(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
  try {
    closeSync(openSync(path, 'wx', 0o600))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  if (process.platform === 'win32') return
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    const mode = statSync(file, { throwIfNoEntry: false })?.mode
    if (mode !== undefined && (mode & 0o077) !== 0) chmodSync(file, mode & 0o700)
  }
}

// libsql adds a _metadata member to every row, so rows are read through schemas.
const userVersionRow = z.object({ user_version: z.number().int() })

function migrate(db: SandboxDatabase): void {
  const current = userVersionRow.parse(db.prepare('PRAGMA user_version').get()).user_version
  if (current > MIGRATIONS.length) {
    throw new Error(
      `the sandbox database is at schema version ${current}, newer than this build knows (${MIGRATIONS.length})`,
    )
  }
  MIGRATIONS.slice(current).forEach((sql, index) => {
    db.transaction(() => {
      db.exec(sql)
      db.pragma(`user_version = ${current + index + 1}`)
    })()
  })
}
