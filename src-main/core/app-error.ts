import type { z } from 'zod'
import type { AppErrorShape, ErrorCode, FieldErrors } from '../../src-shared/ipc'

/** A failure the user can act on; it crosses IPC as a value (its shape), never as a throw. */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly status: number | undefined
  readonly fieldErrors: FieldErrors | undefined
  readonly detail: string | undefined

  constructor(
    code: ErrorCode,
    message: string,
    extra: { status?: number; fieldErrors?: FieldErrors; detail?: string } = {},
  ) {
    super(message)
    this.name = 'AppError'
    this.code = code
    this.status = extra.status
    this.fieldErrors = extra.fieldErrors
    this.detail = extra.detail
  }

  toShape(): AppErrorShape {
    return {
      code: this.code,
      message: this.message,
      ...(this.status === undefined ? {} : { status: this.status }),
      ...(this.fieldErrors === undefined ? {} : { fieldErrors: this.fieldErrors }),
      ...(this.detail === undefined ? {} : { detail: this.detail }),
    }
  }
}

/** Every issue of a zod error, grouped by field name. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {}
  for (const issue of error.issues) {
    const keys =
      issue.code === 'unrecognized_keys' ? issue.keys : [issue.path.join('.') || '(input)']
    for (const key of keys) (fields[key] ??= []).push(issue.message)
  }
  return fields
}

export function validationError(error: z.ZodError, what: string): AppError {
  const fieldErrors = fieldErrorsOf(error)
  const first = Object.entries(fieldErrors)[0]
  const summary = first?.[1][0] ?? 'invalid input'
  const more =
    Object.keys(fieldErrors).length > 1 ? ` (and ${Object.keys(fieldErrors).length - 1} more)` : ''
  return new AppError('VALIDATION', `${what}: ${summary}${more}`, { fieldErrors })
}
