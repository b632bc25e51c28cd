import * as z from 'zod'

/** The languages the console speaks; English is the one its messages are written in. */
export const LANGUAGES = ['en', 'es'] as const
export const languageSchema = z.enum(LANGUAGES)
export type Language = z.output<typeof languageSchema>
export const SOURCE_LANGUAGE: Language = 'en'

/** The locale each language formats dates and numbers with. */
export const LANGUAGE_LOCALES: Record<Language, string> = { en: 'en', es: 'es-ES' }

/**
 * The first of the user's languages (most preferred first, as `navigator.languages` or `LANG`
 * give them: `es-ES`, `es_ES.UTF-8`, `ca`...) that the console speaks; English otherwise.
 */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split(/[-_.@]/)[0]
    const found = LANGUAGES.find((language) => language === primary)
    if (found) return found
  }
  return SOURCE_LANGUAGE
}
