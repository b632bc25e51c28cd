import { screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { ActivityEntry } from '@shared/activity'
import { said } from '@shared/messages'
import type { Language } from '@shared/messages/languages'
import { ok, type FakeAnswers } from '../../../test/fake-bridge'
import { failed } from '../../../test/failed'
import { renderWithApp } from '../../../test/render-with-app'
import { ActivityScreen } from './activity-screen'

const SERVICE = 'https://staging.acme.example'

function call(id: string, fields: Partial<ActivityEntry>): ActivityEntry {
  return {
    id,
    at: '2026-11-28T10:00:00.000Z',
    environmentId: 'staging-acme',
    environmentName: 'Staging ACME',
    operation: said('operationRetrieveUser'),
    method: 'GET',
    url: `${SERVICE}/api/v3/pendingCompanyUsers/ana-01`,
    proxy: null,
    routedBy: 'setting',
    network: null,
    requestHeaders: { apiKey: '$API_KEY', secretKey: '$SECRET_KEY' },
    requestBody: null,
    status: 200,
    responseBody: null,
    durationMs: 12,
    failure: null,
    expectedStatus: null,
    ...fields,
  }
}

const UNANSWERED = call('2', {
  status: null,
  proxy: 'http://proxy.acme.example:3128',
  failure: said('unreachable', { url: SERVICE }),
})
const PROBE = call('1', {
  operation: said('operationTestConnection'),
  url: `${SERVICE}/api/v3/pendingCompanyUsers/no-such-user`,
  status: 404,
  expectedStatus: 404,
})

/** Main's log, holding `entries` until the page clears it. */
function renderLog(language: Language, entries: ActivityEntry[], answers: FakeAnswers = {}) {
  let log = entries
  return renderWithApp(<ActivityScreen />, {
    language,
    answers: {
      'activity:list': () => ok({ entries: log }),
      'activity:clear': () => {
        const cleared = log.length
        log = []
        return ok({ cleared })
      },
      ...answers,
    },
  })
}

/** The calls, once main's log is in the list. */
async function calls(name: string): Promise<HTMLElement[]> {
  const list = await screen.findByRole('list', { name })
  return within(list).findAllByRole('listitem')
}

describe('the Activity screen', () => {
  it.each([
    { language: 'en', empty: 'No calls yet.', clear: 'Clear' },
    { language: 'es', empty: 'Aún no hay llamadas.', clear: 'Borrar' },
  ] as const)('$language: says there is no call yet, with nothing to clear', async (words) => {
    await renderLog(words.language, [])
    expect(await screen.findByText(words.empty)).toBeTruthy()
    expect(screen.getByRole('button', { name: words.clear })).toHaveProperty('disabled', true)
  })

  it('clears main’s log when asked, and says so', async () => {
    const { bridge } = await renderLog('en', [UNANSWERED, PROBE])
    expect(await calls('Calls')).toHaveLength(2)
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }))
    expect(await screen.findByText('No calls yet.')).toBeTruthy()
    expect(bridge.sent('activity:clear')).toHaveLength(1)
  })

  it.each([
    {
      language: 'en',
      list: 'Calls',
      failed: 'failed',
      says: `Could not reach ${SERVICE}`,
      proxy: 'Through the proxy http://proxy.acme.example:3128',
    },
    {
      language: 'es',
      list: 'Llamadas',
      failed: 'fallida',
      says: `No se pudo conectar con ${SERVICE}`,
      proxy: 'A través del proxy http://proxy.acme.example:3128',
    },
  ] as const)(
    '$language: a call with no answer says it failed, why, and by which proxy',
    async (words) => {
      await renderLog(words.language, [UNANSWERED, PROBE])
      const [unanswered] = await calls(words.list)
      if (!unanswered) throw new Error('no call listed')
      expect(within(unanswered).getByText(words.failed)).toBeTruthy()
      expect(unanswered.textContent).toContain(words.says)
      expect(unanswered.textContent).toContain(words.proxy)
    },
  )

  it.each([
    { language: 'en', list: 'Calls', says: '(the answer a connection test looks for)' },
    { language: 'es', list: 'Llamadas', says: '(la respuesta que busca una prueba de conexión)' },
  ] as const)(
    '$language: a connection test’s 404 is said to be the answer it looks for',
    async (words) => {
      await renderLog(words.language, [PROBE])
      const [probe] = await calls(words.list)
      expect(probe?.textContent).toContain(words.says)
    },
  )

  it('tells a log main could not read as a failure, not as an empty log', async () => {
    await renderLog('en', [], { 'activity:list': () => failed('INTERNAL') })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Something went wrong in the main process.')
    expect(screen.queryByText('No calls yet.')).toBeNull()
  })
})
