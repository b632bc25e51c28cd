// The sandbox's database holds users' personal data: another account on the computer must not
// read it, nor the -wal and -shm files SQLite keeps beside it (which hold recent writes).
import { chmodSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTempDir } from '../test/helpers/temp-dir'
import { openDatabase } from './database'

const dir = makeTempDir('database-modes')
let umask: number
// The mask most systems give a user: the modes must be the sandbox's doing, not the machine's.
beforeAll(() => {
  umask = process.umask(0o022)
})
afterAll(() => {
  process.umask(umask)
  dir.remove()
})

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8)

describe.skipIf(process.platform === 'win32')("the sandbox's database", () => {
  it('is made 0600 with its -wal and -shm, in a folder made 0700', () => {
    const folder = join(dir.path, 'new', 'sandbox')
    const db = openDatabase(join(folder, 'sandbox.db'))
    try {
      db.prepare(
        "INSERT INTO users (token, user_hash, status, created_at, updated_at) VALUES ('a', 'h', 2, 'x', 'x')",
      ).run()
      expect(readdirSync(folder).sort()).toEqual(['sandbox.db', 'sandbox.db-shm', 'sandbox.db-wal'])
      for (const name of readdirSync(folder))
        expect([name, modeOf(join(folder, name))]).toEqual([name, '600'])
      expect(modeOf(folder)).toBe('700')
      expect(modeOf(join(dir.path, 'new'))).toBe('700')
    } finally {
      db.close()
    }
  })

  it('is closed to others when an older version left it readable', () => {
    const path = join(dir.path, 'older.db')
    openDatabase(path).close()
    for (const file of [path, `${path}-wal`, `${path}-shm`]) {
      writeFileSync(file, '', { flag: 'a' })
      chmodSync(file, 0o644)
    }
    openDatabase(path).close()
    expect([path, `${path}-wal`, `${path}-shm`].map(modeOf)).toEqual(['600', '600', '600'])
  })
})
