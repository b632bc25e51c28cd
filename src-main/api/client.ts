import { createUserRequestSchema } from '../../src-shared/service'
import { IntegratorConsoleError } from './client-errors'
import { openClientCore, type CoreCall } from './client-core'
import type { IssuedSession, JwtCheck, NewUser, UserChanges, UserRecord } from './types'

export interface ClientOptions {
  /** The service's base URL: a sandbox's `url`, or a staging service's. */
  url: string
  apiKey: string
  secretKey: string
  /** Needed to issue a JWT for a user's identifier (its userToken is hashed with it). */
  userTokenSecret?: string
  userTokenScheme?: 'hmac-sha256-hex' | 'plain'
  /** How long a call may take, in milliseconds (default 15000). */
  timeoutMs?: number
}

export interface Client {
  createUser(user: NewUser): Promise<UserRecord>
  /**
   * Every user checked first (one the service's rules refuse sends none), then one Create after
   * another, in order; a refusal says the user's place (`index`) and those `created` before it.
   */
  createUsers(users: readonly NewUser[]): Promise<UserRecord[]>
  retrieveUser(token: string): Promise<UserRecord>
  /** Changes the user as read now; CONFLICT if it changes between the read and the write. */
  updateUser(token: string, changes: UserChanges): Promise<UserRecord>
  /** A session JWT for the user with this identifier (its token). */
  issueJwt(identifier: string, options?: { installationGuid?: string }): Promise<IssuedSession>
  /** Checks a session JWT against the service's published keys. */
  verifyJwt(jwt: string): Promise<JwtCheck>
  close(): Promise<void>
  [Symbol.asyncDispose](): Promise<void>
}

/**
 * Calls the service as the console does, through the same core: the service's field rules,
 * its signing, the same refusals and the same redaction.
 */
export async function createClient(options: ClientOptions): Promise<Client> {
  const { call, close } = await openClientCore(options)
  return clientCalls(call, close)
}

/** A failure of one user of an array, told with its place and the users created before it. */
function placed(error: unknown, index: number, created: readonly UserRecord[]): unknown {
  if (!(error instanceof IntegratorConsoleError)) return error
  return new IntegratorConsoleError(
    {
      code: error.code,
      status: error.status,
      said: { id: error.messageId, text: `user ${index + 1}: ${error.message}` },
      fieldErrors: Object.fromEntries(
        Object.entries(error.fields).map(([field, texts]) => [
          field,
          texts.map((text) => ({ text })),
        ]),
      ),
    },
    { index, created: [...created] },
  )
}

function clientCalls(call: CoreCall, close: () => Promise<void>): Client {
  const createUser = async (user: NewUser) => (await call('users:create', { user })).record
  return {
    createUser,
    async createUsers(users) {
      // Every user checked before the first is sent: the core words the first refused one.
      const refused = users.findIndex((user) => !createUserRequestSchema.safeParse(user).success)
      if (refused >= 0)
        await createUser(users[refused] as NewUser).catch((error: unknown) => {
          throw placed(error, refused, [])
        })
      const made: UserRecord[] = []
      for (const [index, user] of users.entries())
        made.push(
          await createUser(user).catch((error: unknown) => {
            throw placed(error, index, made)
          }),
        )
      return made
    },
    retrieveUser: (token) => call('users:retrieve', { token }),
    async updateUser(token, changes) {
      const base = await call('users:retrieve', { token })
      return (await call('users:update', { token, changes, base })).record
    },
    async issueJwt(identifier, issue = {}) {
      const session = await call('sessions:authenticate', { identifier, ...issue })
      return {
        jwt: session.jwt,
        userHash: session.userHash,
        sessionToken: session.sessionToken,
        userToken: session.userTokenSent,
        installationGuid: session.installationGuidSent,
      }
    },
    async verifyJwt(jwt) {
      const checked = await call('sessions:verify', { jwt })
      if (checked.verified) return checked
      const { said, ...rest } = checked
      return { ...rest, message: said.text }
    },
    close,
    [Symbol.asyncDispose]: close,
  }
}
