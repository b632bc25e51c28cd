import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import { useEnvironmentsFollowDisk } from '../features/environments/api/list-environments'
import { hrefFor, useRoute } from '../lib/navigation'
import { SCREEN_ORDER, SCREENS, type Screen } from '../lib/screens'
import { EnvironmentBar } from './environment-bar'
import { FaceBadge } from './face-badge'
import { KeychainNotice } from './keychain-notice'
import { LanguageSwitcher } from './language-switcher'
import { ScreenContent } from './screen-content'
import { ThemeSwitcher } from './theme-switcher'
import { useTopbarHeight } from './topbar-height'

export function AppShell() {
  const { t, i18n } = useLingui()
  const route = useRoute()
  const main = useRef<HTMLElement>(null)
  const shell = useRef<HTMLDivElement>(null)
  const topbar = useRef<HTMLElement>(null)
  useTopbarHeight(shell, topbar)
  const firstScreen = useRef<Screen | null>(route.screen)
  useEnvironmentsFollowDisk()
  // Moving focus to the new screen tells keyboard and screen-reader users where they are. The
  // first screen is where the page opens, not a move: focused then, it would wear a ring before
  // anyone touched a key, and the first Tab would skip the skip link and the top bar.
  useEffect(() => {
    if (route.screen === firstScreen.current) return
    firstScreen.current = null
    main.current?.focus()
  }, [route.screen])

  return (
    <div className="shell" data-app-state="loaded" ref={shell}>
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <header className="topbar" ref={topbar}>
        <div className="brand-block">
          <span className="brand" translate="no">
            Integrator Console
          </span>
          <FaceBadge />
        </div>
        <EnvironmentBar />
        <LanguageSwitcher />
        <ThemeSwitcher />
      </header>
      <nav className="sidebar" aria-label={t`Screens`}>
        <ul>
          {SCREEN_ORDER.map((screen) => (
            <li key={screen}>
              <a href={hrefFor(screen)} aria-current={route.screen === screen ? 'page' : undefined}>
                {i18n._(SCREENS[screen].label)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" ref={main} tabIndex={-1}>
        <KeychainNotice />
        <ScreenContent route={route} />
      </main>
    </div>
  )
}
