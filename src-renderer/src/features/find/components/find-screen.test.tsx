import { screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { KnownUser, KnownUsersSettings } from '@shared/known-users'
import { ok } from '../../../test/fake-bridge'
import { renderWithApp } from '../../../test/render-with-app'
import { FindScreen } from './find-screen'

const JOSE: KnownUser = {
  environmentId: 'staging',
  token: 'tok-jose',
  email: 'jose@example.com',
  nid_number: '12345678Z',
  firstname: 'José',
  lastname: 'García',
  source: 'imported',
  lastSeen: '2026-11-20T09:30:00.000Z',
}

/** Main as the core answers: a list that is on, holding José, found by any part of his name. */
function renderFind(initial: KnownUsersSettings = { enabled: true, retentionDays: 30 }) {
  let settings = initial
  return renderWithApp(<FindScreen />, {
    answers: {
      'users:knownSettings': () => ok(settings),
      'users:setKnownSettings': (next) => {
        settings = next
        return ok(next)
      },
      'users:forgetKnown': () => ok({ forgotten: 1 }),
      'users:find': ({ text }) => {
        const known = settings.enabled ? [JOSE] : []
        const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
        const matches = known.filter((user) =>
          fold(`${user.firstname} ${user.lastname}`).includes(fold(text)),
        )
        return ok({ settings, matches, matched: matches.length, known: known.length })
      },
    },
  })
}

describe('Find a user', () => {
  it('finds a known user by name and opens a fresh Look up of the token', async () => {
    const { bridge } = await renderFind()
    await userEvent.type(screen.getByRole('searchbox', { name: 'Email, DNI/NIE or name' }), 'josé')
    const table = await screen.findByRole('table', { name: 'Known users' })
    await waitFor(() => expect(bridge.sent('users:find').at(-1)).toEqual({ text: 'josé' }))
    const row = within(table).getByRole('row', { name: /José García/ })
    expect(within(row).getByText('Imported in bulk')).toBeTruthy()
    expect(within(row).getByText('12345678Z')).toBeTruthy()
    const open = within(row).getByRole('link', { name: 'Look up José García' })
    expect(open.getAttribute('href')).toBe('#/lookup/tok-jose')
  })

  it('says when nothing matches what was typed', async () => {
    await renderFind()
    await userEvent.type(screen.getByRole('searchbox', { name: 'Email, DNI/NIE or name' }), 'maría')
    expect(await screen.findByText('No known user matches “maría”.')).toBeTruthy()
  })

  it('is off until turned on, and sends the retention chosen', async () => {
    const { bridge } = await renderFind({ enabled: false, retentionDays: 30 })
    expect(
      await screen.findByText('The list is off: turn it on above to find users here.'),
    ).toBeTruthy()
    const toggle = screen.getByRole('checkbox', {
      name: 'Keep a list of the users this console sees',
    })
    expect((toggle as HTMLInputElement).checked).toBe(false)
    await userEvent.click(toggle)
    await waitFor(() =>
      expect(bridge.sent('users:setKnownSettings')).toEqual([{ enabled: true, retentionDays: 30 }]),
    )
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Keep each user for' }),
      '7 days after it was last seen',
    )
    await waitFor(() =>
      expect(bridge.sent('users:setKnownSettings').at(-1)).toEqual({
        enabled: true,
        retentionDays: 7,
      }),
    )
  })

  it('asks before turning the list off, which forgets every environment’s users', async () => {
    const { bridge } = await renderFind()
    const toggle = await screen.findByRole('checkbox', {
      name: 'Keep a list of the users this console sees',
    })
    await userEvent.click(toggle)
    const ask = screen.getByRole('group', {
      name: 'Turn the list off? It forgets every user in it, in every environment.',
    })
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep the list' }))
    expect((toggle as HTMLInputElement).checked).toBe(true)
    expect(bridge.sent('users:setKnownSettings')).toEqual([])

    await userEvent.click(toggle)
    await userEvent.click(screen.getByRole('button', { name: 'Turn off and forget' }))
    await waitFor(() =>
      expect(bridge.sent('users:setKnownSettings')).toEqual([
        { enabled: false, retentionDays: 30 },
      ]),
    )
    expect((toggle as HTMLInputElement).checked).toBe(false)
  })

  it('asks before Forget all, then forgets every environment’s list and says how many', async () => {
    const { bridge } = await renderFind()
    const forgetAll = await screen.findByRole('button', { name: 'Forget all (every environment)' })
    await userEvent.click(forgetAll)
    const ask = () =>
      screen.getByRole('group', {
        name: 'Forget every user in the list, in every environment? The list stays on.',
      })
    await userEvent.click(within(ask()).getByRole('button', { name: 'Keep the list' }))
    expect(bridge.sent('users:forgetKnown')).toEqual([])

    await userEvent.click(forgetAll)
    await userEvent.click(within(ask()).getByRole('button', { name: 'Forget all' }))
    expect(await screen.findByText('Forgot 1 user, in every environment.')).toBeTruthy()
    expect(bridge.sent('users:forgetKnown')).toHaveLength(1)
  })
})
