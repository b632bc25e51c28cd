import { recognizeSharedText, translateText, type Language } from '../../src-shared/messages'

/** Says an English text of the core in a face's language (see shared-messages.ts). */
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
  return (text) => {
    // A note may name what the message is about first: "row 3: nid_number: <message>".
    for (let at = 0; at !== -1; at = text.indexOf(': ', at + 1)) {
      const start = at === 0 ? 0 : at + 2
      const said = translateText(text.slice(start), say, recognizeSharedText)
      if (said !== text.slice(start)) return `${text.slice(0, start)}${said}`
    }
    return text
  }
}
