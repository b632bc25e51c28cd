import type { SharedMessage } from './message-text'
import { saidOf, type Said, type SaidValue } from './said'

/**
 * The core's messages that the page also says of itself (a failure of its own, words it did not
 * write), in a table small enough for the page to carry without the core's whole table.
 */
export const BASIC_MESSAGES = {
  // Words the console did not write (a service's own, a runtime's error), shown as they came.
  asWritten: /*i18n*/ { id: 'core.asWritten', message: '{text}' },
  internalFailure: /*i18n*/ {
    id: 'core.internalFailure',
    message: 'Something went wrong in the main process.',
  },
  bridgeMissing: /*i18n*/ {
    id: 'core.bridgeMissing',
    message: 'The console bridge is missing: open the page through the app.',
  },
} as const satisfies Record<string, SharedMessage>

/** A message of this table with its values. */
export function basicSaid(
  key: keyof typeof BASIC_MESSAGES,
  values: Readonly<Record<string, SaidValue>> = {},
): Said {
  return saidOf(BASIC_MESSAGES[key], values)
}

/** The id of words shown as they came, which a face marks as English. */
export const AS_WRITTEN_ID = BASIC_MESSAGES.asWritten.id
