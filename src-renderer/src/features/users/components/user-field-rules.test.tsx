import { screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Language } from '@shared/messages/languages'
import { describedBy } from '../../../test/described-by'
import { ok } from '../../../test/fake-bridge'
import { renderWithApp } from '../../../test/render-with-app'
import { storedUser } from '../../../test/users'
import { CreateUserScreen } from './create-user-screen'

/** The fields as each language labels them, and the form's button. */
const LABELS = {
  en: {
    token: 'Token',
    email: 'Email',
    nid_number: 'ID number (DNI/NIE)',
    birthdate: 'Birthdate',
    mobile_phone: 'Mobile phone',
    firstname: 'First name',
    company_group_code: 'Company group code',
    create: 'Create user',
  },
  es: {
    token: 'Token',
    email: 'Correo electrónico',
    nid_number: 'DNI/NIE',
    birthdate: 'Fecha de nacimiento',
    mobile_phone: 'Móvil',
    firstname: 'Nombre',
    company_group_code: 'Código de grupo de empresa',
    create: 'Crear usuario',
  },
} as const

type Field = Exclude<keyof (typeof LABELS)['en'], 'create'>

/** A new user with a token and one field typed as given, submitted: its words under the field. */
async function refused(language: Language, field: Field, value: string): Promise<string> {
  const { bridge } = await renderWithApp(<CreateUserScreen />, { language })
  const labels = LABELS[language]
  if (field !== 'token') await userEvent.type(screen.getByRole('textbox', { name: 'Token' }), 'u-1')
  const input = screen.getByRole('textbox', { name: labels[field] })
  if (value !== '') {
    // Pasted: the rules read the whole value, and typing long ones key by key is slow.
    await userEvent.click(input)
    await userEvent.paste(value)
  }
  await userEvent.click(screen.getByRole('button', { name: labels.create }))
  await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'))
  expect(bridge.sent('users:create')).toEqual([])
  return describedBy(input)
}

const RULES = [
  {
    rule: 'a token left empty',
    field: 'token',
    value: '',
    en: 'Token must not be empty',
    es: 'El campo «Token» no puede estar vacío',
  },
  {
    rule: 'an email a browser would not take',
    field: 'email',
    value: 'not-an-email',
    en: 'Email must be a valid email address as a browser takes one, like name@example.com',
    es: 'El campo «Correo electrónico» no es una dirección de correo válida: escríbela como la acepta un navegador',
  },
  {
    rule: 'a DNI whose control letter is wrong',
    field: 'nid_number',
    value: '12345678A',
    en: 'ID number (DNI/NIE) must be a Spanish DNI (8 digits + control letter, e.g. 12345678Z) or NIE (X/Y/Z + 7 digits + control letter) with a correct control letter',
    es: 'El campo «DNI/NIE» no es válido: debe ser un DNI español (8 cifras + letra de control, p. ej. 12345678Z) o un NIE (X/Y/Z + 7 cifras + letra de control) con la letra de control correcta',
  },
  {
    rule: 'a NIE whose control letter is wrong',
    field: 'nid_number',
    value: 'X1234567A',
    en: 'ID number (DNI/NIE) must be a Spanish DNI',
    es: 'El campo «DNI/NIE» no es válido',
  },
  {
    rule: 'a birthdate that is no day of the calendar',
    field: 'birthdate',
    value: '1990-02-30',
    en: 'Birthdate is not a day of the calendar',
    es: 'El campo «Fecha de nacimiento» no es un día del calendario',
  },
  {
    rule: 'a birthdate before 1900',
    field: 'birthdate',
    value: '1899-12-31',
    en: 'Birthdate must not be before 1900-01-01',
    es: 'El campo «Fecha de nacimiento» no puede ser anterior al',
  },
  {
    rule: 'a birthdate in the future',
    field: 'birthdate',
    value: '2999-01-01',
    en: 'Birthdate must not be in the future',
    es: 'El campo «Fecha de nacimiento» no puede ser una fecha futura',
  },
  {
    rule: 'a birthdate written neither way',
    field: 'birthdate',
    value: 'May 17th',
    en: 'Birthdate must be a date written YYYY-MM-DD or day first, as 17/05/1990',
    es: 'El campo «Fecha de nacimiento» debe ser una fecha escrita dd/mm/aaaa, como 17/05/1990, o AAAA-MM-DD',
  },
  {
    rule: 'a mobile with a foreign prefix',
    field: 'mobile_phone',
    value: '+44 7700 900123',
    en: 'Mobile phone starts with a country prefix other than +34',
    es: 'El campo «Móvil» empieza por un prefijo de país distinto de +34',
  },
  {
    rule: 'a first name over 100 characters',
    field: 'firstname',
    value: 'x'.repeat(101),
    en: 'First name must be at most 100 characters',
    es: 'El campo «Nombre» admite como máximo 100 caracteres',
  },
  {
    rule: 'a company group code over 100 characters',
    field: 'company_group_code',
    value: 'x'.repeat(101),
    en: 'Company group code must be at most 100 characters',
    es: 'El campo «Código de grupo de empresa» admite como máximo 100 caracteres',
  },
] as const

describe.each(RULES)('the user form refuses $rule', (rule) => {
  it('beside the field, naming it by its label, and sends nothing', async () => {
    expect(await refused('en', rule.field, rule.value)).toContain(rule.en)
  })

  it('in Spanish', async () => {
    expect(await refused('es', rule.field, rule.value)).toContain(rule.es)
  })
})

describe('the user form takes', () => {
  it.each([
    { value: 'X1234567L', sent: 'X1234567L' },
    { value: '12.345.678-z', sent: '12345678Z' },
  ])('the ID number $value, sent as $sent', async ({ value, sent }) => {
    const { bridge } = await renderWithApp(<CreateUserScreen />, {
      answers: { 'users:create': ({ user }) => ok({ record: storedUser(user), note: null }) },
    })
    await userEvent.type(screen.getByRole('textbox', { name: 'Token' }), 'u-1')
    await userEvent.type(screen.getByRole('textbox', { name: 'ID number (DNI/NIE)' }), value)
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }))
    await waitFor(() => expect(bridge.sent('users:create')).toHaveLength(1))
    expect(bridge.sent('users:create')[0]?.user).toMatchObject({ nid_number: sent })
  })

  it('a Spanish mobile written with +34 and spaces, sent as digits', async () => {
    const { bridge } = await renderWithApp(<CreateUserScreen />, {
      answers: { 'users:create': ({ user }) => ok({ record: storedUser(user), note: null }) },
    })
    await userEvent.type(screen.getByRole('textbox', { name: 'Token' }), 'u-1')
    await userEvent.type(screen.getByRole('textbox', { name: 'Mobile phone' }), '+34 600 111 222')
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }))
    await waitFor(() => expect(bridge.sent('users:create')).toHaveLength(1))
    expect(bridge.sent('users:create')[0]?.user.mobile_phone).toMatch(/^(\+34)?600111222$/)
  })
})
