import type { ErrorCode, FieldErrors } from '../../../src-shared/ipc'
import { recognizeServiceText, said, type SharedMessageKey } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'
import { createFieldErrors } from '../errors/field-errors'
import { retryAfterMs } from './retried-call'
import { type HttpAnswer } from './send-once'
import { redact, type SecretValues } from '../redaction/redact'

// Enough to name every field of a record; the rest of a huge error list is not read.
const MAX_LISTED_ERRORS = 200
const MAX_SAID_CHARS = 300

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined
}

/** A service's words on one line and cut short: redacted first, so no secret is cut in two. */
function oneLine(said: string): string {
  return said.replace(/\s+/g, ' ').trim().slice(0, MAX_SAID_CHARS)
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

/**
 * Field errors from whatever shape the service uses: RFC 9457 `errors` with field/pointer,
 * RFC 7807 `invalid-params`, or a `{ errors: { field: [messages] } }` map. Any key name and any
 * size: what comes out is bounded (see createFieldErrors), once `scrub` has redacted it whole.
 */
function fieldErrorsFrom(
  body: Record<string, unknown>,
  scrub: (text: string) => string,
): FieldErrors | undefined {
  const fields = createFieldErrors()
  const add = (field: unknown, message: unknown) => {
    const name = text(field)?.replace(/^#\//, '').replace(/\//g, '.')
    const why = text(message)
    if (name && why) fields.add(scrub(name), recognizeServiceText(oneLine(scrub(why))))
  }
  const list = body.errors ?? body['invalid-params']
  if (Array.isArray(list)) {
    for (const item of list.slice(0, MAX_LISTED_ERRORS)) {
      const entry = asRecord(item)
      if (entry)
        add(
          entry.field ?? entry.name ?? entry.pointer,
          entry.detail ?? entry.reason ?? entry.message,
        )
    }
  } else {
    for (const [field, messages] of Object.entries(asRecord(list) ?? {}).slice(
      0,
      MAX_LISTED_ERRORS,
    )) {
      for (const message of Array.isArray(messages) ? messages : [messages]) add(field, message)
    }
  }
  return fields.toObject()
}

/** The codes a service's refusal is told with; any other answer is UNEXPECTED_RESPONSE. */
type RefusalCode =
  'VALIDATION' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'RATE_LIMITED' | 'SERVER'

const CODE_BY_STATUS: Partial<Record<number, RefusalCode>> = {
  400: 'VALIDATION',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'VALIDATION',
  422: 'VALIDATION',
  429: 'RATE_LIMITED',
}

const DEFAULT_MESSAGE: Record<RefusalCode, SharedMessageKey> = {
  UNAUTHORIZED: 'answerUnauthorized',
  FORBIDDEN: 'answerForbidden',
  NOT_FOUND: 'answerNotFound',
  CONFLICT: 'answerConflict',
  RATE_LIMITED: 'answerRateLimited',
  SERVER: 'answerServer',
  VALIDATION: 'answerValidation',
}

function refusalCode(status: number): RefusalCode | undefined {
  return (
    CODE_BY_STATUS[status] ?? (status >= 500 ? 'SERVER' : status >= 400 ? 'VALIDATION' : undefined)
  )
}

/** Whether two sentences say the same words, whatever their case and closing punctuation. */
function sameWords(a: string, b: string): boolean {
  const words = (text: string) =>
    text
      .trim()
      .replace(/[.!\s]+$/, '')
      .toLowerCase()
  return words(a) === words(b)
}

/**
 * Any non-2xx answer, with any body (problem+json, other JSON, text or none), as an AppError.
 * What the service said is redacted before it is clipped: a secret cut in two at the clip would
 * no longer be recognised, and its first part would reach the page.
 */
export function errorFromAnswer(answer: HttpAnswer, secrets: SecretValues): AppError {
  const scrub = (said: string) => redact(said, secrets)
  const refusal = refusalCode(answer.status)
  const code: ErrorCode = refusal ?? 'UNEXPECTED_RESPONSE'
  const body = asRecord(parseJson(answer.text))
  const unclipped = body
    ? (text(body.detail) ?? text(body.title) ?? text(body.message) ?? text(body.error))
    : text(answer.text)
  const spoken = unclipped === undefined ? undefined : oneLine(scrub(unclipped))
  const wait = retryAfterMs(answer.headers)
  const base =
    refusal === undefined
      ? said('answerUnexpectedStatus', { status: answer.status })
      : said(DEFAULT_MESSAGE[refusal])
  // Each part wraps the text before it: "<base> Service said: <said> Retry after <n> s.". What
  // the service said is left out where it says the console's own words again.
  // A refusal the service explains (a No Access user, a blocked call) is its explanation alone.
  const withSaid =
    !spoken || sameWords(spoken, base.text)
      ? base
      : refusal === 'FORBIDDEN'
        ? said('refusedSaying', { said: recognizeServiceText(spoken) })
        : said('serviceSaid', { message: base, said: recognizeServiceText(spoken) })
  const message =
    wait === undefined
      ? withSaid
      : said('retryAfter', { message: withSaid, seconds: Math.ceil(wait / 1000) })
  const fieldErrors = body ? fieldErrorsFrom(body, scrub) : undefined
  return new AppError(code, message, {
    status: answer.status,
    ...(fieldErrors ? { fieldErrors } : {}),
    ...(wait === undefined ? {} : { retryAfterMs: wait }),
  })
}

export { parseJson }
