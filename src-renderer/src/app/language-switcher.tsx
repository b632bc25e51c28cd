import { Trans, useLingui } from '@lingui/react/macro'
import { LANGUAGES, type Language } from '@shared/messages/languages'
import { ErrorAlert } from '../components/ui/error-alert'
import { useLanguage } from '../i18n/language-provider'
import { errorShape } from '../lib/api'

/** Each language is named in itself, so a user lost in the other one still finds their own. */
const NATIVE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' }
const SYSTEM = 'system'

/** The page's language: the operating system's, or one the user picks, remembered. */
export function LanguageSwitcher() {
  const { t } = useLingui()
  const { system, choice, choose, saving, saveError } = useLanguage()
  return (
    <div className="language-switcher">
      <label htmlFor="language">
        <Trans>Language</Trans>
      </label>
      <select
        id="language"
        value={choice ?? SYSTEM}
        aria-busy={saving}
        onChange={(event) => {
          const value = event.target.value
          choose(LANGUAGES.find((candidate) => candidate === value) ?? null)
        }}
      >
        <option value={SYSTEM}>{t`System (${NATIVE_NAMES[system]})`}</option>
        {LANGUAGES.map((candidate) => (
          <option key={candidate} value={candidate} lang={candidate}>
            {NATIVE_NAMES[candidate]}
          </option>
        ))}
      </select>
      {saveError ? <ErrorAlert error={errorShape(saveError)} /> : null}
    </div>
  )
}
