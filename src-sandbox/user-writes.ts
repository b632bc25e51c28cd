import { randomUUID } from 'node:crypto'
import type { CreateUserRequest } from '../src-shared/service'
import type { SandboxDatabase } from './database'
import { columnsOf, isPrimaryKeyViolation } from './user-rows'
import { readUser, type UserStatements } from './user-statements'
import type { UserTokenOf } from './user-token-index'

/** A sandbox's user tables, and this process's userToken scheme and secret (`keyId`). */
export interface UserTables {
  db: SandboxDatabase
  statements: UserStatements
  userTokenOf: UserTokenOf
  keyId: string
}

export class DuplicateTokenError extends Error {}

/** A session as Authenticate hands it out. */
export interface SandboxSession {
  sessionToken: string
  userToken: string
  installationGuid: string
  issuedAt: Date
  expiresAt: Date
}

/**
 * Makes every stored userToken this process's: nothing to do when they already are (one read),
 * else all computed again in one transaction. Returns whether it computed them.
 */
export function indexUserTokens({ db, statements, userTokenOf, keyId }: UserTables): boolean {
  const [stored] = (statements.readMeta.get('user_token_key') as unknown[] | undefined) ?? []
  if (stored === keyId) return false
  db.transaction(() => {
    for (const [token] of statements.selectTokens.all() as [string][])
      statements.setUserToken.run(userTokenOf(token), token)
    statements.writeMeta.run('user_token_key', keyId)
  })()
  return true
}

/**
 * Seeded users as the seed gives them, all in one transaction: created, or every field set over
 * what was stored. A seeded user keeps its user_hash (its JWTs' subject) across restarts and
 * resets: the one stored, or the one it had before a reset (`hashes`).
 */
export function seedUsers(
  tables: UserTables,
  users: readonly CreateUserRequest[],
  hashes: ReadonlyMap<string, string>,
): void {
  const { db, statements, userTokenOf } = tables
  indexUserTokens(tables)
  db.transaction(() => {
    const now = new Date().toISOString()
    for (const user of users) {
      const row = { ...columnsOf(user), token: user.token, now }
      if (statements.replaceFields.run(row).changes === 0)
        statements.insert.run({
          ...row,
          user_token: userTokenOf(user.token),
          user_hash: hashes.get(user.token) ?? randomUUID(),
        })
    }
  })()
}

/**
 * Every user and session gone; the signing key stays, so the JWKS does not change. Returns the
 * user_hash of each of `keep`'s tokens that existed, for `seedUsers` to give back.
 */
export function clearUsers(
  { db, statements }: UserTables,
  keep: readonly string[],
): Map<string, string> {
  const hashes = new Map<string, string>()
  for (const token of keep) {
    const user = readUser(statements.selectByToken, token)
    if (user) hashes.set(token, user.user_hash)
  }
  db.transaction(() => {
    db.exec('DELETE FROM sessions; DELETE FROM users')
  })()
  return hashes
}

/** Writes a new user, its userToken this process's; a DuplicateTokenError if its token is taken. */
export function createUser(tables: UserTables, request: CreateUserRequest): void {
  indexUserTokens(tables)
  try {
    tables.statements.insert.run({
      ...columnsOf(request),
      token: request.token,
      user_token: tables.userTokenOf(request.token),
      user_hash: randomUUID(),
      now: new Date().toISOString(),
    })
  } catch (error) {
    if (isPrimaryKeyViolation(error)) throw new DuplicateTokenError(request.token)
    throw error
  }
}

export function recordSession(statements: UserStatements, session: SandboxSession): void {
  statements.insertSession.run(
    session.sessionToken,
    session.userToken,
    session.installationGuid,
    session.issuedAt.toISOString(),
    session.expiresAt.toISOString(),
  )
}
