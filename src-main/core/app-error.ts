import type { z } from 'zod'
import type { AppErrorShape, ErrorCode, FieldErrors } from '../../src-shared/ipc'
import { sharedText } from '../../src-shared/messages'
import type { UpdateConflict } from '../../src-shared/service'
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
    message: string,
    extra: {
      status?: number
      fieldErrors?: FieldErrors
      detail?: string
      retryAfterMs?: number
      noAnswer?: NoAnswer
      conflict?: UpdateConflict
    } = {},
  ) {
    super(message)
    this.name = 'AppError'
    this.code = code
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
      message: this.message,
      ...(this.status === undefined ? {} : { status: this.status }),
      ...(this.fieldErrors === undefined ? {} : { fieldErrors: this.fieldErrors }),
      ...(this.detail === undefined ? {} : { detail: this.detail }),
      ...(this.conflict === undefined ? {} : { conflict: this.conflict }),
    }
  }
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
      for (const key of issue.keys) fields.add([...at, key].join('.'), sharedText('unknownField'))
    } else {
      fields.add(at.join('.') || '(input)', issue.message)
    }
  }
  return fields.toObject() ?? { '(input)': [sharedText('invalidInput')] }
}

/** An input refused by its schema: the first field's first message, and how many more fields. */
export function validationError(error: z.ZodError): AppError {
  const fieldErrors = fieldErrorsOf(error)
  // fieldErrorsOf names at least one field.
  const [field = '(input)', ...others] = Object.keys(fieldErrors)
  const message = fieldErrors[field]?.[0] ?? sharedText('invalidInput')
  return new AppError(
    'VALIDATION',
    others.length === 0
      ? sharedText('invalidInputSummary', { field, message })
      : sharedText('invalidInputSummaryMore', { field, message, count: others.length }),
    { fieldErrors },
  )
}
