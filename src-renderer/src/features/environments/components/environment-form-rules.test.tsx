import { screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Language } from '@shared/messages/languages'
import { describedBy } from '../../../test/described-by'
import { renderWithApp } from '../../../test/render-with-app'
import { EnvironmentForm } from './environment-form'

const LABELS = {
  en: {
    name: 'Name',
    baseUrl: 'Base URL',
    timeoutMs: 'Timeout (ms)',
    maxResponseKiB: 'Largest answer (KiB)',
    add: 'Add environment',
  },
  es: {
    name: 'Nombre',
    baseUrl: 'URL base',
    timeoutMs: 'Tiempo de espera (ms)',
    maxResponseKiB: 'Respuesta máxima (KiB)',
    add: 'Añadir entorno',
  },
} as const

type Field = 'name' | 'baseUrl' | 'timeoutMs' | 'maxResponseKiB'

const field = (language: Language, name: Field) =>
  name === 'timeoutMs' || name === 'maxResponseKiB'
    ? screen.getByRole('spinbutton', { name: LABELS[language][name] })
    : screen.getByRole('textbox', { name: LABELS[language][name] })

async function replace(element: HTMLElement, value: string) {
  await userEvent.clear(element)
  // Pasted: the rules read the whole value, and typing each key is slow on a busy machine.
  if (value !== '') {
    await userEvent.click(element)
    await userEvent.paste(value)
  }
}

/**
 * A new environment, valid but for one field (and its kind), submitted: the field marked with
 * the rule's words, and nothing sent to main.
 */
async function refusedField(
  language: Language,
  changed: Field,
  value: string,
  kind: 'staging' | 'production' = 'staging',
) {
  const { bridge } = await renderWithApp(<EnvironmentForm onDone={() => undefined} />, {
    language,
  })
  await replace(field(language, 'name'), 'Pruebas ACME')
  await replace(field(language, 'baseUrl'), 'https://staging.acme.example')
  await userEvent.selectOptions(screen.getByRole('combobox', { name: /^(Kind|Tipo)$/ }), kind)
  await replace(field(language, changed), value)
  await userEvent.click(screen.getByRole('button', { name: LABELS[language].add }))
  const refused = field(language, changed)
  await waitFor(() => expect(refused.getAttribute('aria-invalid')).toBe('true'))
  expect(bridge.sent('environments:save')).toEqual([])
  return describedBy(refused)
}

const RULES = [
  {
    rule: 'a name left blank',
    field: 'name',
    value: '   ',
    en: 'Name must not be empty',
    es: 'El campo «Nombre» no puede estar vacío',
  },
  {
    rule: 'a name over 60 characters',
    field: 'name',
    value: 'x'.repeat(61),
    en: 'Name must be at most 60 characters',
    es: 'El campo «Nombre» admite como máximo 60 caracteres',
  },
  {
    rule: 'an address that is not http(s)',
    field: 'baseUrl',
    value: 'ftp://files.acme.example',
    en: 'Base URL must be an http:// or https:// URL',
    es: 'URL base debe ser una URL http:// o https://',
  },
  {
    rule: 'plain http to another machine',
    field: 'baseUrl',
    value: 'http://staging.acme.example',
    en: 'http:// is allowed only on this machine (localhost, 127.0.0.1, [::1]); use https:// for a staging environment elsewhere',
    es: 'http:// solo se permite en este equipo (localhost, 127.0.0.1, [::1]); usa https:// para un entorno de preproducción en otro equipo',
  },
  {
    rule: 'a user name and password in the address',
    field: 'baseUrl',
    value: 'https://ana:s3cret@staging.acme.example',
    en: 'Base URL must not carry a user name or password (user@host): set the API key and secret key instead',
    es: 'URL base no puede llevar usuario ni contraseña (usuario@host): configura la API key y la secret key',
  },
  {
    rule: 'a timeout under a second',
    field: 'timeoutMs',
    value: '500',
    en: 'Timeout (ms) must be at least 1,000',
    es: 'Tiempo de espera (ms) debe ser como mínimo 1000',
  },
  {
    rule: 'a timeout over two minutes',
    field: 'timeoutMs',
    value: '999999',
    en: 'Timeout (ms) must be at most 120,000',
    es: 'Tiempo de espera (ms) debe ser como máximo 120.000',
  },
  {
    rule: 'a timeout in parts of a millisecond',
    field: 'timeoutMs',
    value: '1500.5',
    en: 'Timeout (ms) must be a whole number of milliseconds',
    es: 'Tiempo de espera (ms) debe ser un número entero de milisegundos',
  },
  {
    rule: 'a largest answer under 64 KiB',
    field: 'maxResponseKiB',
    value: '10',
    en: 'Largest answer (KiB) must be at least 64',
    es: 'Respuesta máxima (KiB) debe ser como mínimo 64',
  },
] as const

describe.each(RULES)('the environment form refuses $rule', (rule) => {
  it('naming the field by its label, and sends nothing', async () => {
    expect(await refusedField('en', rule.field, rule.value)).toContain(rule.en)
  })

  it('in Spanish', async () => {
    expect(await refusedField('es', rule.field, rule.value)).toContain(rule.es)
  })
})

describe('plain http', () => {
  it.each([
    {
      language: 'en',
      says: 'a production environment must use https://: over http:// its API key and secret key would cross the network in clear',
    },
    {
      language: 'es',
      says: 'un entorno de producción debe usar https://: por http:// su API key y su secret key cruzarían la red sin cifrar',
    },
  ] as const)(
    '$language: a production environment is refused it even on this machine',
    async ({ language, says }) => {
      expect(
        await refusedField(language, 'baseUrl', 'http://localhost:8080', 'production'),
      ).toContain(says)
    },
  )

  it('a staging one takes plain http on this machine, sent without its last slash', async () => {
    const { bridge } = await renderWithApp(<EnvironmentForm onDone={() => undefined} />, {
      answers: { 'environments:save': () => new Promise(() => undefined) },
    })
    await replace(field('en', 'name'), 'Local')
    await replace(field('en', 'baseUrl'), 'http://localhost:8080/')
    await userEvent.click(screen.getByRole('button', { name: 'Add environment' }))
    await waitFor(() => expect(bridge.sent('environments:save')).toHaveLength(1))
    expect(bridge.sent('environments:save')[0]).toMatchObject({ baseUrl: 'http://localhost:8080' })
  })
})
