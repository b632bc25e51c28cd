import { screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { said } from '@shared/messages'
import type { Language } from '@shared/messages/languages'
import { describedBy } from '../../../test/described-by'
import { ok, type FakeAnswers } from '../../../test/fake-bridge'
import { failed } from '../../../test/failed'
import { renderWithApp } from '../../../test/render-with-app'
import { storedUser } from '../../../test/users'
import { CreateUserScreen } from './create-user-screen'

const CREATE = { en: 'Create user', es: 'Crear usuario' } as const

/** The form with a token typed, sent to a main that answers `create`. */
async function createAs(language: Language, create: FakeAnswers['users:create']) {
  const view = await renderWithApp(<CreateUserScreen />, {
    language,
    answers: { 'users:create': create },
  })
  await userEvent.type(screen.getByRole('textbox', { name: 'Token' }), 'dup-1')
  await userEvent.click(screen.getByRole('button', { name: CREATE[language] }))
  return view
}

// As answer-errors.ts reads the sandbox's 409: its usual words, the token named by the service.
const TAKEN = () => failed('CONFLICT', { fields: { token: said('tokenTaken') } })

describe('what main answers a Create', () => {
  it.each([
    { language: 'en', title: 'Already exists', says: 'token is already taken by another user' },
    { language: 'es', title: 'Ya existe', says: 'token ya lo tiene otro usuario' },
  ] as const)('$language: a token taken is refused, and the token named', async (words) => {
    await createAs(words.language, TAKEN)
    // One alert says the refusal; the token's own says why, beside it.
    const alerts = await screen.findAllByRole('alert')
    expect(alerts.filter((alert) => within(alert).queryByText(words.title))).toHaveLength(1)
    const token = screen.getByRole('textbox', { name: 'Token' })
    await waitFor(() => expect(token.getAttribute('aria-invalid')).toBe('true'))
    expect(describedBy(token)).toContain(words.says)
    expect(screen.queryByText(/User created|Usuario creado/)).toBeNull()
  })

  it.each([
    { language: 'en', created: 'User created.', another: 'Create another' },
    { language: 'es', created: 'Usuario creado.', another: 'Crear otro' },
  ] as const)('$language: a user created is shown, and another can be begun', async (words) => {
    await createAs(words.language, ({ user }) => ok({ record: storedUser(user), note: null }))
    expect(await screen.findByText(words.created)).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: words.another }))
    expect(screen.getByRole('textbox', { name: 'Token' })).toHaveProperty('value', '')
    expect(screen.queryByText(words.created)).toBeNull()
  })

  it('a create whose outcome main could not settle says to look the token up first', async () => {
    await createAs('en', () => failed('OUTCOME_UNKNOWN'))
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Outcome unknown')).toBeTruthy()
    expect(alert.textContent).toContain('Look up the token before trying again.')
  })
})
