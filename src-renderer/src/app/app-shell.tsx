import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useEffect, useRef } from 'react'
import { useEnvironmentsFollowDisk } from '../features/environments/api/list-environments'
import { EnvironmentsScreen } from '../features/environments/components/environments-screen'
import { FindScreen } from '../features/find/components/find-screen'
import { AuthenticateScreen } from '../features/sessions/components/authenticate-screen'
import { CreateUserScreen } from '../features/users/components/create-user-screen'
import { EditUserScreen } from '../features/users/components/edit-user-screen'
import { LookupScreen } from '../features/users/components/lookup-screen'
import { Loading } from '../components/ui/page'
import { hrefFor, useRoute, type Screen } from '../lib/navigation'
import { EnvironmentBar } from './environment-bar'
import { FaceBadge } from './face-badge'
import { KeychainNotice } from './keychain-notice'
import { LanguageSwitcher } from './language-switcher'
import { ThemeSwitcher } from './theme-switcher'
import { useTopbarHeight } from './topbar-height'

// Bulk work is the largest screen and not every session opens it: its code comes when it does.
const BulkScreen = lazy(() =>
  import('../features/bulk/components/bulk-screen').then((module) => ({
    default: module.BulkScreen,
  })),
)
// So is the log of calls, with its filter and cURL copies: a tool for when a call went wrong.
const ActivityScreen = lazy(() =>
  import('../features/activity/components/activity-screen').then((module) => ({
    default: module.ActivityScreen,
  })),
)

const NAVIGATION: { screen: Screen; label: MessageDescriptor }[] = [
  { screen: 'lookup', label: msg`Look up` },
  { screen: 'find', label: msg`Find` },
  { screen: 'create', label: msg`Create` },
  { screen: 'edit', label: msg`Edit` },
  { screen: 'bulk', label: msg`Bulk` },
  { screen: 'authenticate', label: msg`Authenticate` },
  { screen: 'environments', label: msg`Environments` },
  { screen: 'activity', label: msg`Activity` },
]

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
          {NAVIGATION.map((item) => (
            <li key={item.screen}>
              <a
                href={hrefFor(item.screen)}
                aria-current={route.screen === item.screen ? 'page' : undefined}
              >
                {i18n._(item.label)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" ref={main} tabIndex={-1}>
        <KeychainNotice />
        {route.screen === 'lookup' ? <LookupScreen key={route.token} token={route.token} /> : null}
        {route.screen === 'find' ? <FindScreen /> : null}
        {route.screen === 'create' ? <CreateUserScreen /> : null}
        {route.screen === 'edit' ? <EditUserScreen token={route.token} /> : null}
        {route.screen === 'bulk' ? (
          <Suspense fallback={<Loading label={t`Opening Bulk…`} />}>
            <BulkScreen />
          </Suspense>
        ) : null}
        {route.screen === 'authenticate' ? (
          <AuthenticateScreen key={route.token} token={route.token} />
        ) : null}
        {route.screen === 'environments' ? <EnvironmentsScreen /> : null}
        {route.screen === 'activity' ? (
          <Suspense fallback={<Loading label={t`Opening Activity…`} />}>
            <ActivityScreen />
          </Suspense>
        ) : null}
      </main>
    </div>
  )
}
