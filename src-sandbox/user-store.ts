import { randomUUID } from 'node:crypto'
import * as z from 'zod'
import type { CreateUserRequest, UpdateUserRequest } from '../src-shared/service'
import type { SandboxDatabase } from './database'

const nullableText = z.string().nullable()
const storedUserSchema = z.object({
  token: z.string(),
  user_hash: z.string(),
  status: z.number(),
  email: nullableText,
  nid_number: nullableText,
  firstname: nullableText,
  lastname: nullableText,
  gender: z.number().nullable(),
  birthdate: nullableText,
  mobile_phone: nullableText,
  description: nullableText,
  has_video_call: z.number(),
  has_video_call_1to1: z.number(),
  company_group_code: nullableText,
  coverage_name: nullableText,
  contract_number: nullableText,
})
export type StoredUser = z.output<typeof storedUserSchema>

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

export class DuplicateTokenError extends Error {}

export function createUserStore(db: SandboxDatabase) {
  const selectByToken = db.prepare('SELECT * FROM users WHERE token = ?')
  const selectTokens = db.prepare('SELECT token FROM users ORDER BY created_at')
  const selectAll = db.prepare('SELECT * FROM users ORDER BY created_at, token')
  const insert = db.prepare(
    `INSERT INTO users (token, user_hash, ${COLUMNS.join(', ')}, created_at, updated_at)
     VALUES (@token, @user_hash, ${COLUMNS.map((c) => `@${c}`).join(', ')}, @now, @now)`,
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
    const row = selectByToken.get(token)
    return row === undefined ? undefined : storedUserSchema.parse(row)
  }

  return {
    get,

    /** Every user, oldest first (the export of a sandbox's state). */
    all(): StoredUser[] {
      return selectAll.all().map((row) => storedUserSchema.parse(row))
    },

    tokens(): string[] {
      return selectTokens.all().map((row) => z.object({ token: z.string() }).parse(row).token)
    },

    create(request: CreateUserRequest): StoredUser {
      try {
        insert.run({
          ...columnsOf(request),
          token: request.token,
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
            insert.run({ ...row, user_hash: hashes.get(user.token) ?? randomUUID() })
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
