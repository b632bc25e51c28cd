import Database from 'libsql'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import * as z from 'zod'
import { MIGRATIONS } from './migrations'

export type SandboxDatabase = InstanceType<typeof Database>

export function openDatabase(path: string): SandboxDatabase {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
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
