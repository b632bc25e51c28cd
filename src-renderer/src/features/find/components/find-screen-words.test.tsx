import { screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { KnownUser, KnownUsersSettings } from '@shared/known-users'
import { said } from '@shared/messages'
import type { Language } from '@shared/messages/languages'
import { ok, type FakeAnswers } from '../../../test/fake-bridge'
import { failed } from '../../../test/failed'
import { renderWithApp } from '../../../test/render-with-app'
import { FindScreen } from './find-screen'

const JOSE: KnownUser = {
  environmentId: 'staging',
  token: 'tok-jose',
  email: 'jose@example.com',
  nid_number: '12345678Z',
  firstname: 'José',
  lastname: 'García',
  source: 'imported',
  lastSeen: '2026-11-20T09:30:00.000Z',
}

const SEARCH = { en: 'Email, DNI/NIE or name', es: 'Correo electrónico, DNI/NIE o nombre' }

/** Main holding `known` users under `settings`; each search answered by `find`. */
function renderFind(
  language: Language,
  known: KnownUser[],
  settings: KnownUsersSettings = { enabled: true, retentionDays: 30 },
  find?: FakeAnswers['users:find'],
) {
  return renderWithApp(<FindScreen />, {
    language,
    answers: {
      'users:knownSettings': () => ok(settings),
      'users:find':
        find ??
        (() => ok({ settings, matches: known, matched: known.length, known: known.length })),
    },
  })
}

const search = (language: Language, text: string) =>
  userEvent.type(screen.getByRole('searchbox', { name: SEARCH[language] }), text)

describe('Find a user, in both languages', () => {
  it('in Spanish: a match is listed under Spanish headings, and opens its Look up', async () => {
    await renderFind('es', [JOSE])
    await search('es', 'josé')
    const table = await screen.findByRole('table', { name: 'Usuarios conocidos' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(
      expect.arrayContaining([
        'Nombre y token',
        'Correo electrónico',
        'DNI/NIE',
        'Visto por última vez',
      ]),
    )
    const row = within(table).getByRole('row', { name: /José García/ })
    expect(within(row).getByText('Importado en lote')).toBeTruthy()
    expect(
      within(row).getByRole('link', { name: 'Consultar a José García' }).getAttribute('href'),
    ).toBe('#/lookup/tok-jose')
  })

  it.each([
    { language: 'en', says: 'No known user matches “maría”.' },
    { language: 'es', says: 'Ningún usuario conocido coincide con «maría».' },
  ] as const)('$language: says when nothing matches what was typed', async (words) => {
    await renderFind(words.language, [], undefined, () =>
      ok({ settings: { enabled: true, retentionDays: 30 }, matches: [], matched: 0, known: 4 }),
    )
    await search(words.language, 'maría')
    expect(await screen.findByText(words.says)).toBeTruthy()
  })

  it.each([
    {
      language: 'en',
      says: 'No user is known in this environment yet: users appear here once you look them up, create, update or import them.',
    },
    {
      language: 'es',
      says: 'Aún no hay usuarios conocidos en este entorno: aparecen aquí cuando los consultas, creas, actualizas o importas.',
    },
  ] as const)('$language: says how users come to be known, while none is', async (words) => {
    await renderFind(words.language, [])
    await search(words.language, 'ana')
    expect(await screen.findByText(words.says)).toBeTruthy()
  })

  it.each([
    { language: 'en', says: 'The list is off: turn it on above to find users here.' },
    {
      language: 'es',
      says: 'La lista está desactivada: actívala arriba para buscar usuarios aquí.',
    },
  ] as const)('$language: says the list is off, rather than that nobody matches', async (words) => {
    await renderFind(words.language, [], { enabled: false, retentionDays: 30 })
    await search(words.language, 'ana')
    expect(await screen.findByText(words.says)).toBeTruthy()
  })

  it('tells a search main could not run as the failure it is', async () => {
    await renderFind('en', [], undefined, () =>
      failed('SETTINGS_UNREADABLE', { said: said('knownUsersBusy') }),
    )
    await search('en', 'ana')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Settings cannot be saved')
    expect(screen.queryByRole('table', { name: 'Known users' })).toBeNull()
  })
})
