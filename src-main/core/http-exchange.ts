import { SECRET_PLACEHOLDERS, type CallNetwork } from '../../src-shared/activity'
import { said, type Said } from '../../src-shared/messages'
import { AppError } from './app-error'
import type { ActivityLog } from './activity-log'
import type { GivenSecrets } from './given-secrets'
import { TransportFailure, transportFailure } from './connection-failure'
import { CALL_RETRIES, isRetriedByCaller, maySendAgain, retryWait } from './retry-policy'
import type { Route } from './network/route'
import { readAtMost } from './http-body'
import {
  nodeHttpTransport,
  routeTransport,
  UndecodableBody,
  type HttpResponse,
  type Transport,
} from './http-transport'

export { TransportFailure }

const DIRECT: Route = { via: 'direct', because: 'setting' }

export interface ServiceTarget {
  environmentId: string
  environmentName: string
  baseUrl: string
  timeoutMs: number
  /** Largest answer body read, counted after decompression; beyond it the call is dropped. */
  maxResponseBytes: number
  apiKey: string
  secretKey: string
  /** Every secret of the environment, so none can reach the log even inside a body. */
  secretValues: ReadonlyMap<string, string>
  /** The secrets the caller wrote itself, never hidden from it (given-secrets.ts); none if not given. */
  given?: GivenSecrets
  /** Straight, or through which proxy (see network/route.ts); straight when not given. */
  route?: Route
  /** The environment's trust and client certificate (network/tls-material.ts); Node's if not given. */
  secureContext?: import('node:tls').SecureContext | undefined
  /** What an https:// proxy's own certificate is checked with (network/tls-material.ts). */
  proxyTrust?: import('node:tls').SecureContext | undefined
  /** The proxy user and TLS files its calls use, as the activity log names them. */
  network?: CallNetwork | null
}

export interface ExchangeOptions {
  transport?: Transport
  sleep?: (ms: number) => Promise<void>
  random?: () => number
  /** Attempts for idempotent calls (GET, PUT), CALL_RETRIES' by default; POST is always sent once. */
  maxAttempts?: number
  /** Longest Retry-After honoured before giving up with RATE_LIMITED, CALL_RETRIES' by default. */
  maxRetryAfterMs?: number
}

/** The answer's headers, by case-insensitive name. */
export type AnswerHeaders = { get(name: string): string | null }

export interface HttpAnswer {
  status: number
  headers: AnswerHeaders
  text: string
}

/** Stateless between calls (no streaming), so one decoder serves every answer. */
const utf8 = new TextDecoder()

/** A Retry-After header (seconds or an HTTP date) in milliseconds, if there is a usable one. */
export function retryAfterMs(headers: AnswerHeaders): number | undefined {
  const value = headers.get('retry-after')
  if (value === null) return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now())
}

/** The headers of every call, without and with a JSON body; built once per environment. */
function headerSets(credentials: { apiKey: string; secretKey: string } | null) {
  const bare: Readonly<Record<string, string>> = Object.freeze({
    accept: 'application/json, application/problem+json',
    ...(credentials && { apiKey: credentials.apiKey, secretKey: credentials.secretKey }),
  })
  return { bare, withJson: Object.freeze({ ...bare, 'content-type': 'application/json' }) }
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

  async function once(
    operation: Said,
    method: string,
    path: string,
    body?: unknown,
    expectedStatus: number | null = null,
  ): Promise<HttpAnswer> {
    const url = `${target.baseUrl}${path}`
    const requestBody = body === undefined ? null : JSON.stringify(body)
    const headers = requestBody === null ? requestHeaders.bare : requestHeaders.withJson
    const logged = requestBody === null ? loggedHeaders.bare : loggedHeaders.withJson
    target.given?.note([url, requestBody], target.secretValues)
    const started = performance.now()
    const log = (status: number | null, responseBody: string | null, failure: Said | null) =>
      activity.record(
        {
          environmentId: target.environmentId,
          environmentName: target.environmentName,
          operation,
          method,
          url,
          proxy: route.via === 'proxy' ? route.shownAs : null,
          routedBy: route.because,
          network: target.network ?? null,
          requestHeaders: logged,
          requestBody,
          status,
          responseBody,
          durationMs: Math.round(performance.now() - started),
          failure,
          expectedStatus,
        },
        hiddenSecrets(),
      )

    // One deadline for the whole exchange, body included: an endless slow body ends as TIMEOUT.
    // A timer cleared when the call ends, not AbortSignal.timeout, whose timers all stay pending
    // for their full time: a bulk run would hold tens of thousands of them.
    const deadline = new AbortController()
    const signal = deadline.signal
    const timer = setTimeout(() => deadline.abort(), target.timeoutMs)
    let response: HttpResponse | undefined
    let bytes: Uint8Array | null
    try {
      response = await transport({ method, url, headers, body: requestBody }, signal)
      bytes = await readAtMost(response.body, target.maxResponseBytes)
    } catch (error) {
      if (error instanceof UndecodableBody && response !== undefined && !signal.aborted) {
        log(response.status, null, said('answerUnreadableLogged', { reason: error.said }))
        throw new AppError(
          'UNEXPECTED_RESPONSE',
          said('answerUnreadable', { operation, reason: error.said }),
          { status: response.status },
        )
      }
      const failure = transportFailure(
        error,
        target.baseUrl,
        target.timeoutMs,
        signal.aborted,
        route,
      )
      log(null, null, failure.said)
      throw failure
    } finally {
      clearTimeout(timer)
    }
    if (bytes === null) {
      // The limit is set in KiB (Environments), and said so: each face writes the number its way.
      const kib = Math.round(target.maxResponseBytes / 1024)
      log(response.status, null, said('answerTooLargeLogged', { kib }))
      throw new AppError('UNEXPECTED_RESPONSE', said('answerTooLarge', { operation, kib }), {
        status: response.status,
      })
    }
    const text = utf8.decode(bytes)
    log(response.status, text === '' ? null : text, null)
    return { status: response.status, headers: { get: response.header }, text }
  }

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
    async sendIdempotent(
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
    },
  }
}
export type Exchange = ReturnType<typeof createExchange>

export function transportError(failure: TransportFailure): AppError {
  return new AppError(failure.kind, failure.said, {
    noAnswer: { sent: failure.sent, tls: failure.tls },
  })
}
