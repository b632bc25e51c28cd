import { screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { Language } from '@shared/messages/languages'
import { ok, type FakeAnswers } from '../../../test/fake-bridge'
import { failed } from '../../../test/failed'
import { renderWithApp } from '../../../test/render-with-app'
import { storedUser } from '../../../test/users'
import { LookupScreen } from './lookup-screen'

const lookUp = (
  token: string | null,
  language: Language,
  retrieve: FakeAnswers['users:retrieve'],
) =>
  renderWithApp(<LookupScreen token={token} />, {
    language,
    answers: { 'users:retrieve': retrieve },
  })

describe('Look up', () => {
  afterEach(() => {
    window.location.hash = ''
  })

  it.each([
    { language: 'en', title: 'No user with this token', says: 'The service has no such user.' },
    {
      language: 'es',
      title: 'No hay ningún usuario con este token',
      says: 'El servicio no tiene ese usuario.',
    },
  ] as const)('$language: an unknown token reads as such', async (words) => {
    await lookUp('nobody-has-this-token', words.language, () => failed('NOT_FOUND'))
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText(words.title)).toBeTruthy()
    expect(alert.textContent).toContain(words.says)
  })

  it('refused credentials are named as such, not as an unknown user', async () => {
    await lookUp('ana-01', 'en', () => failed('UNAUTHORIZED'))
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Credentials refused')).toBeTruthy()
    expect(alert.textContent).not.toContain('No user with this token')
  })

  it.each([
    { language: 'en', user: 'User', edit: 'Edit', authenticate: 'Authenticate' },
    { language: 'es', user: 'Usuario', edit: 'Editar', authenticate: 'Autenticar' },
  ] as const)(
    '$language: shows the user the service holds, with where to go next',
    async (words) => {
      await lookUp('ana-01', words.language, ({ token }) => ok(storedUser({ token })))
      const card = await screen.findByRole('region', { name: words.user })
      expect(card.textContent).toContain('ana@example.com')
      expect(card.textContent).toContain('12345678Z')
      expect(within(card).getByRole('link', { name: words.edit }).getAttribute('href')).toContain(
        'ana-01',
      )
      expect(
        within(card).getByRole('link', { name: words.authenticate }).getAttribute('href'),
      ).toContain('ana-01')
    },
  )

  it('reads the service again when the same token is looked up again', async () => {
    let reads = 0
    const { bridge } = await lookUp('ana-01', 'en', ({ token }) => {
      reads += 1
      return ok(storedUser({ token, firstname: reads === 1 ? 'Ana' : 'Anabel' }))
    })
    expect((await screen.findByRole('region', { name: 'User' })).textContent).toContain('Ana')
    await userEvent.click(screen.getByRole('button', { name: 'Look up' }))
    await waitFor(() => expect(bridge.sent('users:retrieve')).toHaveLength(2))
    expect(await screen.findByText('Anabel')).toBeTruthy()
  })

  it('opens the look-up of another token typed, asking nothing of a token left empty', async () => {
    const { bridge } = await lookUp(null, 'es', ({ token }) => ok(storedUser({ token })))
    await userEvent.click(screen.getByRole('button', { name: 'Consultar' }))
    const token = screen.getByRole('textbox', { name: 'Token' })
    await waitFor(() => expect(token.getAttribute('aria-invalid')).toBe('true'))
    expect(bridge.sent('users:retrieve')).toEqual([])

    await userEvent.type(token, 'luis-02')
    await userEvent.click(screen.getByRole('button', { name: 'Consultar' }))
    await waitFor(() => expect(window.location.hash).toContain('luis-02'))
  })
})
