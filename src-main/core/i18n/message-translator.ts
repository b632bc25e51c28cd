import type { I18n, Messages } from '@lingui/core'
import {
  formatMessage,
  wordSaid,
  type Language,
  type MessageValues,
  type Said,
  type SharedMessage,
} from '../../../src-shared/messages'

/** Says a message of the shared tables in a face's language. */
export type SayMessage = (message: SharedMessage, values?: MessageValues) => string

/**
 * Words a message the core said (an error, a note, a row's outcome) in a face's language, from
 * its id and values; a message quoted inside is worded in turn.
 */
export type Translate = (message: Said) => string
/** One per language other than English: a language added without its catalog is a type error. */
const COMPILED_CATALOGS: Record<Exclude<Language, 'en'>, () => Promise<{ messages: Messages }>> = {
  es: () => import('../../../src-shared/messages/locales/es.compiled'),
}

/** The compiled catalog of a language other than English, loaded when first needed. */
async function catalogOf(language: Exclude<Language, 'en'>): Promise<I18n> {
  const [{ setupI18n }, { messages }] = await Promise.all([
    import('@lingui/core'),
    COMPILED_CATALOGS[language](),
  ])
  return setupI18n({ locale: language, messages: { [language]: messages } })
}

/** A message held by its table (the window's menu), in `language`. English loads no catalog. */
export async function messageSayer(language: Language): Promise<SayMessage> {
  if (language === 'en') return formatMessage
  const i18n = await catalogOf(language)
  return (message, values = {}) => i18n._(message.id, values)
}

/**
 * The shared messages (the schemas' rules, the core's errors and notes, the service's field
 * errors) in `language`, for a face that says them itself: the command line, and the files the
 * core writes for a user. English is the messages' own text.
 */
export async function messageTranslator(language: Language): Promise<Translate> {
  if (language === 'en') return (message) => message.text
  const i18n = await catalogOf(language)
  const sayById = (id: string, values: Record<string, string | number>) =>
    id in i18n.messages ? i18n._(id, values) : null
  return (message) => wordSaid(message, sayById)
}
