import type { CallNetwork } from '../../../src-shared/activity'
import { said, type Said } from '../../../src-shared/messages'
import type { ActivityLog } from '../activity/activity-log'
import { AppError } from '../errors/app-error'
import type { Route } from '../network/route'
import type { GivenSecrets } from '../redaction/given-secrets'
import type { SecretValues } from '../redaction/redact'
import { readAtMost } from './body-limit'
import { UndecodableBody, type HttpResponse, type Transport } from './http-request'
import { transportFailure } from './transport-failure'

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

/** The answer's headers, by case-insensitive name. */
export type AnswerHeaders = { get(name: string): string | null }

export interface HttpAnswer {
  status: number
  headers: AnswerHeaders
  text: string
}

/** Stateless between calls (no streaming), so one decoder serves every answer. */
const utf8 = new TextDecoder()

/** The headers of every call, without and with a JSON body; built once per environment. */
export function headerSets(credentials: { apiKey: string; secretKey: string } | null) {
  const bare: Readonly<Record<string, string>> = Object.freeze({
    accept: 'application/json, application/problem+json',
    ...(credentials && { apiKey: credentials.apiKey, secretKey: credentials.secretKey }),
  })
  return { bare, withJson: Object.freeze({ ...bare, 'content-type': 'application/json' }) }
}

/** What one call is sent with: the environment's target, way out, log and headers. */
export interface SendSetup {
  target: ServiceTarget
  route: Route
  transport: Transport
  activity: ActivityLog
  /** What the caller is shown of this environment's secrets: those it did not write itself. */
  hiddenSecrets: () => SecretValues
  requestHeaders: ReturnType<typeof headerSets>
  /** What the activity log shows: the same headers with the secrets' placeholders. */
  loggedHeaders: ReturnType<typeof headerSets>
}

/** One attempt: the request sent, its answer read within the limits, both logged. */
export async function sendOnce(
  { target, route, transport, activity, hiddenSecrets, requestHeaders, loggedHeaders }: SendSetup,
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
    const failure = transportFailure(error, target.baseUrl, target.timeoutMs, signal.aborted, route)
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
