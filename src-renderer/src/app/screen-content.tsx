import { useLingui } from '@lingui/react/macro'
import { Suspense, use, useState, type ReactNode } from 'react'
import { Loading } from '../components/ui/page'
import type { Route } from '../lib/navigation'
import { SCREENS, type Screen } from '../lib/screens'
import { lazyScreen } from './lazy-screen'

// Each screen's code is a chunk of its own: the page starts with the shell alone, fetches the
// screen it opens on beside its words (see main.tsx), and any other the first time it is opened.
const LookupScreen = lazyScreen(() =>
  import('../features/users/components/lookup-screen').then((module) => module.LookupScreen),
)
const FindScreen = lazyScreen(() =>
  import('../features/find/components/find-screen').then((module) => module.FindScreen),
)
const CreateUserScreen = lazyScreen(() =>
  import('../features/users/components/create-user-screen').then(
    (module) => module.CreateUserScreen,
  ),
)
const EditUserScreen = lazyScreen(() =>
  import('../features/users/components/edit-user-screen').then((module) => module.EditUserScreen),
)
const BulkScreen = lazyScreen(() =>
  import('../features/bulk/components/bulk-screen').then((module) => module.BulkScreen),
)
const AuthenticateScreen = lazyScreen(() =>
  import('../features/sessions/components/authenticate-screen').then(
    (module) => module.AuthenticateScreen,
  ),
)
const EnvironmentsScreen = lazyScreen(() =>
  import('../features/environments/components/environments-screen').then(
    (module) => module.EnvironmentsScreen,
  ),
)
const ActivityScreen = lazyScreen(() =>
  import('../features/activity/components/activity-screen').then((module) => module.ActivityScreen),
)

interface ScreenEntry {
  code: { ready: () => Promise<void> }
  show: (token: string | null) => ReactNode
}

/**
 * Each screen of the registry (`lib/screens.ts`) as the main area shows it: a screen without an
 * entry here does not compile. A screen that reads a token from its address is keyed by it, so
 * that another token starts it afresh.
 */
const CONTENT: Record<Screen, ScreenEntry> = {
  lookup: { code: LookupScreen, show: (token) => <LookupScreen key={token} token={token} /> },
  find: { code: FindScreen, show: () => <FindScreen /> },
  create: { code: CreateUserScreen, show: () => <CreateUserScreen /> },
  edit: { code: EditUserScreen, show: (token) => <EditUserScreen token={token} /> },
  bulk: { code: BulkScreen, show: () => <BulkScreen /> },
  authenticate: {
    code: AuthenticateScreen,
    show: (token) => <AuthenticateScreen key={token} token={token} />,
  },
  environments: { code: EnvironmentsScreen, show: () => <EnvironmentsScreen /> },
  activity: { code: ActivityScreen, show: () => <ActivityScreen /> },
}

/**
 * Settles once the screen's code is here, or could not be fetched: waiting on it never throws
 * (showing the screen then does, as a lazy component's does).
 */
export function screenCodeReady(screen: Screen): Promise<void> {
  return CONTENT[screen].code.ready()
}

export function ScreenContent({ route }: { route: Route }) {
  const { t, i18n } = useLingui()
  // The window opens on a whole screen, not on "Opening…": until the first screen's code is here
  // (main.tsx asked for it beside the words) the page keeps showing nothing, as it does while the
  // words load. A screen opened later says it is opening, in the shell.
  const [opening] = useState(route.screen)
  if (route.screen === opening) use(screenCodeReady(route.screen))
  const name = i18n._(SCREENS[route.screen].label)
  return (
    <Suspense fallback={<Loading label={t`Opening ${name}…`} />}>
      {CONTENT[route.screen].show(route.token)}
    </Suspense>
  )
}
