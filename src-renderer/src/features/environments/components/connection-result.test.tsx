import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DIAGNOSIS_STEPS } from '@shared/ipc'
import { said } from '@shared/messages'
import { ok } from '../../../test/fake-bridge'
import { renderWithApp } from '../../../test/render-with-app'
import { ConnectionResult } from './connection-result'
import { CASES, failedAt, URL } from './diagnosis-fixtures'

const WORDS = {
  en: {
    list: 'Connection steps',
    passed: 'Passed',
    failed: 'Failed',
    skipped: 'Skipped',
    failedStep: 'Failed step',
  },
  es: {
    list: 'Pasos de la conexión',
    passed: 'Correcto',
    failed: 'Falló',
    skipped: 'Omitido',
    failedStep: 'Paso que falló',
  },
} as const

describe('a connection test, step by step', () => {
  for (const language of ['en', 'es'] as const) {
    const words = WORDS[language]
    it.each(CASES)(`${language}: $name`, async ({ result, step, says, chain }) => {
      await renderWithApp(<ConnectionResult result={result} />, {
        answers: { 'preferences:get': () => ok({ language }) },
      })
      const list = screen.getByRole('list', { name: words.list })
      // The steps themselves, not the certificates listed inside one.
      const items = within(list)
        .getAllByRole('listitem')
        .filter((item) => item.parentElement === list)
      expect(items).toHaveLength(DIAGNOSIS_STEPS.length)
      const at = DIAGNOSIS_STEPS.indexOf(result.failedStep ?? 'resolve')
      items.forEach((item, index) => {
        const state = index < at ? words.passed : index === at ? words.failed : words.skipped
        expect(item.querySelector('.step-state')?.textContent).toBe(state)
      })
      // The failed step is the one announced: which step, that it failed, why.
      const alert = within(items[at] as HTMLElement).getByRole('alert')
      expect(alert.textContent).toContain(step[language])
      expect(alert.textContent).toContain(words.failed)
      expect(alert.textContent).toContain(says[language])
      expect(screen.getAllByRole('alert')).toHaveLength(1)
      // The summary above names it: the steps may run below the window's edge.
      expect(screen.getByRole('status').textContent).toContain(
        `${words.failedStep}: ${step[language]}.`,
      )
      // Said once: the summary above leaves the failed step's words to it.
      expect(document.body.textContent.split(says[language])).toHaveLength(2)
      if (chain) {
        const presented = screen.getByRole('list', {
          name:
            language === 'en'
              ? 'Certificates the service presented'
              : 'Certificados que presentó el servicio',
        })
        expect(presented.textContent).toContain('CN=staging.acme.example')
        expect(presented.textContent).toContain('CN=ACME Issuing CA, O=ACME')
        expect(items[at]?.textContent).toContain(chain[language])
      }
    })
  }

  it('shows a message it has no words for as it came, marked English, on a Spanish page', async () => {
    const unknown = CASES.find((c) => c.name.includes('client certificate'))
    if (!unknown) throw new Error('no such case')
    await renderWithApp(<ConnectionResult result={unknown.result} />, {
      answers: { 'preferences:get': () => ok({ language: 'es' }) },
    })
    const words = screen.getByText('The service asks for a client certificate.')
    expect(words.getAttribute('lang')).toBe('en')
    expect(screen.getByText('Conexión segura (TLS)')).toBeTruthy()
  })

  it('a result without steps (an older core) shows its outcome alone', async () => {
    await renderWithApp(
      <ConnectionResult
        result={{
          ...failedAt('connect', said('unreachableCode', { url: URL, code: 'ECONNREFUSED' })),
          steps: [],
        }}
      />,
    )
    expect(screen.getByRole('status').textContent).toContain('Unreachable')
    expect(screen.queryByRole('list')).toBeNull()
  })
})
