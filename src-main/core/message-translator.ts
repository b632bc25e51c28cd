import { recognizeSharedText, translateText, type Language } from '../../src-shared/messages'

/**
 * Says a message of the core, whole, in a face's language (see shared-messages.ts); any other
 * text comes back as it was. A face that puts a message into its own words ("row 3: email:
 * <message>") says the message first: a part of a line may be data that reads like a message.
 */
export type Translate = (text: string) => string

/**
 * The shared messages (the schemas' rules, the core's errors and notes, the service's field
 * errors) in `language`, for a face that says them itself: the command line, and the files the
 * core writes for a user. English needs no catalog, so it loads none.
 */
export async function messageTranslator(language: Language): Promise<Translate> {
  if (language === 'en') return (text) => text
  const [{ setupI18n }, { messages }] = await Promise.all([
    import('@lingui/core'),
    import('../../src-shared/messages/locales/es.compiled'),
  ])
  const i18n = setupI18n({ locale: language, messages: { [language]: messages } })
  const say = (id: string, values: Record<string, string>) => i18n._(id, values)
  return (text) => translateText(text, say, recognizeSharedText)
}
