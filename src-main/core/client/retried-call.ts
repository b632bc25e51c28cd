import { SECRET_PLACEHOLDERS } from '../../../src-shared/activity'
import type { Said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'
import type { ActivityLog } from '../activity/activity-log'
import { TransportFailure } from './transport-failure'
import {
  CALL_RETRIES,
  isRetriedByCaller,
  maySendAgain,
  retryWait,
  type RetryPolicy,
} from './retry-policy'
import type { Route } from '../network/route'
import {
  headerSets,
  sendOnce,
  type HttpAnswer,
  type AnswerHeaders,
  type ServiceTarget,
} from './send-once'
import { nodeHttpTransport, routeTransport, type Transport } from './http-request'

export { TransportFailure }

const DIRECT: Route = { via: 'direct', because: 'setting' }

export interface ExchangeOptions {
  transport?: Transport
  sleep?: (ms: number) => Promise<void>
  random?: () => number
  /** Attempts for idempotent calls (GET, PUT), CALL_RETRIES' by default; POST is always sent once. */
  maxAttempts?: number
  /** Longest Retry-After honoured before giving up with RATE_LIMITED, CALL_RETRIES' by default. */
  maxRetryAfterMs?: number
}

/** A Retry-After header (seconds or an HTTP date) in milliseconds, if there is a usable one. */
export function retryAfterMs(headers: AnswerHeaders): number | undefined {
  const value = headers.get('retry-after')
  if (value === null) return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now())
}

export function createExchange(
  target: ServiceTarget,
  activity: ActivityLog,
  options: ExchangeOptions = {},
) {
  const route = target.route ?? DIRECT
  const own =
    options.transport !== undefined ||
    (route.via === 'direct' && target.secureContext === undefined)
      ? undefined
      : routeTransport({
          proxyUrl: route.via === 'proxy' ? route.proxyUrl : undefined,
          secureContext: target.secureContext,
          proxyTrust: target.proxyTrust,
        })
  const transport = options.transport ?? own?.transport ?? nodeHttpTransport
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const random = options.random ?? Math.random
  const policy = {
    ...CALL_RETRIES,
    ...(options.maxAttempts === undefined ? {} : { attempts: options.maxAttempts }),
    ...(options.maxRetryAfterMs === undefined ? {} : { maxRetryAfterMs: options.maxRetryAfterMs }),
  }
  // A client of what the service publishes to anyone (public-client.ts) sends no credential.
  const signed = target.apiKey !== '' || target.secretKey !== ''
  const requestHeaders = headerSets(signed ? target : null)
  // What the activity log shows: the same headers with the secrets' placeholders.
  const loggedHeaders = headerSets(signed ? SECRET_PLACEHOLDERS : null)

  /** What the caller is shown of this environment's secrets: those it did not write itself. */
  const hiddenSecrets = () => target.given?.hidden(target.secretValues) ?? target.secretValues

  const setup = { target, route, transport, activity, hiddenSecrets, requestHeaders, loggedHeaders }
  const once = (
    operation: Said,
    method: string,
    path: string,
    body?: unknown,
    expectedStatus: number | null = null,
  ) => sendOnce(setup, operation, method, path, body, expectedStatus)

  return {
    target,
    hiddenSecrets,

    /** Closes the idle connections of this environment's own agent, once it is replaced. */
    close: () => own?.close(),

    /** One attempt, never retried: for Create, whose repetition could duplicate a user. */
    sendOnce: once,

    /**
     * GET and PUT, sent again as the retry policy allows (see retry-policy.ts): after a lost
     * answer or a connection never made, a 429 or a 502/503/504, never after a refused
     * certificate or TLS handshake. Sent once inside a bulk row, whose run does the retrying.
     */
    sendIdempotent: (operation: Said, method: 'GET' | 'PUT', path: string, body?: unknown) =>
      sendAgainAsAllowed({ once, policy, sleep, random }, operation, method, path, body),
  }
}
export type Exchange = ReturnType<typeof createExchange>

interface Resending {
  once: (operation: Said, method: string, path: string, body?: unknown) => Promise<HttpAnswer>
  policy: RetryPolicy
  sleep: (ms: number) => Promise<void>
  random: () => number
}

/** Sends until an answer the policy keeps, its attempts are spent, or its wait is too long. */
async function sendAgainAsAllowed(
  { once, policy, sleep, random }: Resending,
  operation: Said,
  method: 'GET' | 'PUT',
  path: string,
  body?: unknown,
): Promise<HttpAnswer> {
  const attempts = isRetriedByCaller() ? 1 : policy.attempts
  for (let failures = 1; ; failures++) {
    let answer: HttpAnswer
    try {
      answer = await once(operation, method, path, body)
    } catch (error) {
      const again =
        error instanceof TransportFailure &&
        failures < attempts &&
        maySendAgain({ noAnswer: error }, method)
      if (!again) throw error
      await sleep(retryWait(policy, failures, undefined, random).ms)
      continue
    }
    if (failures >= attempts || !maySendAgain(answer, method)) return answer
    const retryAfter = answer.status === 429 ? retryAfterMs(answer.headers) : undefined
    const wait = retryWait(policy, failures, retryAfter, random)
    if (wait.beyondCap) return answer
    await sleep(wait.ms)
  }
}

export function transportError(failure: TransportFailure): AppError {
  return new AppError(failure.kind, failure.said, {
    noAnswer: { sent: failure.sent, tls: failure.tls },
  })
}
