import { CORE_MESSAGES } from './core-messages'
import { createRecognizer, type SharedMessage } from './message-text'
import { RULE_MESSAGES } from './rule-messages'
import { saidOf, type Said, type SaidValue } from './said'
import { SANDBOX_MESSAGES } from './sandbox-messages'

/**
 * The messages every face says: the shared schemas' rules (said by the forms, by main's channel
 * checks, by the sandbox's problem+json and by the command line) and every message of the
 * main-process core (its errors, notes, notices and run states). The core produces each one as a
 * `Said` (see said.ts): its id and values cross IPC and the core's API, with the English text for
 * logs and JSON; a face words it from the id in its language.
 *
 * Each is marked for extraction: `npm run i18n:extract` puts them in src-shared/messages/locales.
 * Placeholders are plain `{name}`s. A value is data (a name, a path, a count, an OS error's own
 * words), said as it is, or another message, worded in turn.
 *
 * The sandbox's messages are the one table that is recognised from text: the sandbox is a service,
 * and its problem+json says them in English (see recognizeServiceText).
 */

export const SHARED_MESSAGES = { ...RULE_MESSAGES, ...CORE_MESSAGES, ...SANDBOX_MESSAGES } as const

export type SharedMessageKey = keyof typeof SHARED_MESSAGES

/** A shared message with its values: what the core says, as it crosses to a face. */
export function said(
  key: SharedMessageKey,
  values: Readonly<Record<string, SaidValue>> = {},
): Said {
  return saidOf(SHARED_MESSAGES[key], values)
}

const MAX_RECOGNIZED_CHARS = 600

// A service says the sandbox's words and the rules it quotes; never the core's.
const recognize = createRecognizer(
  Object.values<SharedMessage>({ ...RULE_MESSAGES, ...SANDBOX_MESSAGES }),
)

/**
 * Words a service wrote (the sandbox's problem+json, or a real service's own), as a message: one
 * of the shared tables when the text is one (the sandbox's words, or a rule it quotes), else the
 * text as it came, which a face shows as written, in English.
 */
export function recognizeServiceText(text: string): Said {
  // The patterns are tried on the service's text: a long one is not one of them, and trying
  // could take long (a service chooses what it sends).
  const recognized = text.length > MAX_RECOGNIZED_CHARS ? null : recognize(text)
  return recognized === null
    ? said('asWritten', { text })
    : saidOf(recognized.message, recognized.values)
}
