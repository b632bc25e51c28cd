import { screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { ActivityEntry } from '@shared/activity'
import { said } from '@shared/messages'
import { ok } from '../../../test/fake-bridge'
import { renderWithApp } from '../../../test/render-with-app'
import { ActivityScreen } from './activity-screen'

const SERVICE = 'https://staging.acme.example'
const USERS = `${SERVICE}/api/v3/pendingCompanyUsers`

function call(id: string, fields: Partial<ActivityEntry>): ActivityEntry {
  return {
    id,
    at: '2026-11-28T10:00:00.000Z',
    environmentId: 'staging-acme',
    environmentName: 'Staging ACME',
    operation: said('operationRetrieveUser'),
    method: 'GET',
    url: USERS,
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

/** Five calls, newest first: each outcome a call can have, and tokens that need escaping. */
const LOG: ActivityEntry[] = [
  call('5', {
    operation: said('operationTestConnection'),
    url: `${USERS}/no-such-user`,
    status: 404,
    expectedStatus: 404,
  }),
  call('4', {
    operation: said('operationAuthenticate'),
    url: `${SERVICE}/2/authenticate?installationGuid=6f1c-guid&userToken=ana%40example.com`,
  }),
  call('3', { url: `${USERS}/luc%C3%ADa%20p%C3%A9rez`, status: null }),
  call('2', { operation: said('operationCreateUser'), method: 'POST', status: 409 }),
  call('1', { url: `${USERS}/ana%40example.com` }),
]

async function renderActivity(language: 'en' | 'es' = 'en') {
  await renderWithApp(<ActivityScreen />, {
    answers: {
      'preferences:get': () => ok({ language }),
      'activity:list': () => ok({ entries: LOG }),
    },
  })
  // The list is drawn before the log arrives: each test starts once the calls are in it.
  const list = await screen.findByRole('list', { name: /Calls|Llamadas/ })
  await within(list).findAllByRole('listitem')
}

const lines = () =>
  within(screen.getByRole('list', { name: /Calls|Llamadas/ }))
    .queryAllByRole('listitem')
    // The call's own line: the first code in its summary, before the details.
    .map((item) => within(item).getAllByRole('code')[0]?.textContent)

describe('the activity log', () => {
  it('shows tokens decoded for reading, and copies the call exactly as it was sent', async () => {
    const user = userEvent.setup()
    await renderActivity()
    const list = await screen.findByRole('list', { name: 'Calls' })
    expect(lines()).toEqual([
      'GET /api/v3/pendingCompanyUsers/no-such-user',
      'GET /2/authenticate',
      'GET /api/v3/pendingCompanyUsers/lucía pérez',
      'POST /api/v3/pendingCompanyUsers',
      'GET /api/v3/pendingCompanyUsers/ana@example.com',
    ])
    expect(list.textContent).toContain(
      `${SERVICE}/2/authenticate?installationGuid=6f1c-guid&userToken=ana@example.com`,
    )
    expect(list.textContent).not.toContain('%40')

    const first = within(list).getAllByRole('listitem').at(-1) ?? list
    await user.click(within(first).getByText('Retrieve user'))
    expect(within(first).getByText(`${USERS}/ana@example.com`)).toBeTruthy()
    await user.click(within(first).getByRole('button', { name: 'Copy cURL command' }))
    const copied = await navigator.clipboard.readText()
    expect(copied).toContain(`'${USERS}/ana%40example.com'`)
  })

  it('finds calls by words in their method, URL, status or operation', async () => {
    const user = userEvent.setup()
    await renderActivity()
    const find = await screen.findByRole('searchbox', { name: 'Filter' })
    // Said in a polite live region as the list narrows.
    const said = (text: string) => {
      expect(screen.getAllByRole('status').map((region) => region.textContent)).toContain(text)
    }

    await user.type(find, 'ana@example')
    expect(lines()).toEqual([
      'GET /2/authenticate',
      'GET /api/v3/pendingCompanyUsers/ana@example.com',
    ])
    said('2 calls of 5 match the filter.')
    await user.clear(find)
    await user.type(find, '409')
    expect(lines()).toEqual(['POST /api/v3/pendingCompanyUsers'])
    await user.clear(find)
    // Every word counts, in any case: the operation's name and the status the line shows.
    await user.type(find, 'RETRIEVE failed')
    expect(lines()).toEqual(['GET /api/v3/pendingCompanyUsers/lucía pérez'])
    said('1 call of 5 matches the filter.')
    await user.clear(find)
    await user.type(find, 'nobody')
    expect(lines()).toEqual([])
    said('No call of 5 matches the filter.')
  })

  it('shows the failed calls only: refused or unanswered, not a probe’s expected 404', async () => {
    const user = userEvent.setup()
    await renderActivity()
    const outcome = await screen.findByRole('combobox', { name: 'Outcome' })
    await user.selectOptions(outcome, 'Failed (refused or no answer)')
    expect(lines()).toEqual([
      'GET /api/v3/pendingCompanyUsers/lucía pérez',
      'POST /api/v3/pendingCompanyUsers',
    ])
    await user.selectOptions(outcome, 'Passed')
    expect(lines()).toHaveLength(3)
    await user.selectOptions(outcome, 'All calls')
    expect(lines()).toHaveLength(5)
  })

  it('finds calls by the words a Spanish page shows', async () => {
    const user = userEvent.setup()
    await renderActivity('es')
    await user.type(await screen.findByRole('searchbox', { name: 'Filtrar' }), 'crear')
    expect(lines()).toEqual(['POST /api/v3/pendingCompanyUsers'])
    expect(screen.getByText('1 llamada de 5 coincide con el filtro.')).toBeTruthy()
    const outcome = screen.getByRole('combobox', { name: 'Resultado' })
    await user.selectOptions(outcome, 'Fallidas (rechazadas o sin respuesta)')
    await user.clear(screen.getByRole('searchbox', { name: 'Filtrar' }))
    await user.type(screen.getByRole('searchbox', { name: 'Filtrar' }), 'fallida')
    expect(lines()).toEqual(['GET /api/v3/pendingCompanyUsers/lucía pérez'])
  })
})
