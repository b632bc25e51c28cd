import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiError } from './api'

/**
 * Between the messages of one field in the form's error. Each message is translated on its own
 * (joined, they would not be recognised), so the field splits on this, which no message contains
 * ("; " does), and shows them joined by "; ".
 */
export const FIELD_MESSAGE_SEPARATOR = '\n'

/** Puts the service's per-field errors on the form fields they name. */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly string[],
  setError: UseFormSetError<T>,
): void {
  if (!(error instanceof ApiError)) return
  for (const [field, messages] of Object.entries(error.shape.fieldErrors ?? {})) {
    if (fields.includes(field))
      setError(field as Path<T>, {
        type: 'server',
        message: messages.join(FIELD_MESSAGE_SEPARATOR),
      })
  }
}
