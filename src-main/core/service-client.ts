import { randomUUID } from 'node:crypto'
import type * as z from 'zod'
import type { ConnectionTest, UserWriteResult } from '../../src-shared/ipc'
import { said, type Said } from '../../src-shared/messages'
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
} from '../../src-shared/service'
import { AppError, fieldErrorsOf } from './app-error'
import { errorFromAnswer, parseJson } from './answer-errors'
import { parseRemembered } from './parsed-values'
import { redactError, redactSaid } from './redact-error'
import { TransportFailure, transportError, type Exchange, type HttpAnswer } from './http-exchange'

const USERS = '/api/v3/pendingCompanyUsers'
export const JWKS_PATH = '/.well-known/jwks.json'
const userPath = (token: string) => `${USERS}/${encodeURIComponent(token)}`

function isSuccess(answer: HttpAnswer): boolean {
  return answer.status >= 200 && answer.status < 300
}

/** A 2xx answer's body read with `schema`; a body that is something else is told with `notIt`. */
function readAnswer<S extends z.ZodType>(
  answer: HttpAnswer,
  schema: S,
  notIt: 'notAUserRecord' | 'notASession' | 'notAKeySet',
): z.output<S> {
  const parsed = parseRemembered(schema, parseJson(answer.text))
  if (!parsed.success) {
    throw new AppError('UNEXPECTED_RESPONSE', said(notIt, { status: answer.status }), {
      status: answer.status,
      fieldErrors: fieldErrorsOf(parsed.error),
    })
  }
  return parsed.data
}

/** Whether a retrieved record is the one a Create sent, as far as Retrieve shows it. */
export function matchesCreate(record: UserRecord, sent: CreateUserRequest): boolean {
  const same = (a: unknown, b: unknown) => b === undefined || a === b
  return (
    record.status === sent.status &&
    same(record.email, sent.email) &&
    same(record.nid_number, sent.nid_number) &&
    same(record.firstname, sent.firstname) &&
    same(record.lastname, sent.lastname) &&
    same(record.birthdate, sent.birthdate) &&
    (sent.mobile_phone === undefined || (record.mobile_phone ?? '').endsWith(sent.mobile_phone))
  )
}

/** What the connection test itself finds; which secrets are missing is told beside it. */
type ConnectionProbe = Omit<ConnectionTest, 'missingSecrets' | 'steps' | 'failedStep'>

export function createServiceClient(exchange: Exchange) {
  // Made at each use: what the caller wrote since is no longer hidden from it (given-secrets.ts).
  const secrets = () => exchange.hiddenSecrets()

  /** A retried call whose transport failures become AppErrors (TIMEOUT, NETWORK). */
  function sendIdempotent(...args: Parameters<Exchange['sendIdempotent']>): Promise<HttpAnswer> {
    return exchange.sendIdempotent(...args).catch((error: unknown) => {
      throw error instanceof TransportFailure ? transportError(error) : error
    })
  }

  /**
   * What leaves the client has every secret value of the environment replaced: a service or a
   * gateway may echo the request's headers in an error body, and its text reaches the page.
   */
  function redacted<A extends unknown[], R>(call: (...args: A) => Promise<R>) {
    return (...args: A): Promise<R> =>
      call(...args).catch((error: unknown) => {
        throw error instanceof AppError ? redactError(error, secrets()) : error
      })
  }

  async function retrieve(token: string): Promise<UserRecord> {
    const answer = await sendIdempotent(said('operationRetrieveUser'), 'GET', userPath(token))
    if (!isSuccess(answer)) throw errorFromAnswer(answer, secrets())
    return readAnswer(answer, userRecordSchema, 'notAUserRecord')
  }

  /** After a 2xx write: the record in the answer, or (no body, other body) the stored one. */
  async function recordAfterWrite(answer: HttpAnswer, token: string): Promise<UserWriteResult> {
    const inAnswer = parseRemembered(userRecordSchema, parseJson(answer.text))
    if (inAnswer.success) return { record: inAnswer.data, note: null }
    return {
      record: await retrieve(token),
      note: said('recordNotInAnswer', { status: answer.status }),
    }
  }

  async function reconcileCreate(
    request: CreateUserRequest,
    failure: TransportFailure,
  ): Promise<UserWriteResult> {
    let record: UserRecord
    try {
      record = await retrieve(request.token)
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') {
        throw new AppError(failure.kind, said('createNotMade', { message: failure.said }))
      }
      throw new AppError('OUTCOME_UNKNOWN', said('createUnsettled', { message: failure.said }))
    }
    if (!matchesCreate(record, request)) {
      throw new AppError('OUTCOME_UNKNOWN', said('createMismatch', { message: failure.said }))
    }
    return { record, note: said('createConfirmed', { message: failure.said }) }
  }

  /**
   * Retrieves a token that cannot exist: 404 means the credentials were accepted, 401/403 that
   * they were not, no answer that the URL is unreachable.
   */
  async function testConnection(): Promise<ConnectionProbe> {
    const started = performance.now()
    const elapsed = () => Math.round(performance.now() - started)
    let answer: HttpAnswer
    try {
      answer = await exchange.sendOnce(
        said('operationTestConnection'),
        'GET',
        userPath(`connection-test-${randomUUID()}`),
        undefined,
        404,
      )
    } catch (error) {
      if (!(error instanceof TransportFailure)) throw error
      return { outcome: 'unreachable', said: error.said, status: null, durationMs: elapsed() }
    }
    const status = answer.status
    if (status === 404 || isSuccess(answer)) {
      return { outcome: 'ok', said: said('connected'), status, durationMs: elapsed() }
    }
    if (status === 401 || status === 403) {
      return {
        outcome: 'unauthorized',
        said: errorFromAnswer(answer, secrets()).said,
        status,
        durationMs: elapsed(),
      }
    }
    return {
      outcome: 'error',
      said: errorFromAnswer(answer, secrets()).said,
      status,
      durationMs: elapsed(),
    }
  }

  /**
   * Never re-sent: when its outcome is unknown, a Retrieve tells created from not created (and
   * that settles it). Otherwise the service's answer, a 2xx or not.
   */
  async function sendCreate(request: CreateUserRequest): Promise<HttpAnswer | UserWriteResult> {
    try {
      return await exchange.sendOnce(said('operationCreateUser'), 'POST', USERS, request)
    } catch (error) {
      if (!(error instanceof TransportFailure)) throw error
      if (!error.sent) throw transportError(error)
      return reconcileCreate(request, error)
    }
  }

  return {
    retrieve: redacted(retrieve),

    create: redacted(async (request: CreateUserRequest): Promise<UserWriteResult> => {
      const answer = await sendCreate(request)
      if ('record' in answer) return answer
      if (!isSuccess(answer)) throw errorFromAnswer(answer, secrets())
      return recordAfterWrite(answer, request.token)
    }),

    /** Create for a bulk run, which keeps no record: a 2xx is all it needs to know. */
    createWithoutRecord: redacted(
      async (request: CreateUserRequest): Promise<{ note: Said | null }> => {
        const answer = await sendCreate(request)
        if ('record' in answer) return { note: answer.note }
        if (!isSuccess(answer)) throw errorFromAnswer(answer, secrets())
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
        if (!isSuccess(answer)) throw errorFromAnswer(answer, secrets())
        return recordAfterWrite(answer, token)
      },
    ),

    authenticate: redacted(async (query: AuthenticateQuery): Promise<Session> => {
      const search = new URLSearchParams({
        installationGuid: query.installationGuid,
        userToken: query.userToken,
      })
      const answer = await sendIdempotent(
        said('operationAuthenticate'),
        'GET',
        `/2/authenticate?${search.toString()}`,
      )
      if (!isSuccess(answer)) throw errorFromAnswer(answer, secrets())
      return readAnswer(answer, sessionSchema, 'notASession')
    }),

    /** The service's public signing keys, or null where it publishes none (404). */
    signingKeys: redacted(async (): Promise<JsonWebKeySet | null> => {
      const answer = await sendIdempotent(said('operationSigningKeys'), 'GET', JWKS_PATH)
      if (answer.status === 404) return null
      if (!isSuccess(answer)) throw errorFromAnswer(answer, secrets())
      return readAnswer(answer, jsonWebKeySetSchema, 'notAKeySet')
    }),

    testConnection: redacted(async (): Promise<ConnectionProbe> => {
      const result = await testConnection()
      return { ...result, said: redactSaid(result.said, secrets()) }
    }),
  }
}
export type ServiceClient = ReturnType<typeof createServiceClient>
