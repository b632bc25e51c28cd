import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import type { Said } from '@shared/messages/said'
import { ApiError } from './api'

/**
 * Between the messages of one field in the form's error. Each message is worded on its own, so
 * the field splits on this, which no message contains ("; " does), and shows them joined by "; ".
 */
export const FIELD_MESSAGE_SEPARATOR = '\n'

// react-hook-form holds an error as text; the messages main said about fields are kept by their
// text so the field can word them from their ids. Bounded: a long session keeps the latest only.
const RECEIVED = new Map<string, Said>()
const MAX_RECEIVED = 200

function remember(message: Said): void {
  RECEIVED.delete(message.text)
  RECEIVED.set(message.text, message)
  const oldest = RECEIVED.keys().next()
  if (RECEIVED.size > MAX_RECEIVED && oldest.done !== true) RECEIVED.delete(oldest.value)
}

/** A message main said about a field, by the text the form holds for it. */
export function receivedFieldSaid(text: string): Said | undefined {
  return RECEIVED.get(text)
}

/** Puts the service's per-field errors on the form fields they name. */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly string[],
  setError: UseFormSetError<T>,
): void {
  if (!(error instanceof ApiError)) return
  for (const [field, messages] of Object.entries(error.shape.fieldErrors ?? {})) {
    if (!fields.includes(field)) continue
    messages.forEach(remember)
    setError(field as Path<T>, {
      type: 'server',
      message: messages.map((message) => message.text).join(FIELD_MESSAGE_SEPARATOR),
    })
  }
}
