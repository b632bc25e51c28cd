import type { UserWriteResult } from '../../../src-shared/ipc'
import { said, type Said } from '../../../src-shared/messages'
import {
  jsonWebKeySetSchema,
  sessionSchema,
  type JsonWebKeySet,
  userRecordSchema,
  type AuthenticateQuery,
  type CreateUserRequest,
  type Session,
  type UpdateUserRequest,
  type UserRecord,
} from '../../../src-shared/service'
import { AppError } from '../errors/app-error'
import type { SecretValues } from '../redaction/redact'
import { redactError, redactSaid } from '../redaction/redact-error'
import { errorFromAnswer } from './answer-errors'
import { probeConnection } from './connection-probe'
import { TransportFailure, transportError, type Exchange } from './retried-call'
import { type HttpAnswer } from './send-once'
import {
  isSuccess,
  readAnswer,
  recordAfterWrite,
  reconcileCreate,
  USERS,
  userPath,
} from './service-answers'

export const JWKS_PATH = '/.well-known/jwks.json'

/** A retried call whose transport failures become AppErrors (TIMEOUT, NETWORK). */
function idempotentSender(exchange: Exchange) {
  return (...args: Parameters<Exchange['sendIdempotent']>): Promise<HttpAnswer> =>
    exchange.sendIdempotent(...args).catch((error: unknown) => {
      throw error instanceof TransportFailure ? transportError(error) : error
    })
}

/**
 * What leaves the client has every secret value of the environment replaced: a service or a
 * gateway may echo the request's headers in an error body, and its text reaches the page.
 */
function redactedWith(secrets: () => SecretValues) {
  return <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      call(...args).catch((error: unknown) => {
        throw error instanceof AppError ? redactError(error, secrets()) : error
      })
}

/**
 * Never re-sent: when its outcome is unknown, a Retrieve tells created from not created (and
 * that settles it). Otherwise the service's answer, a 2xx or not.
 */
async function sendCreate(
  exchange: Exchange,
  retrieve: (token: string) => Promise<UserRecord>,
  request: CreateUserRequest,
): Promise<HttpAnswer | UserWriteResult> {
  try {
    return await exchange.sendOnce(said('operationCreateUser'), 'POST', USERS, request)
  } catch (error) {
    if (!(error instanceof TransportFailure)) throw error
    if (!error.sent) throw transportError(error)
    return reconcileCreate(retrieve, request, error)
  }
}

const authenticatePath = ({ installationGuid, userToken }: AuthenticateQuery) =>
  `/2/authenticate?${new URLSearchParams({ installationGuid, userToken }).toString()}`

/**
 * The service's calls (Retrieve, Create, Update, Authenticate, its signing keys, the connection
 * probe) over one environment's exchange, every error redacted of its secrets.
 */
export function createServiceClient(exchange: Exchange) {
  // Made at each use: what the caller wrote since is no longer hidden from it (given-secrets.ts).
  const secrets = () => exchange.hiddenSecrets()

  const sendIdempotent = idempotentSender(exchange)
  const redacted = redactedWith(secrets)
  /** The answer if it is a 2xx; otherwise the error it says. */
  const accepted = (answer: HttpAnswer) => {
    if (!isSuccess(answer)) throw errorFromAnswer(answer, secrets())
    return answer
  }

  async function retrieve(token: string): Promise<UserRecord> {
    const answer = await sendIdempotent(said('operationRetrieveUser'), 'GET', userPath(token))
    return readAnswer(accepted(answer), userRecordSchema, 'notAUserRecord')
  }

  return {
    retrieve: redacted(retrieve),

    create: redacted(async (request: CreateUserRequest): Promise<UserWriteResult> => {
      const answer = await sendCreate(exchange, retrieve, request)
      return 'record' in answer
        ? answer
        : recordAfterWrite(accepted(answer), request.token, retrieve)
    }),

    /** Create for a bulk run, which keeps no record: a 2xx is all it needs to know. */
    createWithoutRecord: redacted(
      async (request: CreateUserRequest): Promise<{ note: Said | null }> => {
        const answer = await sendCreate(exchange, retrieve, request)
        if ('record' in answer) return { note: answer.note }
        accepted(answer)
        return { note: null }
      },
    ),

    update: redacted(
      async (token: string, changes: UpdateUserRequest): Promise<UserWriteResult> => {
        const answer = await sendIdempotent(
          said('operationUpdateUser'),
          'PUT',
          userPath(token),
          changes,
        )
        return recordAfterWrite(accepted(answer), token, retrieve)
      },
    ),

    authenticate: redacted(async (query: AuthenticateQuery): Promise<Session> => {
      const answer = await sendIdempotent(
        said('operationAuthenticate'),
        'GET',
        authenticatePath(query),
      )
      return readAnswer(accepted(answer), sessionSchema, 'notASession')
    }),

    /** The service's public signing keys, or null where it publishes none (404). */
    signingKeys: redacted(async (): Promise<JsonWebKeySet | null> => {
      const answer = await sendIdempotent(said('operationSigningKeys'), 'GET', JWKS_PATH)
      if (answer.status === 404) return null
      return readAnswer(accepted(answer), jsonWebKeySetSchema, 'notAKeySet')
    }),

    testConnection: redacted(async () => {
      const result = await probeConnection(exchange, secrets)
      return { ...result, said: redactSaid(result.said, secrets()) }
    }),
  }
}
export type ServiceClient = ReturnType<typeof createServiceClient>
