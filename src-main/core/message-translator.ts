import type { I18n, Messages } from '@lingui/core'
import {
  formatMessage,
  recognizeSharedText,
  translateText,
  type Language,
  type MessageValues,
  type SharedMessage,
} from '../../src-shared/messages'

/** Says a message of the shared tables in a face's language. */
export type SayMessage = (message: SharedMessage, values?: MessageValues) => string

/**
 * Says a message of the core, whole, in a face's language (see shared-messages.ts); any other
 * text comes back as it was. A face that puts a message into its own words ("row 3: email:
 * <message>") says the message first: a part of a line may be data that reads like a message.
 */
export type Translate = (text: string) => string

/** One per language other than English: a language added without its catalog is a type error. */
const COMPILED_CATALOGS: Record<Exclude<Language, 'en'>, () => Promise<{ messages: Messages }>> = {
  es: () => import('../../src-shared/messages/locales/es.compiled'),
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
 * core writes for a user.
 */
export async function messageTranslator(language: Language): Promise<Translate> {
  if (language === 'en') return (text) => text
  const i18n = await catalogOf(language)
  const say = (id: string, values: Record<string, string>) => i18n._(id, values)
  return (text) => translateText(text, say, recognizeSharedText)
}
