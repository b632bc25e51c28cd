import { QueryClientProvider } from '@tanstack/react-query'
import { WriteGuardProvider } from '../components/write-guard'
import { useActiveEnvironment } from '../features/environments/api/list-environments'
import { LanguageProvider } from '../i18n/language-provider'
import { queryClient } from '../lib/query-client'
import { AppShell } from './app-shell'
import { ThemeFollower } from './theme'

function GuardedShell() {
  const active = useActiveEnvironment()
  return (
    <WriteGuardProvider environment={active}>
      <AppShell />
    </WriteGuardProvider>
  )
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      {/* Before the words load: the page's first colours are already the chosen theme's. */}
      <ThemeFollower />
      <LanguageProvider>
        <GuardedShell />
      </LanguageProvider>
    </QueryClientProvider>
  )
}
