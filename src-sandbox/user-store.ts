import { randomUUID } from 'node:crypto'
import type { CreateUserRequest, UpdateUserRequest } from '../src-shared/service'
import type { SandboxDatabase } from './database'
import { COLUMNS, READ_COLUMNS, storedUserOf, type StoredUser } from './stored-user'
import type { UserTokenOf } from './user-token-index'

export type { StoredUser } from './stored-user'

export class DuplicateTokenError extends Error {}

/**
 * The users of a sandbox's database. `userTokenOf` and `keyId` are this process's userToken
 * scheme and secret: every stored userToken is one of them before a user is written or a
 * lookup misses (another process on the same file may have used another secret).
 */
export function createUserStore(db: SandboxDatabase, userTokenOf: UserTokenOf, keyId: string) {
  const select = (where: string) =>
    db.prepare(`SELECT ${READ_COLUMNS} FROM users ${where}`).raw(true)
  const selectByToken = select('WHERE token = ?')
  const selectByUserToken = select('WHERE user_token = ?')
  const selectAll = select('ORDER BY created_at, token')
  const selectTokens = db.prepare('SELECT token FROM users').raw(true)
  const setUserToken = db.prepare('UPDATE users SET user_token = ? WHERE token = ?')
  // Raw, not pluck: libsql's pluck still answers a whole row.
  const readMeta = db.prepare('SELECT value FROM sandbox_meta WHERE key = ?').raw(true)
  const writeMeta = db.prepare(
    'INSERT INTO sandbox_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  )
  const insert = db.prepare(
    `INSERT INTO users (token, user_hash, user_token, ${COLUMNS.join(', ')}, created_at, updated_at)
     VALUES (@token, @user_hash, @user_token, ${COLUMNS.map((c) => `@${c}`).join(', ')}, @now, @now)`,
  )
  const insertSession = db.prepare(
    `INSERT INTO sessions (session_token, user_token, installation_guid, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?)`,
  )

  const replaceFields = db.prepare(
    `UPDATE users SET ${COLUMNS.map((c) => `${c} = @${c}`).join(', ')}, updated_at = @now WHERE token = @token`,
  )

  function columnsOf(request: CreateUserRequest): Record<string, unknown> {
    const row = Object.fromEntries(COLUMNS.map((column) => [column, request[column] ?? null]))
    row.has_video_call ??= 0
    row.has_video_call_1to1 ??= 0
    return row
  }

  function get(token: string): StoredUser | undefined {
    const row: unknown = selectByToken.get(token)
    return row === undefined ? undefined : storedUserOf(row)
  }

  /** The user whose stored userToken this is: one index lookup. */
  function lookUp(userToken: string): StoredUser | undefined {
    const row: unknown = selectByUserToken.get(userToken)
    return row === undefined ? undefined : storedUserOf(row)
  }

  function indexUserTokens(): boolean {
    const [stored] = (readMeta.get('user_token_key') as unknown[] | undefined) ?? []
    if (stored === keyId) return false
    db.transaction(() => {
      for (const [token] of selectTokens.all() as [string][])
        setUserToken.run(userTokenOf(token), token)
      writeMeta.run('user_token_key', keyId)
    })()
    return true
  }

  return {
    get,

    /** Every user, oldest first (the export of a sandbox's state). */
    all(): StoredUser[] {
      return selectAll.all().map(storedUserOf)
    },

    /**
     * Makes every stored userToken this process's: nothing to do when they already are (one
     * read), else all computed again in one transaction. Returns whether it computed them.
     */
    indexUserTokens,

    /**
     * The user whose userToken this is; on a miss, once more after making sure the stored
     * userTokens are this process's (a sandbox that shares the file may have made them).
     */
    byUserToken(userToken: string): StoredUser | undefined {
      return lookUp(userToken) ?? (indexUserTokens() ? lookUp(userToken) : undefined)
    },

    create(request: CreateUserRequest): StoredUser {
      indexUserTokens()
      try {
        insert.run({
          ...columnsOf(request),
          token: request.token,
          user_token: userTokenOf(request.token),
          user_hash: randomUUID(),
          now: new Date().toISOString(),
        })
      } catch (error) {
        if (isPrimaryKeyViolation(error)) throw new DuplicateTokenError(request.token)
        throw error
      }
      return get(request.token) as StoredUser
    },

    /**
     * Seeded users as the seed gives them, all in one transaction: created, or every field set
     * over what was stored. A seeded user keeps its user_hash (its JWTs' subject) across
     * restarts and resets: the one stored, or the one it had before a reset (`hashes`).
     */
    seed(
      users: readonly CreateUserRequest[],
      hashes: ReadonlyMap<string, string> = new Map(),
    ): void {
      indexUserTokens()
      db.transaction(() => {
        const now = new Date().toISOString()
        for (const user of users) {
          const row = { ...columnsOf(user), token: user.token, now }
          if (replaceFields.run(row).changes === 0)
            insert.run({
              ...row,
              user_token: userTokenOf(user.token),
              user_hash: hashes.get(user.token) ?? randomUUID(),
            })
        }
      })()
    },

    /**
     * Every user and session gone; the signing key stays, so the JWKS does not change. Returns
     * the user_hash of each of `keep`'s tokens that existed, for `seed` to give back.
     */
    clear(keep: readonly string[]): Map<string, string> {
      const hashes = new Map<string, string>()
      for (const token of keep) {
        const user = get(token)
        if (user) hashes.set(token, user.user_hash)
      }
      db.transaction(() => {
        db.exec('DELETE FROM sessions; DELETE FROM users')
      })()
      return hashes
    },

    /** Sets the fields present in the request (null clears one); returns undefined if unknown. */
    update(token: string, request: UpdateUserRequest): StoredUser | undefined {
      const changes = Object.entries(request).filter(
        ([field, value]) => value !== undefined && (COLUMNS as readonly string[]).includes(field),
      )
      const flagDefaults: Record<string, number> = { has_video_call: 0, has_video_call_1to1: 0 }
      const values = Object.fromEntries(
        changes.map(([field, value]) => [field, value ?? flagDefaults[field] ?? null]),
      )
      const assignments = changes.map(([field]) => `${field} = @${field}`).join(', ')
      const result = db
        .prepare(`UPDATE users SET ${assignments}, updated_at = @now WHERE token = @token`)
        .run({ ...values, token, now: new Date().toISOString() })
      return result.changes === 0 ? undefined : get(token)
    },

    recordSession(session: {
      sessionToken: string
      userToken: string
      installationGuid: string
      issuedAt: Date
      expiresAt: Date
    }): void {
      insertSession.run(
        session.sessionToken,
        session.userToken,
        session.installationGuid,
        session.issuedAt.toISOString(),
        session.expiresAt.toISOString(),
      )
    },
  }
}
export type UserStore = ReturnType<typeof createUserStore>

function isPrimaryKeyViolation(error: unknown): boolean {
  return (
    error instanceof Error &&
    'code' in error &&
    (error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || error.code === 'SQLITE_CONSTRAINT_UNIQUE')
  )
}
