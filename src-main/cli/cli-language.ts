import { setupI18n } from '@lingui/core'
import { pickLanguage, recognizeSharedText, translateText } from '../../src-shared/messages'

export type Translate = (text: string) => string

/** The user's languages as POSIX says to read them: LC_ALL over LC_MESSAGES over LANG. */
function posixLanguages(env: NodeJS.ProcessEnv): string[] {
  return [env.LC_ALL, env.LC_MESSAGES, env.LANG].filter(
    (value): value is string => value !== undefined && value !== '',
  )
}

/**
 * The command line says the shared messages (the schemas' rules, the service's field errors) in
 * the language of its environment, as the window does in the language chosen there; its own
 * words (help, notes) stay English, like the command names and options they describe. English
 * needs no catalog, so an English run never loads one.
 */
export async function cliTranslator(env: NodeJS.ProcessEnv): Promise<Translate> {
  const language = pickLanguage(posixLanguages(env))
  if (language === 'en') return (text) => text
  const { messages } = await import('../../src-shared/messages/locales/es.po')
  const i18n = setupI18n({ locale: language, messages: { [language]: messages } })
  const say = (id: string, values: Record<string, string>) => i18n._(id, values)
  return (text) => {
    const whole = translateText(text, say, recognizeSharedText)
    if (whole !== text) return whole
    // A field error line reads "field: message".
    const split = text.indexOf(': ')
    return split > 0
      ? `${text.slice(0, split + 2)}${translateText(text.slice(split + 2), say, recognizeSharedText)}`
      : text
  }
}
