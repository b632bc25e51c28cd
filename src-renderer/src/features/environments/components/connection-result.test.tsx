/* eslint-disable testing-library/no-node-access --
   A step's head, its message and its TLS finding are paragraphs no role or name tells
   apart: they are found by their class. */
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DIAGNOSIS_STEPS, type ConnectionTest } from '@shared/ipc'
import { ok } from '../../../test/fake-bridge'
import { renderWithApp } from '../../../test/render-with-app'
import { ConnectionResult } from './connection-result'
import { testOf } from '../test/diagnosis-fixture-kit'
import { CASES } from '../test/diagnosis-fixtures'

const WORDS = {
  en: {
    list: 'Connection steps',
    steps: {
      resolve: 'Name lookup',
      proxy: 'Proxy',
      connect: 'Connection',
      tls: 'Secure connection (TLS)',
      http: 'Service answer (HTTP)',
      credentials: 'Credentials',
    },
    states: { passed: 'Passed', failed: 'Failed', skipped: 'Skipped' },
    notTried: 'Not tried: an earlier step failed.',
    failedStep: 'Failed step',
    chain: 'Certificates the service presented',
    issuedBy: 'issued by',
    notTrusted: 'not trusted',
  },
  es: {
    list: 'Pasos de la conexión',
    steps: {
      resolve: 'Resolución del nombre',
      proxy: 'Proxy',
      connect: 'Conexión',
      tls: 'Conexión segura (TLS)',
      http: 'Respuesta del servicio (HTTP)',
      credentials: 'Credenciales',
    },
    states: { passed: 'Correcto', failed: 'Falló', skipped: 'Omitido' },
    notTried: 'No se ha probado: falló un paso anterior.',
    failedStep: 'Paso que falló',
    chain: 'Certificados que presentó el servicio',
    issuedBy: 'emitido por',
    notTrusted: 'no es de confianza',
  },
} as const

type Language = keyof typeof WORDS

const show = (result: ConnectionTest, language: Language) =>
  renderWithApp(<ConnectionResult result={result} />, {
    answers: { 'preferences:get': () => ok({ language }) },
  })

/** The steps as listed, not the certificates listed inside one. */
function shownSteps(language: Language): HTMLElement[] {
  const list = screen.getByRole('list', { name: WORDS[language].list })
  return within(list)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === list)
}

describe('Test connection names the failing step, as the core reports it', () => {
  for (const language of ['en', 'es'] as const) {
    const words = WORDS[language]
    it.each(CASES)(`${language}: $name`, async ({ result, says, tls }) => {
      await show(result, language)
      const items = shownSteps(language)
      // Each step by its name and its state, in the order a call takes them.
      expect(items.map((item) => item.querySelector('.step-head')?.textContent)).toEqual(
        result.steps.map(({ step, outcome }) => `${words.steps[step]}${words.states[outcome]}`),
      )
      // Every step's message is in the page's language: none is shown as it came, in English.
      expect(items.filter((item) => item.querySelector('[lang="en"]'))).toEqual([])
      const at = DIAGNOSIS_STEPS.indexOf(result.failedStep ?? 'resolve')
      items.slice(at + 1).forEach((item) => {
        expect(item.querySelector('.step-said')?.textContent).toBe(words.notTried)
      })
      // The failed step is the one announced: which step, that it failed, why, in whole.
      const failed = items[at] as HTMLElement
      const name = words.steps[result.failedStep ?? 'resolve']
      const alert = within(failed).getByRole('alert')
      expect(screen.getAllByRole('alert')).toEqual([alert])
      expect(alert.querySelector('.step-head')?.textContent).toBe(`${name}${words.states.failed}`)
      expect(alert.querySelector('.step-said')?.textContent).toBe(says[language])
      // The summary above names it (the steps may run below the window's edge), and leaves
      // its words to it: said once.
      expect(screen.getByRole('status').textContent).toContain(`${words.failedStep}: ${name}.`)
      expect(document.body.textContent.split(says[language])).toHaveLength(2)
      // The certificates the TLS step saw, and how they were judged.
      const tlsStep = items[DIAGNOSIS_STEPS.indexOf('tls')] as HTMLElement
      if (!tls) {
        expect(tlsStep.querySelector('.tls-finding')).toBeNull()
        return
      }
      expect(tlsStep.querySelector('.tls-finding > p')?.textContent).toBe(tls.verdict[language])
      const chain = within(tlsStep).getByRole('list', { name: words.chain })
      const certificates = within(chain).getAllByRole('listitem')
      expect(certificates).toHaveLength(tls.certificates.length)
      tls.certificates.forEach(([subject, issuer], index) => {
        expect(certificates[index]?.textContent).toContain(`${subject}${words.issuedBy} ${issuer}`)
      })
      if (tls.expired) expect(chain.textContent).toContain(tls.expired[language])
      const finding = result.steps.find((step) => step.step === 'tls')?.tls
      // A chain its trust accepted is never said to be untrusted, whatever the host name.
      if (finding?.accepted) expect(tlsStep.textContent).not.toContain(words.notTrusted)
    })
  }

  it('shows a message it has no words for (a newer core) as it came, marked English', async () => {
    const newer = {
      id: 'diagnosis.madeUpForThisTest',
      values: {},
      text: 'Words from a newer core.',
    }
    const result = testOf([{ step: 'resolve', outcome: 'failed', said: newer, tls: null }])
    await show(result, 'es')
    const alert = screen.getByRole('alert')
    expect(within(alert).getByText(newer.text).getAttribute('lang')).toBe('en')
    expect(alert.querySelector('.step-head')?.textContent).toBe('Resolución del nombreFalló')
  })

  it('a result without steps (an older core) shows its outcome alone', async () => {
    const [unreachable] = CASES
    if (!unreachable) throw new Error('no case')
    await show({ ...unreachable.result, steps: [] }, 'en')
    expect(screen.getByRole('status').textContent).toContain('Unreachable')
    expect(screen.queryByRole('list')).toBeNull()
  })
})
