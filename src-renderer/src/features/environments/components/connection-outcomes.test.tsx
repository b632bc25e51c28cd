import { screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { ConnectionTest } from '@shared/ipc'
import { said } from '@shared/messages'
import type { Language } from '@shared/messages/languages'
import { failed } from '../../../test/failed'
import { renderWithApp } from '../../../test/render-with-app'
import { ConnectionResult } from './connection-result'
import { failed as failedStep, passed, skipped } from '../test/diagnosis-fixture-kit'
import { EnvironmentCard } from './environment-card'
import { ENVIRONMENT } from '../test/environment-fixtures'

const network = [
  passed('resolve', said('resolved', { host: 'staging.acme.example', address: '203.0.113.10' })),
  skipped('proxy', said('direct', { because: said('becauseSetting') })),
  passed('connect', said('connectedTo', { target: '203.0.113.10:443' })),
  passed('tls', said('tlsNotUsed')),
]

// As the core's answerSteps makes them from the real call's answer.
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

const refusedCredentials = said('answerUnauthorized')
const REFUSED: ConnectionTest = {
  ...CONNECTED,
  outcome: 'unauthorized',
  said: refusedCredentials,
  status: 401,
  steps: [
    ...network,
    passed('http', said('httpAnswered', { status: 401 })),
    failedStep('credentials', refusedCredentials),
  ],
  failedStep: 'credentials',
}

const serverFault = said('answerServer')
const SERVICE_FAULT: ConnectionTest = {
  ...CONNECTED,
  outcome: 'error',
  said: serverFault,
  status: 500,
  steps: [...network, failedStep('http', serverFault), skipped('credentials', said('notTried'))],
  failedStep: 'http',
}

const show = (result: ConnectionTest, language: Language) =>
  renderWithApp(<ConnectionResult result={result} />, { language })

/** Each step's state, in the order of the steps. */
const stepStates = () =>
  within(screen.getByRole('list', { name: /Connection steps|Pasos de la conexión/ }))
    .getAllByText(/^(Passed|Failed|Skipped|Correcto|Falló|Omitido)$/)
    .map((state) => state.textContent)

describe('a connection test’s outcome, as the user reads it', () => {
  it.each([
    { language: 'en', title: 'Connection OK', passed: 'Passed', skipped: 'Skipped' },
    { language: 'es', title: 'Conexión correcta', passed: 'Correcto', skipped: 'Omitido' },
  ] as const)('$language: a working connection passes every step it took', async (words) => {
    await show(CONNECTED, words.language)
    const summary = screen.getByRole('status')
    expect(summary.textContent).toContain(words.title)
    expect(summary.textContent).toContain('(40 ms)')
    expect(stepStates()).toEqual([
      words.passed,
      words.skipped,
      words.passed,
      words.passed,
      words.passed,
      words.passed,
    ])
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it.each([
    {
      language: 'en',
      title: 'Credentials refused',
      step: 'Failed step: Credentials.',
      network: ['Passed', 'Skipped', 'Passed', 'Passed', 'Passed'],
      failed: 'Failed',
      says: 'The service refused the apiKey / secretKey of this environment. Check them in Environments.',
    },
    {
      language: 'es',
      title: 'Credenciales rechazadas',
      step: 'Paso que falló: Credenciales.',
      network: ['Correcto', 'Omitido', 'Correcto', 'Correcto', 'Correcto'],
      failed: 'Falló',
      says: 'El servicio rechazó la apiKey / secretKey de este entorno. Revísalas en Entornos.',
    },
  ] as const)('$language: refused credentials are told apart from the network', async (words) => {
    await show(REFUSED, words.language)
    const summary = screen.getByRole('status')
    expect(summary.textContent).toContain(words.title)
    expect(summary.textContent).toContain(words.step)
    // The network steps passed: the service answered, and it is the credentials it refused.
    expect(stepStates()).toEqual([...words.network, words.failed])
    expect(screen.getByRole('alert').textContent).toContain(words.says)
  })

  it('a service that fails the call is a service error at the HTTP step, not the credentials', async () => {
    await show(SERVICE_FAULT, 'en')
    const summary = screen.getByRole('status')
    expect(summary.textContent).toContain('Service error')
    expect(summary.textContent).toContain('Failed step: Service answer (HTTP).')
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Service answer (HTTP)Failed')
    expect(alert.textContent).toContain(serverFault.text)
  })

  it.each([
    { language: 'en', says: 'Still not set: the userToken secret.' },
    { language: 'es', says: 'Falta todavía el secreto de userToken.' },
  ] as const)('$language: a working connection still names a secret not set', async (words) => {
    await show({ ...CONNECTED, missingSecrets: ['userTokenSecret'] }, words.language)
    expect(screen.getByRole('status').textContent).toContain(words.says)
  })
})

describe('a connection test main could not run', () => {
  it.each([
    {
      language: 'en',
      button: 'Test connection to Staging ACME',
      says: 'The keychain cannot be used.',
      verdicts: /Connection OK|Unreachable|Credentials (refused|not set)/,
    },
    {
      language: 'es',
      button: 'Probar conexión con Staging ACME',
      says: 'No se puede usar el llavero.',
      verdicts: /Conexión correcta|Inaccesible|Credenciales rechazadas|Faltan las credenciales/,
    },
  ] as const)('$language: is told as the failure it is, not as a verdict', async (words) => {
    const { bridge } = await renderWithApp(
      <EnvironmentCard environment={ENVIRONMENT} active={false} />,
      {
        language: words.language,
        answers: { 'environments:testConnection': () => failed('KEYCHAIN_UNAVAILABLE') },
      },
    )
    const card = screen.getByRole('region', { name: 'Staging ACME' })
    await userEvent.click(within(card).getByRole('button', { name: words.button }))
    expect((await within(card).findByRole('alert')).textContent).toContain(words.says)
    expect(bridge.sent('environments:testConnection')).toEqual([{ id: ENVIRONMENT.id }])
    expect(card.textContent).not.toMatch(words.verdicts)
    expect(screen.queryByRole('list', { name: /Connection steps|Pasos de la conexión/ })).toBeNull()
  })
})
