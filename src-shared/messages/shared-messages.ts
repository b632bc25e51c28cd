import { CORE_MESSAGES } from './core-messages'
import {
  createRecognizer,
  formatMessage,
  type MessageValues,
  type SharedMessage,
} from './message-text'
import { RULE_MESSAGES } from './rule-messages'
import { SANDBOX_MESSAGES } from './sandbox-messages'

/**
 * A message that crosses faces as text: the shared schemas' rules, said by the renderer's forms,
 * by main's channel checks, by the sandbox's problem+json and by the command line, and every
 * message of the main-process core (its errors, notes, notices and run states). It is always
 * produced in English (the service and the sandbox are an API); a face that speaks another
 * language recognises the English text and says it in its own (see message-text.ts).
 *
 * Each is marked for extraction: `npm run i18n:extract` puts them in src-shared/messages/locales.
 * Placeholders are plain `{name}`s, never ICU plurals, so that the text can be recognised back.
 * A message that quotes another (`{message}`, `{reason}`, `{problem}`, `{said}`, `{note}`,
 * `{operation}`) holds the inner text whole, which a face recognises and says in turn; the other
 * placeholders hold data (names, paths, URLs, counts, an OS error's own words), said as they are.
 */

export const SHARED_MESSAGES = { ...RULE_MESSAGES, ...CORE_MESSAGES, ...SANDBOX_MESSAGES } as const

export type SharedMessageKey = keyof typeof SHARED_MESSAGES

/** The message in English with its values in place: what every schema and the core say. */
export function sharedText(key: SharedMessageKey, values: MessageValues = {}): string {
  return formatMessage(SHARED_MESSAGES[key], values)
}

/** Which shared message an English text is, with its values (see createRecognizer). */
export const recognizeSharedText = createRecognizer(Object.values<SharedMessage>(SHARED_MESSAGES))
