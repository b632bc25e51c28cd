import { screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { said } from '@shared/messages'
import { ok, type FakeAnswers } from '../../../test/fake-bridge'
import { describedBy } from '../../../test/described-by'
import { failed } from '../../../test/failed'
import { renderWithApp } from '../../../test/render-with-app'
import { EnvironmentForm } from './environment-form'
import { appInfoIn, ENVIRONMENT, grant } from '../test/environment-fixtures'
import { ExportCard } from './export-card'

const inShell = (language: 'en' | 'es', more: FakeAnswers = {}): FakeAnswers => ({
  'preferences:get': () => ok({ language }),
  'app:info': () => ok(appInfoIn('browser-shell')),
  ...more,
})

const newForm = (answers: FakeAnswers) =>
  renderWithApp(<EnvironmentForm onDone={() => undefined} />, { answers })

/** How often a text is on the page: each message is said once. */
const times = (text: string) => document.body.textContent.split(text).length - 1

describe('environment messages name each field by its label, once', () => {
  it.each([
    { language: 'en', add: 'Add environment', name: 'Name', says: /^Name must not be empty$/ },
    {
      language: 'es',
      add: 'Añadir entorno',
      name: 'Nombre',
      says: /Nombre.* no puede estar vacío$/,
    },
  ] as const)('$language: a name left empty', async (words) => {
    const { bridge } = await newForm(inShell(words.language))
    await userEvent.click(await screen.findByRole('button', { name: words.add }))
    const name = screen.getByRole('textbox', { name: words.name })
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'))
    expect(describedBy(name)).toMatch(words.says)
    expect(document.body.textContent).not.toMatch(/\bname\b/)
    expect(bridge.sent('environments:save')).toEqual([])
  })

  it('a refusal main puts on a field is said there, once, and the alert points at it', async () => {
    const taken = said('environmentNameTakenField')
    await newForm(
      inShell('en', {
        'environments:save': () => failed('VALIDATION', { fields: { name: taken } }),
      }),
    )
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Staging ACME')
    await userEvent.clear(screen.getByRole('textbox', { name: 'Base URL' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Base URL' }), 'https://x.example')
    await userEvent.click(screen.getByRole('button', { name: 'Add environment' }))
    expect(await screen.findByText('Not saved')).toBeTruthy()
    expect(times('Another environment already has this name.')).toBe(1)
    expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true')
  })

  it.each([
    {
      language: 'en',
      label: 'CA file',
      says: /^CA file must be a full path \(from \/ on Linux and macOS, or from a drive such as C:\\\)$/,
    },
    { language: 'es', label: 'Archivo de CA', says: /Archivo de CA.* debe ser una ruta completa/ },
  ] as const)('$language: a typed CA path that is not a full one', async (words) => {
    // As main's dispatcher refuses a path that is not a full one (the fake bridge refuses such an
    // input by throwing, before any answer): the rule, on the field it names.
    const rule = said('fullPath', { field: 'path' })
    await newForm(
      inShell(words.language, {
        'files:typed': () => failed('VALIDATION', { fields: { path: rule } }),
      }),
    )
    const path = await screen.findByRole('textbox', { name: words.label })
    await userEvent.type(path, '/corp-ca.pem{Enter}')
    const field = screen.getByRole('group', { name: words.label })
    const error = (await within(field).findByRole('alert')).textContent
    expect(error).toMatch(words.says)
    expect(times(error)).toBe(1)
    expect(document.body.textContent).not.toMatch(/\bpath\b(?! \()|Invalid input|no válid/)
  })
})

describe('the environment kinds in Spanish text', () => {
  it('a staging address over http off this machine: the kind said in Spanish', async () => {
    await newForm(inShell('es'))
    await userEvent.type(await screen.findByRole('textbox', { name: 'Nombre' }), 'Preproducción')
    const url = screen.getByRole('textbox', { name: 'URL base' })
    await userEvent.clear(url)
    await userEvent.type(url, 'http://staging.acme.example')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tipo' }), 'preproducción')
    await userEvent.click(screen.getByRole('button', { name: 'Añadir entorno' }))
    await waitFor(() => expect(url.getAttribute('aria-invalid')).toBe('true'))
    expect(document.body.textContent).toContain(
      'usa https:// para un entorno de preproducción en otro equipo',
    )
    expect(document.body.textContent).not.toMatch(/entorno staging/)
  })
})

describe('a new attempt clears the last one’s outcome', () => {
  it('an export refused after one that succeeded: the old success is gone', async () => {
    await renderWithApp(<ExportCard environments={[ENVIRONMENT]} onClose={() => undefined} />, {
      answers: inShell('en', {
        'files:typed': ({ path }) =>
          path.startsWith('/')
            ? ok(grant('team.json', 1))
            : failed('VALIDATION', { said: said('fullPath', { field: 'path' }) }),
        'environments:export': ({ ids }) => ok({ name: 'team.json', count: ids.length }),
      }),
    })
    const file = await screen.findByLabelText('File to write')
    await userEvent.type(file, '/home/ana/team.json')
    await userEvent.click(screen.getByRole('button', { name: 'Export' }))
    expect(await screen.findByText(/^Exported 1 environment to team.json/)).toBeTruthy()
    await userEvent.clear(file)
    await userEvent.type(file, 'team.json')
    await userEvent.click(screen.getByRole('button', { name: 'Export' }))
    expect(await screen.findByRole('alert')).toBeTruthy()
    expect(screen.queryByText(/^Exported/)).toBeNull()
  })
})
