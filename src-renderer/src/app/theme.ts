import { useEffect } from 'react'
import type { Theme } from '@shared/ipc'
import { usePreferences } from '../i18n/preferences'

/**
 * Sets the theme on the page's root: a chosen one holds whatever the operating system says; the
 * system's leaves no mark, so the styles' light-dark() pairs follow the OS as it changes.
 */
export function applyTheme(root: HTMLElement, theme: Theme): void {
  if (theme === 'system') delete root.dataset.theme
  else root.dataset.theme = theme
}

/** The theme the user chose, or the system's while none is chosen or the choice is being read. */
export function useThemeChoice(): Theme {
  return usePreferences().data?.theme ?? 'system'
}

/** Keeps the page's root on the chosen theme from the moment the choice is read. */
export function ThemeFollower(): null {
  const theme = useThemeChoice()
  useEffect(() => applyTheme(document.documentElement, theme), [theme])
  return null
}
