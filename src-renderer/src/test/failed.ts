import type { AppErrorShape, ErrorCode } from '@shared/ipc'
import { said, type Said, type SaidValue, type SharedMessageKey } from '@shared/messages'
import type { UpdateConflict } from '@shared/service'

/** A channel's answer when main refuses: what the page unwraps into an ApiError. */
interface Failure {
  ok: false
  error: AppErrorShape
}

interface Usual {
  message: SharedMessageKey
  /** The values main fills the message with, unless a test names its own. */
  values?: Record<string, SaidValue>
  /** The service's status, where the code is the service's refusal (answer-errors.ts). */
  status?: number
}

const STAGING_URL = 'https://staging.example.com'

/**
 * Each code with the message main most often says with it, as main builds it: a service's
 * refusal from its status (answer-errors.ts), no answer (connection-failure.ts), the keychain,
 * settings, a secret, a production write's confirmation and main's own fault.
 */
const USUAL: Record<ErrorCode, Usual> = {
  VALIDATION: { message: 'answerValidation', status: 422 },
  UNAUTHORIZED: { message: 'answerUnauthorized', status: 401 },
  FORBIDDEN: { message: 'answerForbidden', status: 403 },
  NOT_FOUND: { message: 'answerNotFound', status: 404 },
  CONFLICT: { message: 'answerConflict', status: 409 },
  RATE_LIMITED: { message: 'answerRateLimited', status: 429 },
  SERVER: { message: 'answerServer', status: 500 },
  UNEXPECTED_RESPONSE: { message: 'answerUnexpectedStatus', values: { status: 302 }, status: 302 },
  TIMEOUT: { message: 'noAnswerWithin', values: { seconds: 30 } },
  NETWORK: { message: 'unreachable', values: { url: STAGING_URL } },
  KEYCHAIN_UNAVAILABLE: { message: 'keychainUnusableLinux' },
  SECRET_MISSING: { message: 'apiKeyMissing', values: { environment: 'Staging' } },
  SETTINGS_UNREADABLE: { message: 'settingsBusy' },
  OUTCOME_UNKNOWN: {
    message: 'createUnsettled',
    values: { message: said('unreachable', { url: STAGING_URL }) },
  },
  CONFIRMATION_REQUIRED: { message: 'confirmationNeeded', values: { environment: 'Production' } },
  INTERNAL: { message: 'internalFailure' },
}

interface FailedAs {
  /** Values over the usual message's own (an environment's name, a URL, seconds). */
  values?: Record<string, SaidValue>
  /** Another message main says with this code: main's own, with no status unless given. */
  said?: Said
  /** The service's status, where `said` is a service's refusal. */
  status?: number
  /**
   * Fields refused, each with its message. With VALIDATION they are main's own check of the
   * input, said as its validationError says them (the first field named, with how many more; no
   * service answered); with a service's refusal (a 409 naming the token) they come beside its
   * usual message and status, as answer-errors.ts reads them from the service's answer.
   */
  fields?: Record<string, Said>
  /** A guarded Update's three states of the user. */
  conflict?: UpdateConflict
}

function summary(fields: Record<string, Said>): Said {
  const [first, ...others] = Object.entries(fields)
  const [field, message] = first ?? ['(input)', said('invalidInput')]
  return others.length === 0
    ? said('invalidInputSummary', { field, message })
    : said('invalidInputSummaryMore', { field, message, count: others.length })
}

/**
 * A fake main's answer that fails the way main fails: a code of the closed set with the message
 * main says with it, as ids and values the page words in its own language.
 */
export function failed(code: ErrorCode, as: FailedAs = {}): Failure {
  const usual = USUAL[code]
  const fields = as.fields && Object.keys(as.fields).length > 0 ? as.fields : undefined
  const ownCheck = fields !== undefined && code === 'VALIDATION'
  const message =
    as.said ?? (ownCheck ? summary(fields) : said(usual.message, { ...usual.values, ...as.values }))
  // Only a service's refusal has a status: main's own checks answer none.
  const status = as.status ?? (as.said !== undefined || ownCheck ? undefined : usual.status)
  return {
    ok: false,
    error: {
      code,
      said: message,
      ...(status === undefined ? {} : { status }),
      ...(fields
        ? {
            fieldErrors: Object.fromEntries(
              Object.entries(fields).map(([field, why]) => [field, [why]]),
            ),
          }
        : {}),
      ...(as.conflict ? { conflict: as.conflict } : {}),
    },
  }
}
