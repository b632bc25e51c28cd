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
import { EditUserScreen } from './edit-user-screen'

const WORDS = {
  en: { email: 'Email', review: 'Review changes', save: 'Save changes' },
  es: { email: 'Correo electrónico', review: 'Revisar cambios', save: 'Guardar cambios' },
} as const

function editAs(language: Language, update: FakeAnswers['users:update']) {
  return renderWithApp(<EditUserScreen token="ana-01" />, {
    language,
    answers: { 'users:retrieve': () => ok(storedUser()), 'users:update': update },
  })
}

async function changeEmail(language: Language, email: string) {
  const field = await screen.findByRole('textbox', { name: WORDS[language].email })
  await userEvent.clear(field)
  await userEvent.type(field, email)
  await userEvent.click(screen.getByRole('button', { name: WORDS[language].review }))
  return field
}

describe('the edit form', () => {
  it.each([
    { language: 'en', says: 'Email must be a valid email address' },
    { language: 'es', says: 'El campo «Correo electrónico» no es una dirección de correo válida' },
  ] as const)(
    '$language: holds the same field rules as Create, and reviews nothing',
    async (words) => {
      const { bridge } = await editAs(words.language, () =>
        ok({ record: storedUser(), note: null }),
      )
      const email = await changeEmail(words.language, 'ana@')
      await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'))
      expect(describedBy(email)).toContain(words.says)
      expect(screen.queryByRole('button', { name: WORDS[words.language].save })).toBeNull()
      expect(bridge.sent('users:update')).toEqual([])
    },
  )

  it.each([
    { language: 'en', says: 'The service refused the input.' },
    { language: 'es', says: 'El servicio rechazó los datos.' },
  ] as const)('$language: a field the service refuses is marked after the save', async (words) => {
    // As answer-errors.ts reads a 422 that names the field.
    const refusal = failed('VALIDATION', {
      said: said('answerValidation'),
      status: 422,
      fields: { email: said('email', { field: 'email' }) },
    })
    await editAs(words.language, () => refusal)
    const email = await changeEmail(words.language, 'ana.garcia@example.com')
    await userEvent.click(await screen.findByRole('button', { name: WORDS[words.language].save }))
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'))
    const alerts = screen.getAllByRole('alert')
    expect(alerts.some((alert) => alert.textContent.includes(words.says))).toBe(true)
  })

  it('says saved once main took the change', async () => {
    const { bridge } = await editAs('en', ({ changes }) =>
      ok({ record: storedUser(changes), note: null }),
    )
    await changeEmail('en', 'ana.garcia@example.com')
    await userEvent.click(await screen.findByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Saved.')).toBeTruthy()
    expect(bridge.sent('users:update')[0]?.changes).toMatchObject({
      email: 'ana.garcia@example.com',
    })
  })

  it('a user that cannot be read is told, and no form is offered', async () => {
    await renderWithApp(<EditUserScreen token="gone-01" />, {
      answers: { 'users:retrieve': () => failed('NOT_FOUND') },
    })
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Not found')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Review changes' })).toBeNull()
  })
})
