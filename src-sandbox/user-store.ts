import { randomUUID } from 'node:crypto'
import type { CreateUserRequest, UpdateUserRequest } from '../src-shared/service'
import type { SandboxDatabase } from './database'
import type { UserTokenOf } from './user-token-index'

/** A user as the sandbox keeps it: the service's fields, and the user's fixed user_hash. */
export interface StoredUser {
  token: string
  user_hash: string
  status: number
  email: string | null
  nid_number: string | null
  firstname: string | null
  lastname: string | null
  gender: number | null
  birthdate: string | null
  mobile_phone: string | null
  description: string | null
  has_video_call: number
  has_video_call_1to1: number
  company_group_code: string | null
  coverage_name: string | null
  contract_number: string | null
}

const COLUMNS = [
  'status',
  'email',
  'nid_number',
  'firstname',
  'lastname',
  'gender',
  'birthdate',
  'mobile_phone',
  'description',
  'has_video_call',
  'has_video_call_1to1',
  'company_group_code',
  'coverage_name',
  'contract_number',
] as const

// Each column read, and what it must hold: 't' text, 'n' number, '?' when it may be null.
const READ: readonly (readonly [keyof StoredUser, string])[] = [
  ['token', 't'],
  ['user_hash', 't'],
  ['status', 'n'],
  ['email', 't?'],
  ['nid_number', 't?'],
  ['firstname', 't?'],
  ['lastname', 't?'],
  ['gender', 'n?'],
  ['birthdate', 't?'],
  ['mobile_phone', 't?'],
  ['description', 't?'],
  ['has_video_call', 'n'],
  ['has_video_call_1to1', 'n'],
  ['company_group_code', 't?'],
  ['coverage_name', 't?'],
  ['contract_number', 't?'],
]
const READ_COLUMNS = READ.map(([column]) => column).join(', ')

/**
 * A row read as an array (libsql's raw mode: no object per row to build and throw away), checked
 * column by column: Retrieve is the call a test suite makes most.
 */
function storedUserOf(values: unknown): StoredUser {
  if (!Array.isArray(values) || values.length !== READ.length)
    throw new Error('the users table does not have the columns the sandbox reads')
  const user: Record<string, unknown> = {}
  for (let index = 0; index < READ.length; index++) {
    const [column, kind] = READ[index] as (typeof READ)[number]
    const value: unknown = values[index]
    const fits =
      (value === null && kind.endsWith('?')) ||
      typeof value === (kind.startsWith('t') ? 'string' : 'number')
    if (!fits) throw new Error(`the users table holds an unexpected ${column}`)
    user[column] = value
  }
  return user as unknown as StoredUser
}

export class DuplicateTokenError extends Error {}

export function createUserStore(db: SandboxDatabase, userTokenOf: UserTokenOf) {
  const select = (where: string) =>
    db.prepare(`SELECT ${READ_COLUMNS} FROM users ${where}`).raw(true)
  const selectByToken = select('WHERE token = ?')
  const selectByUserToken = select('WHERE user_token = ?')
  const selectAll = select('ORDER BY created_at, token')
  const selectTokens = db.prepare('SELECT token FROM users').raw(true)
  const setUserToken = db.prepare('UPDATE users SET user_token = ? WHERE token = ?')
  const readMeta = db.prepare('SELECT value FROM sandbox_meta WHERE key = ?').pluck(true)
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

  return {
    get,

    /** The user whose userToken (under the sandbox's scheme) this is: one index lookup. */
    byUserToken(userToken: string): StoredUser | undefined {
      const row: unknown = selectByUserToken.get(userToken)
      return row === undefined ? undefined : storedUserOf(row)
    },

    /** Every user, oldest first (the export of a sandbox's state). */
    all(): StoredUser[] {
      return selectAll.all().map(storedUserOf)
    },

    /**
     * Makes every stored userToken one of `keyId`'s scheme and secret: nothing to do when they
     * already are, else all computed again in one transaction (at a start, never in a call).
     */
    indexUserTokens(keyId: string): void {
      if (readMeta.get('user_token_key') === keyId) return
      db.transaction(() => {
        for (const [token] of selectTokens.all() as [string][])
          setUserToken.run(userTokenOf(token), token)
        writeMeta.run('user_token_key', keyId)
      })()
    },

    create(request: CreateUserRequest): StoredUser {
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
