import type { CreateUserRequest, UpdateUserRequest } from '../src-shared/service'
import type { SandboxDatabase } from './database'
import { storedUserOf, type StoredUser } from './stored-user'
import { changesOf } from './user-rows'
import { prepareUserStatements, readUser } from './user-statements'
import type { UserTokenOf } from './user-token-index'
import {
  clearUsers,
  createUser,
  indexUserTokens,
  recordSession,
  seedUsers,
  type SandboxSession,
  type UserTables,
} from './user-writes'

export type { StoredUser } from './stored-user'

/**
 * The users of a sandbox's database. `userTokenOf` and `keyId` are this process's userToken
 * scheme and secret: every stored userToken is one of them before a user is written or a
 * lookup misses (another process on the same file may have used another secret).
 */
export function createUserStore(db: SandboxDatabase, userTokenOf: UserTokenOf, keyId: string) {
  const statements = prepareUserStatements(db)
  const tables: UserTables = { db, statements, userTokenOf, keyId }
  const get = (token: string) => readUser(statements.selectByToken, token)
  /** The user whose stored userToken this is: one index lookup. */
  const lookUp = (userToken: string) => readUser(statements.selectByUserToken, userToken)

  return {
    get,

    /** Every user, oldest first (the export of a sandbox's state). */
    all(): StoredUser[] {
      return statements.selectAll.all().map(storedUserOf)
    },

    /**
     * Makes every stored userToken this process's: nothing to do when they already are (one
     * read), else all computed again in one transaction. Returns whether it computed them.
     */
    indexUserTokens: () => indexUserTokens(tables),

    /**
     * The user whose userToken this is; on a miss, once more after making sure the stored
     * userTokens are this process's (a sandbox that shares the file may have made them).
     */
    byUserToken(userToken: string): StoredUser | undefined {
      return lookUp(userToken) ?? (indexUserTokens(tables) ? lookUp(userToken) : undefined)
    },

    /** Writes a new user; a DuplicateTokenError if its token is taken. */
    create(request: CreateUserRequest): StoredUser {
      createUser(tables, request)
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
      seedUsers(tables, users, hashes)
    },

    /**
     * Every user and session gone; the signing key stays, so the JWKS does not change. Returns
     * the user_hash of each of `keep`'s tokens that existed, for `seed` to give back.
     */
    clear: (keep: readonly string[]): Map<string, string> => clearUsers(tables, keep),

    /** Sets the fields present in the request (null clears one); returns undefined if unknown. */
    update(token: string, request: UpdateUserRequest): StoredUser | undefined {
      const { values, assignments } = changesOf(request)
      const result = db
        .prepare(`UPDATE users SET ${assignments}, updated_at = @now WHERE token = @token`)
        .run({ ...values, token, now: new Date().toISOString() })
      return result.changes === 0 ? undefined : get(token)
    },

    recordSession: (session: SandboxSession): void => recordSession(statements, session),
  }
}
export type UserStore = ReturnType<typeof createUserStore>
