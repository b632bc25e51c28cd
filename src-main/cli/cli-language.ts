import { pickLanguage } from '../../src-shared/messages'
import type { Language } from '../../src-shared/messages/languages'

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
