import { pickLanguage } from '../../src-shared/messages'
import type { Language } from '../../src-shared/messages/languages'
import { messageTranslator, type Translate } from '../core/message-translator'

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
 * read them.
 */
export function cliTranslator(env: NodeJS.ProcessEnv): Promise<Translate> {
  return messageTranslator(cliLanguage(env))
}
