/* eslint-disable testing-library/no-node-access --
   A step's head and its message, and a card's kind badge, are parts no role or name tells
   apart: they are found by their class. */
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ConnectionTest } from '@shared/ipc'
import { said } from '@shared/messages'
import { ok } from '../../../test/fake-bridge'
import { renderWithApp } from '../../../test/render-with-app'
import { ConnectionResult } from './connection-result'
import { EnvironmentCard } from './environment-card'
import { passed, skipped } from '../test/diagnosis-fixture-kit'
import { ENVIRONMENT } from '../test/environment-fixtures'

const network = [
  passed('resolve', said('resolved', { host: 'staging.acme.example', address: '203.0.113.10' })),
  skipped('proxy', said('direct', { because: said('becauseSetting') })),
  passed('connect', said('connectedTo', { target: '203.0.113.10:443' })),
  passed('tls', said('tlsNotUsed')),
]

// As the core's credentialsNotSet makes it: every network step passed, no call was made.
const missing = said('credentialsMissing', { environment: 'Staging ACME' })
const NOT_SET: ConnectionTest = {
  outcome: 'credentialsNotSet',
  said: missing,
  status: null,
  durationMs: 40,
  missingSecrets: [],
  steps: [
    ...network,
    skipped('http', said('notCalledWithoutCredentials')),
    skipped('credentials', missing),
  ],
  failedStep: null,
}

const CONNECTED: ConnectionTest = {
  outcome: 'ok',
  said: said('connected'),
  status: 404,
  durationMs: 40,
  missingSecrets: [],
  steps: [
    ...network,
    passed('http', said('httpAnsweredNotFound')),
    passed('credentials', said('connected')),
  ],
  failedStep: null,
}

const show = (result: ConnectionTest, language: 'en' | 'es') =>
  renderWithApp(<ConnectionResult result={result} />, {
    answers: { 'preferences:get': () => ok({ language }) },
  })

const stepSaying = (name: string) => {
  const list = screen.getByRole('list', { name: /Connection steps|Pasos de la conexión/ })
  const step = within(list)
    .getAllByRole('listitem')
    .find((item) => item.querySelector('.step-head')?.textContent.startsWith(name))
  if (!step) throw new Error(`no step ${name}`)
  return step
}

describe('Test connection before the credentials are set: nothing was sent, nothing refused', () => {
  it.each([
    {
      language: 'en',
      title: 'Credentials not set',
      name: 'Credentials',
      step: 'CredentialsSkipped',
      says: 'The API key and Secret key of "Staging ACME" are not set. Set them in Environments.',
      refused: /refused/i,
    },
    {
      language: 'es',
      title: 'Faltan las credenciales',
      name: 'Credenciales',
      step: 'CredencialesOmitido',
      says: 'La API key y la secret key de «Staging ACME» no están configuradas. Configúralas en Entornos.',
      refused: /rechaz/i,
    },
  ] as const)('$language: says they are not set, and what to do, once', async (words) => {
    await show(NOT_SET, words.language)
    const summary = screen
      .getAllByRole('status')
      .find((status) => status.textContent.includes(words.title))
    expect(summary).toBeDefined()
    // The credentials step is the one announced: not tried, with why and what to do.
    const credentials = stepSaying(words.name)
    expect(credentials.querySelector('.step-head')?.textContent).toBe(words.step)
    expect(within(credentials).getByRole('status').textContent).toContain(words.says)
    expect(document.body.textContent.split(words.says)).toHaveLength(2)
    expect(document.body.textContent).not.toMatch(words.refused)
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('a 404 for the made-up user is the answer a connection test looks for', () => {
  it.each([
    {
      language: 'en',
      step: 'Service answer (HTTP)',
      says: 'The service answered (HTTP 404: the made-up user the test asks for does not exist, as expected).',
    },
    {
      language: 'es',
      step: 'Respuesta del servicio (HTTP)',
      says: 'El servicio respondió (HTTP 404: el usuario inventado por el que pregunta la prueba no existe, como se esperaba).',
    },
  ] as const)('$language: the HTTP step says the 404 is expected', async (words) => {
    await show(CONNECTED, words.language)
    expect(stepSaying(words.step).querySelector('.step-said')?.textContent).toBe(words.says)
  })
})

describe('the environment kinds in Spanish', () => {
  it('names each kind in Spanish, never the English word', async () => {
    for (const [kind, word] of [
      ['sandbox', 'pruebas'],
      ['staging', 'preproducción'],
      ['production', 'producción'],
    ] as const) {
      const view = await renderWithApp(
        <EnvironmentCard environment={{ ...ENVIRONMENT, kind }} active={false} />,
        { answers: { 'preferences:get': () => ok({ language: 'es' }) } },
      )
      const badge = (await screen.findByRole('region', { name: 'Staging ACME' })).querySelector(
        '.badge-kind-' + kind,
      )
      expect(badge?.textContent).toBe(word)
      view.unmount()
    }
  })
})
