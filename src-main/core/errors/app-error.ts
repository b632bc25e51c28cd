import type * as z from 'zod'
import type { AppErrorShape, ErrorCode, FieldErrors } from '../../../src-shared/ipc'
import { ruleSaid, said, type Said } from '../../../src-shared/messages'
import type { UpdateConflict } from '../../../src-shared/service'
import { createFieldErrors } from './field-errors'

/**
 * How a call that got no answer failed (it stays in main, not in the shape): `sent` is false when
 * no connection was made, so nothing of the request left; `tls` when the service's certificate or
 * TLS handshake was refused, which trying again cannot mend.
 */
export interface NoAnswer {
  sent: boolean
  tls: boolean
}

/** A failure the user can act on; it crosses IPC as a value (its shape), never as a throw. */
export class AppError extends Error {
  readonly code: ErrorCode
  /** What a face says, in its language; `message` is its English text, for logs. */
  readonly said: Said
  readonly status: number | undefined
  readonly fieldErrors: FieldErrors | undefined
  readonly detail: string | undefined
  /** A 429's Retry-After, for callers that wait it out; it stays in main (not in the shape). */
  readonly retryAfterMs: number | undefined
  /** No answer came: whether the request may have left, and whether TLS refused the service. */
  readonly noAnswer: NoAnswer | undefined
  /** A guarded Update refused: the three states of the user (see update-guard.ts). */
  readonly conflict: UpdateConflict | undefined

  constructor(
    code: ErrorCode,
    message: Said,
    extra: {
      status?: number
      fieldErrors?: FieldErrors
      detail?: string
      retryAfterMs?: number
      noAnswer?: NoAnswer
      conflict?: UpdateConflict
    } = {},
  ) {
    super(message.text)
    this.name = 'AppError'
    this.code = code
    this.said = message
    this.status = extra.status
    this.fieldErrors = extra.fieldErrors
    this.detail = extra.detail
    this.retryAfterMs = extra.retryAfterMs
    this.noAnswer = extra.noAnswer
    this.conflict = extra.conflict
  }

  toShape(): AppErrorShape {
    return {
      code: this.code,
      said: this.said,
      ...(this.status === undefined ? {} : { status: this.status }),
      ...(this.fieldErrors === undefined ? {} : { fieldErrors: this.fieldErrors }),
      ...(this.detail === undefined ? {} : { detail: this.detail }),
      ...(this.conflict === undefined ? {} : { conflict: this.conflict }),
    }
  }
}

/**
 * A zod issue's message as the rule that wrote it; zod's own words (a schema without a rule of
 * ours) are shown as they came.
 */
export function issueSaid(text: string): Said {
  return ruleSaid(text) ?? said('asWritten', { text })
}

/**
 * Every issue of a zod error, grouped by field name and bounded: an unknown key is named once as
 * unknown (zod's own message lists every unknown key, which for many keys grows without bound).
 */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields = createFieldErrors()
  for (const issue of error.issues) {
    const at = issue.path.map(String)
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields.add([...at, key].join('.'), said('unknownField'))
    } else {
      fields.add(at.join('.') || '(input)', issueSaid(issue.message))
    }
  }
  return fields.toObject() ?? { '(input)': [said('invalidInput')] }
}

/** An input refused by its schema: the first field's first message, and how many more fields. */
export function validationError(error: z.ZodError): AppError {
  const fieldErrors = fieldErrorsOf(error)
  // fieldErrorsOf names at least one field.
  const [field = '(input)', ...others] = Object.keys(fieldErrors)
  const message = fieldErrors[field]?.[0] ?? said('invalidInput')
  return new AppError(
    'VALIDATION',
    others.length === 0
      ? said('invalidInputSummary', { field, message })
      : said('invalidInputSummaryMore', { field, message, count: others.length }),
    { fieldErrors },
  )
}
