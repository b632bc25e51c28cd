import type { Said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'
import { redact, type SecretValues } from './redact'

/** A message with its English text and every text among its values redacted. */
export function redactSaid(message: Said, secrets: SecretValues): Said {
  return {
    id: message.id,
    values: Object.fromEntries(
      Object.entries(message.values).map(([name, value]) => [
        name,
        typeof value === 'string'
          ? redact(value, secrets)
          : typeof value === 'number'
            ? value
            : redactSaid(value, secrets),
      ]),
    ),
    text: redact(message.text, secrets),
  }
}

/** The same error with every text in it (message, detail, field names and messages) redacted. */
export function redactError(error: AppError, secrets: SecretValues): AppError {
  const scrub = (text: string) => redact(text, secrets)
  const scrubSaid = (message: Said) => redactSaid(message, secrets)
  let fieldErrors = error.fieldErrors
  if (fieldErrors !== undefined) {
    const scrubbed = Object.create(null) as NonNullable<typeof fieldErrors>
    for (const [name, messages] of Object.entries(fieldErrors))
      Object.defineProperty(scrubbed, scrub(name), {
        value: messages.map(scrubSaid),
        enumerable: true,
        writable: true,
        configurable: true,
      })
    fieldErrors = scrubbed
  }
  return new AppError(error.code, scrubSaid(error.said), {
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(fieldErrors === undefined ? {} : { fieldErrors }),
    ...(error.detail === undefined ? {} : { detail: scrub(error.detail) }),
    ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
    ...(error.noAnswer === undefined ? {} : { noAnswer: error.noAnswer }),
    ...(error.conflict === undefined ? {} : { conflict: error.conflict }),
  })
}
