import { screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { EnvironmentView } from '@shared/environments'
import type { EnvironmentsImport } from '@shared/ipc'
import { ok, type FakeAnswers } from '../../../test/fake-bridge'
import { renderWithApp } from '../../../test/render-with-app'
import { appInfoIn, BEHIND_PROXY, ENVIRONMENT, grant } from '../test/environment-fixtures'
import { ExportCard } from './export-card'
import { ImportCard } from './import-card'

const SANDBOX: EnvironmentView = { ...BEHIND_PROXY, id: 'sandbox', name: 'Sandbox', builtIn: true }
const PROD: EnvironmentView = { ...BEHIND_PROXY, id: 'prod-acme', name: 'Prod ACME' }
const QA: EnvironmentView = { ...ENVIRONMENT, id: 'qa-acme', name: 'QA ACME', secrets: null }

/**
 * The browser shell, which has no file dialog: a place to save is typed (main checks it), a file
 * to import is picked in the browser's chooser and its bytes go to main.
 */
function answers(more: FakeAnswers): FakeAnswers {
  return {
    'app:info': () => ok(appInfoIn('browser-shell')),
    'files:typed': ({ path }) => ok(grant(path.split('/').pop() ?? path, 1)),
    'files:upload': ({ name }) => ok({ upload: null, file: grant(name, 1) }),
    ...more,
  }
}

describe('exporting environments', () => {
  it('writes only the ticked environments of the user’s own, and says no secret is in the file', async () => {
    const { bridge } = await renderWithApp(
      <ExportCard environments={[SANDBOX, ENVIRONMENT, PROD]} onClose={() => undefined} />,
      {
        answers: answers({
          'environments:export': ({ ids }) => ok({ name: 'team.json', count: ids.length }),
        }),
      },
    )
    const choices = await screen.findByRole('group', { name: 'Environments to export' })
    expect(within(choices).queryByLabelText('Sandbox')).toBeNull()
    await userEvent.click(within(choices).getByLabelText('Prod ACME'))
    await userEvent.type(screen.getByLabelText('File to write'), '/home/ana/team.json')
    await userEvent.click(screen.getByRole('button', { name: 'Export' }))
    expect((await screen.findByRole('status')).textContent).toBe(
      'Exported 1 environment to team.json. No secret is in the file.',
    )
    expect(bridge.sent('files:typed')).toEqual([
      { purpose: 'save', format: 'json', path: '/home/ana/team.json' },
    ])
    expect(bridge.sent('environments:export')).toEqual([
      { file: grant('team.json', 1).handle, ids: [ENVIRONMENT.id] },
    ])
  })

  it('asks for a tick before it offers to write a file', async () => {
    await renderWithApp(<ExportCard environments={[ENVIRONMENT]} onClose={() => undefined} />, {
      answers: answers({}),
    })
    await userEvent.click(await screen.findByLabelText('Staging ACME'))
    expect(screen.getByRole('status').textContent).toBe('Tick at least one environment to export.')
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull()
  })
})

describe('importing environments', () => {
  const ADD = { name: 'QA ACME', action: 'add' as const, fields: [] }
  const UPDATE = {
    name: 'Staging ACME',
    action: 'update' as const,
    fields: ['baseUrl', 'trust'],
    certificates: [
      {
        subject: 'CN=Evil Root, O=Not ACME',
        issuer: 'CN=Evil Root, O=Not ACME',
        validTo: '2031-02-03T12:00:00.000Z',
        expired: false,
      },
    ],
  }
  const SAME = { name: 'Prod ACME', action: 'same' as const, fields: [] }
  const PLAN = { changes: [ADD, UPDATE, SAME] }
  const DONE: EnvironmentsImport = {
    changes: [
      { ...ADD, done: true },
      { ...UPDATE, done: false },
      { ...SAME, done: false },
    ],
    secretsToSet: [
      { id: QA.id, name: QA.name, secrets: ['apiKey', 'secretKey', 'userTokenSecret'] },
    ],
  }

  async function reviewed(language: 'en' | 'es' = 'en') {
    const view = await renderWithApp(
      <ImportCard environments={[ENVIRONMENT, PROD, QA]} onClose={() => undefined} />,
      {
        answers: answers({
          'preferences:get': () => ok({ language }),
          'environments:importPlan': () => ok(PLAN),
          'environments:import': () => ok(DONE),
        }),
      },
    )
    // The browser shell reads a file of environments only as picked in the browser's chooser.
    const field = language === 'en' ? 'File of environments' : 'Archivo de entornos'
    const choose = language === 'en' ? 'choose a file' : 'elegir un archivo'
    const picked = new File(['{}'], 'team.json', { type: 'application/json' })
    await userEvent.upload(await screen.findByLabelText(`${field}: ${choose}`), picked)
    expect(await screen.findByDisplayValue('team.json')).toBeTruthy()
    await userEvent.click(
      screen.getByRole('button', { name: language === 'en' ? 'Review' : 'Revisar' }),
    )
    return { ...view, plan: await screen.findByRole('table') }
  }

  it('shows what each environment would do before anything is written', async () => {
    const { bridge, plan } = await reviewed()
    expect(bridge.sent('files:typed')).toEqual([])
    expect(bridge.sent('files:upload')).toMatchObject([{ name: 'team.json', last: true }])
    const row = (name: string) => within(plan).getByRole('row', { name: new RegExp(name) })
    expect(row('QA ACME').textContent).toContain('New here: it will be added.')
    expect(row('Staging ACME').textContent).toContain(
      'Differs from the one here in: Base URL, Certificate authorities. Kept as it is unless you tick Replace. Replacing it changes which certificate authorities it trusts: its secrets are removed, to be set again.',
    )
    expect(row('Prod ACME').textContent).toContain('Already here, the same: nothing to do.')
    // Other CAs are shown by whom they name and until when: that is what trust is judged by.
    const cas = within(row('Staging ACME')).getByRole('list', {
      name: 'Certificate authorities Staging ACME would trust',
    })
    expect(cas.textContent).toContain('CN=Evil Root, O=Not ACME')
    expect(cas.textContent).toContain('valid until Feb 3, 2031')
    expect(within(plan).getAllByRole('checkbox')).toHaveLength(1)
    expect(bridge.sent('environments:import')).toEqual([])
  })

  it('replaces nothing unless ticked, then asks for each secret the file did not carry', async () => {
    const { bridge } = await reviewed()
    await userEvent.click(screen.getByRole('button', { name: 'Import' }))
    expect(bridge.sent('environments:import')).toEqual([
      { file: grant('team.json', 1).handle, replace: [] },
    ])
    expect((await screen.findByRole('status')).textContent).toBe(
      '1 environment was imported. Nothing else changed.',
    )
    const secrets = screen.getByRole('region', { name: 'Secrets of QA ACME' })
    expect(within(secrets).getByLabelText('API key status').textContent).toBe('unknown')
    expect(within(secrets).getByLabelText('Secret key', { exact: true })).toBeTruthy()
  })

  it('replaces the one ticked', async () => {
    const { bridge } = await reviewed()
    await userEvent.click(screen.getByRole('checkbox', { name: 'Replace Staging ACME' }))
    await userEvent.click(screen.getByRole('button', { name: 'Import' }))
    await screen.findByRole('status')
    expect(bridge.sent('environments:import')[0]?.replace).toEqual(['Staging ACME'])
  })

  it('says the plan in Spanish', async () => {
    const { plan } = await reviewed('es')
    expect(within(plan).getByRole('row', { name: /QA ACME/ }).textContent).toContain(
      'Nuevo aquí: se añadirá.',
    )
  })
})
