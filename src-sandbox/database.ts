import Database from 'libsql'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { z } from 'zod'
import { MIGRATIONS } from './migrations'

export type SandboxDatabase = InstanceType<typeof Database>

export function openDatabase(path: string): SandboxDatabase {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const db = new Database(path)
  db.pragma('journal_mode = WAL')
  // FULL: a write acknowledged to a client is on disk, even if the process is killed next.
  db.pragma('synchronous = FULL')
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
