import { i18n, type Messages } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import {
  LANGUAGE_LOCALES,
  pickLanguage,
  SOURCE_LANGUAGE,
  type Language,
} from '@shared/messages/languages'
import { usePreferences, useSavePreferences } from './preferences'
import { loadLanguage } from './catalogs'

interface LanguageChoice {
  /** The language the page speaks now. */
  language: Language
  /** The locale dates and numbers are written in. */
  locale: string
  /** The operating system's language, as far as the console speaks it. */
  system: Language
  /** What the user chose; null follows the operating system. */
  choice: Language | null
  choose: (choice: Language | null) => void
  saving: boolean
  saveError: unknown
}

const LanguageContext = createContext<LanguageChoice | null>(null)

export function useLanguage(): LanguageChoice {
  const context = useContext(LanguageContext)
  if (!context) throw new Error('useLanguage is used outside the LanguageProvider')
  return context
}

/**
 * Speaks the language the user chose in the top bar, or else the operating system's (the
 * window's `navigator.languages`). Nothing is shown until its catalogs are loaded, so no screen
 * ever flashes a message in the wrong language.
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const preferences = usePreferences()
  const save = useSavePreferences()
  const settled = preferences.isSuccess || preferences.isError
  const choice = preferences.data?.language ?? null
  const system = pickLanguage(navigator.languages)
  const language = choice ?? system
  const [active, setActive] = useState<Language | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    if (!settled) return
    let current = true
    const activate = (target: Language, messages: Messages) => {
      if (!current) return
      i18n.loadAndActivate({ locale: target, messages })
      setActive(target)
    }
    // A catalog that cannot be fetched leaves the page in English rather than blank.
    loadLanguage(language)
      .then((messages) => activate(language, messages))
      .catch(() =>
        loadLanguage(SOURCE_LANGUAGE).then((messages) => activate(SOURCE_LANGUAGE, messages)),
      )
      .catch(() => {
        if (current) setFailed(true)
      })
    return () => {
      current = false
    }
  }, [language, settled])

  // Said once the page shows the new words, so whoever waits for it reads a whole page.
  useEffect(() => {
    if (active) document.documentElement.lang = LANGUAGE_LOCALES[active]
  }, [active])

  if (failed)
    return (
      <p role="alert" lang="en">
        The console could not load its words: reload the window.
      </p>
    )
  if (active === null) return null
  return (
    <LanguageContext.Provider
      value={{
        language: active,
        locale: LANGUAGE_LOCALES[active],
        system,
        choice,
        choose: (next) => save.mutate({ language: next }),
        saving: save.isPending,
        saveError: save.error,
      }}
    >
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </LanguageContext.Provider>
  )
}
