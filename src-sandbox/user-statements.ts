import type { SandboxDatabase } from './database'
import { COLUMNS, READ_COLUMNS, storedUserOf, type StoredUser } from './stored-user'

/** The statements the user store runs again and again, each prepared once per store. */
export function prepareUserStatements(db: SandboxDatabase) {
  const select = (where: string) =>
    db.prepare(`SELECT ${READ_COLUMNS} FROM users ${where}`).raw(true)
  return {
    selectByToken: select('WHERE token = ?'),
    selectByUserToken: select('WHERE user_token = ?'),
    selectAll: select('ORDER BY created_at, token'),
    selectTokens: db.prepare('SELECT token FROM users').raw(true),
    setUserToken: db.prepare('UPDATE users SET user_token = ? WHERE token = ?'),
    // Raw, not pluck: libsql's pluck still answers a whole row.
    readMeta: db.prepare('SELECT value FROM sandbox_meta WHERE key = ?').raw(true),
    writeMeta: db.prepare(
      'INSERT INTO sandbox_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ),
    insert: db.prepare(
      `INSERT INTO users (token, user_hash, user_token, ${COLUMNS.join(', ')}, created_at, updated_at)
     VALUES (@token, @user_hash, @user_token, ${COLUMNS.map((c) => `@${c}`).join(', ')}, @now, @now)`,
    ),
    insertSession: db.prepare(
      `INSERT INTO sessions (session_token, user_token, installation_guid, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?)`,
    ),
    replaceFields: db.prepare(
      `UPDATE users SET ${COLUMNS.map((c) => `${c} = @${c}`).join(', ')}, updated_at = @now WHERE token = @token`,
    ),
  }
}
export type UserStatements = ReturnType<typeof prepareUserStatements>

/** The one user a select by a unique key finds, if any. */
export function readUser(
  statement: UserStatements['selectByToken'],
  key: string,
): StoredUser | undefined {
  const row: unknown = statement.get(key)
  return row === undefined ? undefined : storedUserOf(row)
}
