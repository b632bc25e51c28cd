import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { THEMES, type Theme } from '@shared/ipc'
import { ErrorAlert } from '../components/ui/error-alert'
import { useSavePreferences } from '../i18n/preferences'
import { errorShape } from '../lib/api'
import { useThemeChoice } from './theme'

// Each option names what it is: at the narrowest window the label is hidden, and the language's
// "System" stands right beside it.
const THEME_LABELS: Record<Theme, MessageDescriptor> = {
  system: msg`System theme`,
  light: msg`Light theme`,
  dark: msg`Dark theme`,
}

/** The window's colours: the operating system's, or light or dark whatever it says, remembered. */
export function ThemeSwitcher() {
  const { i18n } = useLingui()
  const theme = useThemeChoice()
  const save = useSavePreferences()
  return (
    <div className="theme-switcher">
      <label htmlFor="theme">
        <Trans>Theme</Trans>
      </label>
      <select
        id="theme"
        value={theme}
        aria-busy={save.isPending}
        onChange={(event) => {
          const value = event.target.value
          const chosen = THEMES.find((candidate) => candidate === value)
          if (chosen) save.mutate({ theme: chosen })
        }}
      >
        {THEMES.map((candidate) => (
          <option key={candidate} value={candidate}>
            {i18n._(THEME_LABELS[candidate])}
          </option>
        ))}
      </select>
      {save.error ? <ErrorAlert error={errorShape(save.error)} /> : null}
    </div>
  )
}
