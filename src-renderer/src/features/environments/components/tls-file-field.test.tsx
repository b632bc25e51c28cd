import { screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { EnvironmentView } from '@shared/environments'
import { said } from '@shared/messages'
import { ok, type FakeAnswers } from '../../../test/fake-bridge'
import { failed } from '../../../test/failed'
import { renderWithApp } from '../../../test/render-with-app'
import { EnvironmentForm } from './environment-form'
import { appInfoIn, ENVIRONMENT, grant, SAVED_TLS } from '../test/environment-fixtures'

/** The form in the browser shell, which has no file dialog: paths are typed and main checks them. */
function renderForm(
  environment: EnvironmentView | undefined,
  { answers = {}, language = 'en' }: { answers?: FakeAnswers; language?: 'en' | 'es' } = {},
) {
  return renderWithApp(<EnvironmentForm environment={environment} onDone={() => undefined} />, {
    answers: {
      'preferences:get': () => ok({ language }),
      'app:info': () => ok(appInfoIn('browser-shell')),
      ...answers,
    },
  })
}

const group = (name: string) => screen.getByRole('group', { name })

describe('a TLS file in the browser shell, which has no dialog', () => {
  it('takes a typed path, checked by main, without saving the form on Enter', async () => {
    const { bridge } = await renderForm(undefined, {
      answers: {
        'files:typed': ({ path }) =>
          path.endsWith('.pem')
            ? ok(grant('corp-ca.pem', 4))
            : failed('VALIDATION', { said: said('typedPathOpenType', { path }) }),
      },
    })
    const path = await screen.findByRole('textbox', { name: 'CA file' })
    await userEvent.type(path, '/home/ana/notes.txt{Enter}')
    expect((await within(group('CA file')).findByRole('alert')).textContent).toContain(
      '/home/ana/notes.txt',
    )
    await userEvent.clear(path)
    await userEvent.type(path, '/home/ana/corp-ca.pem{Enter}')
    expect(await within(group('CA file')).findByText('corp-ca.pem')).toBeTruthy()
    expect(bridge.sent('files:typed')[1]).toEqual({
      purpose: 'open',
      format: 'pem',
      path: '/home/ana/corp-ca.pem',
    })
    expect(bridge.sent('environments:save')).toEqual([])
  })

  it('offers the browser’s chooser, as Bulk and Import do: the bytes go to main, no path', async () => {
    const { bridge } = await renderForm(undefined, {
      answers: { 'files:upload': ({ name }) => ok({ upload: null, file: grant(name, 7) }) },
    })
    const picker = await screen.findByLabelText('CA file: choose a file')
    expect(picker.getAttribute('accept')).toContain('.pem')
    expect(within(group('CA file')).getByRole('button', { name: 'Choose… (CA file)' })).toBeTruthy()
    await userEvent.upload(picker, new File(['-----BEGIN CERTIFICATE-----'], 'corp-ca.pem'))
    expect(await within(group('CA file')).findByText('corp-ca.pem')).toBeTruthy()
    expect(bridge.sent('files:upload')).toMatchObject([
      { upload: null, format: 'pem', name: 'corp-ca.pem', last: true },
    ])
    expect(bridge.sent('files:typed')).toEqual([])
  })

  it('says why main cannot read a saved file now, in the page’s language', async () => {
    const path = '/home/ana/certs/acme-root.pem'
    const gone = {
      name: 'acme-root.pem',
      certificates: [],
      problem: said('tlsFileMissing', { file: path }),
    }
    const moved = { ...ENVIRONMENT, tls: { ...SAVED_TLS, caFile: gone } }
    const view = await renderForm(moved)
    expect(group('CA file').textContent).toContain(
      `Cannot be read now: There is no file at ${path}.`,
    )
    view.unmount()
    await renderForm(moved, { language: 'es' })
    expect(group('Archivo de CA').textContent).toContain(
      `No se puede leer ahora: No hay ningún archivo en ${path}.`,
    )
  })
})
