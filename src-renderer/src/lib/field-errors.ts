import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiError } from './api'

/** Puts the service's per-field errors on the form fields they name. */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly string[],
  setError: UseFormSetError<T>,
): void {
  if (!(error instanceof ApiError)) return
  for (const [field, messages] of Object.entries(error.shape.fieldErrors ?? {})) {
    if (fields.includes(field))
      setError(field as Path<T>, { type: 'server', message: messages.join('; ') })
  }
}
