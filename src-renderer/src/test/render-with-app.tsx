import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, waitFor, type RenderResult } from '@testing-library/react'
import type { ReactNode } from 'react'
import type { Language } from '@shared/messages/languages'
import { WriteGuardProvider, type GuardedEnvironment } from '../components/write-guard'
import { LanguageProvider } from '../i18n/language-provider'
import { fakeBridge, ok, type FakeAnswers, type FakeBridge } from './fake-bridge'

export const STAGING: GuardedEnvironment = { name: 'Staging', kind: 'staging' }

export interface AppRender extends RenderResult {
  bridge: FakeBridge
}

interface AppOptions {
  answers?: FakeAnswers
  environment?: GuardedEnvironment
  /**
   * The language the user chose, as main keeps it in the preferences: the page loads its real
   * catalogs for it. Left out, the page follows the system's (English here); an answer to
   * `preferences:get` in `answers` is read instead.
   */
  language?: Language
}

/**
 * Renders a piece of the page inside what main.tsx gives every screen (a query client, the
 * page's language with its real catalogs, the write guard over `environment`), talking to main
 * through a fake bridge. Resolves once the words are loaded and the piece is on screen.
 */
export async function renderWithApp(
  ui: ReactNode,
  { answers = {}, environment = STAGING, language }: AppOptions = {},
): Promise<AppRender> {
  const chosen: FakeAnswers = language ? { 'preferences:get': () => ok({ language }) } : {}
  const bridge = fakeBridge({ ...chosen, ...answers })
  window.integratorConsole = bridge.api
  // Its own client per test: nothing cached by one test answers another.
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  const result = render(
    <QueryClientProvider client={client}>
      <LanguageProvider>
        <WriteGuardProvider environment={environment}>{ui}</WriteGuardProvider>
      </LanguageProvider>
    </QueryClientProvider>,
  )
  // The language provider shows nothing until the catalogs are in.
  await waitFor(() => {
    if (!result.container.hasChildNodes()) throw new Error('the page has not shown yet')
  })
  return { ...result, bridge }
}
