import { pickLanguage, recognizeSharedText, translateText } from '../../src-shared/messages'
import type { Language } from '../../src-shared/messages/languages'

export type Translate = (text: string) => string

/**
 * The language of messages as gettext reads the environment: the locale is the first of LC_ALL,
 * LC_MESSAGES and LANG that is set; C or POSIX (or none) means English, and otherwise LANGUAGE,
 * a list of preferences, comes before the locale's own language.
 */
export function cliLanguage(env: NodeJS.ProcessEnv): Language {
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value) ?? ''
  if (locale === '' || /^(C|POSIX)([._@]|$)/.test(locale)) return 'en'
  return pickLanguage([...(env.LANGUAGE ? env.LANGUAGE.split(':') : []), locale])
}

/**
 * The command line says the shared messages (the schemas' rules, the core's errors and notes,
 * the service's field errors) in the language of its environment, as the window does in the
 * language chosen there; its own words (help, headings of its notes) stay English, like the
 * command names and options they describe. Results on stdout are never translated: scripts
 * read them. English needs no catalog, so an English run loads none.
 */
export async function cliTranslator(env: NodeJS.ProcessEnv): Promise<Translate> {
  const language = cliLanguage(env)
  if (language === 'en') return (text) => text
  const [{ setupI18n }, { messages }] = await Promise.all([
    import('@lingui/core'),
    import('../../src-shared/messages/locales/es.po'),
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
