import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { lazy, Suspense, type ReactNode } from 'react'
import { EnvironmentsScreen } from '../features/environments/components/environments-screen'
import { FindScreen } from '../features/find/components/find-screen'
import { AuthenticateScreen } from '../features/sessions/components/authenticate-screen'
import { CreateUserScreen } from '../features/users/components/create-user-screen'
import { EditUserScreen } from '../features/users/components/edit-user-screen'
import { LookupScreen } from '../features/users/components/lookup-screen'
import { Loading } from '../components/ui/page'
import type { Route } from '../lib/navigation'
import type { Screen } from '../lib/screens'

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

function Opening({ label, children }: { label: MessageDescriptor; children: ReactNode }) {
  const { i18n } = useLingui()
  return <Suspense fallback={<Loading label={i18n._(label)} />}>{children}</Suspense>
}

/**
 * Each screen of the registry (`lib/screens.ts`) as the main area shows it: a screen without an
 * entry here does not compile. A screen that reads a token from its address is keyed by it, so
 * that another token starts it afresh.
 */
const CONTENT: Record<Screen, (token: string | null) => ReactNode> = {
  lookup: (token) => <LookupScreen key={token} token={token} />,
  find: () => <FindScreen />,
  create: () => <CreateUserScreen />,
  edit: (token) => <EditUserScreen token={token} />,
  bulk: () => (
    <Opening label={msg`Opening Bulk…`}>
      <BulkScreen />
    </Opening>
  ),
  authenticate: (token) => <AuthenticateScreen key={token} token={token} />,
  environments: () => <EnvironmentsScreen />,
  activity: () => (
    <Opening label={msg`Opening Activity…`}>
      <ActivityScreen />
    </Opening>
  ),
}

export function ScreenContent({ route }: { route: Route }) {
  return CONTENT[route.screen](route.token)
}
