import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { appInfoIn, ENVIRONMENT } from '../features/environments/test/environment-fixtures'
import type { Language } from '@shared/messages/languages'
import { ok } from '../test/fake-bridge'
import { renderWithApp } from '../test/render-with-app'
import { AppShell } from './app-shell'

async function sidebarLinks(): Promise<[string | null, string | null][]> {
  const nav = await screen.findByRole('navigation', { name: /Screens|Pantallas/ })
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')])
}

function renderShell(language?: Language) {
  return renderWithApp(<AppShell />, {
    language,
    answers: {
      'app:info': () => ok(appInfoIn('electron')),
      'environments:list': () =>
        ok({ environments: [ENVIRONMENT], activeId: ENVIRONMENT.id, notices: [] }),
      'activity:list': () => ok({ entries: [] }),
    },
  })
}

describe('the shell’s focus', () => {
  afterEach(() => {
    window.location.hash = ''
  })

  it('leaves the focus where the browser puts it when the page opens: no ring before a key', async () => {
    await renderShell()
    await screen.findByRole('combobox', { name: 'Environment' })
    // Nothing the page focused by itself: the first Tab reaches the skip link, then the top bar.
    // Where the focus is, is the behaviour here (no jest-dom for toHaveFocus on this Vitest).
    // eslint-disable-next-line testing-library/no-node-access
    expect(document.activeElement).toBe(document.body)
  })

  it('opens whole on the screen its address names, never on “Opening…” in its place', async () => {
    window.location.hash = '#/find'
    await renderShell()
    // The first thing the page shows already has the screen's heading; a screen opened later
    // says it is opening meanwhile, in the shell.
    expect(screen.getByRole('heading', { level: 1, name: 'Find a user' })).toBeTruthy()
    expect(screen.queryByText('Opening Find…')).toBeNull()
  })

  it('moves the focus to the screen a link opens, for keyboard and screen-reader users', async () => {
    await renderShell()
    const main = await screen.findByRole('main')
    window.location.hash = '#/activity'
    window.dispatchEvent(new HashChangeEvent('hashchange'))
    await screen.findByRole('heading', { name: 'Activity' })
    // eslint-disable-next-line testing-library/no-node-access
    await waitFor(() => expect(document.activeElement).toBe(main))
  })
})

describe('the sidebar', () => {
  afterEach(() => {
    window.location.hash = ''
  })

  it('lists the screens in their order, each linking to its address', async () => {
    await renderShell()
    expect(await sidebarLinks()).toEqual([
      ['Look up', '#/lookup'],
      ['Find', '#/find'],
      ['Create', '#/create'],
      ['Edit', '#/edit'],
      ['Bulk', '#/bulk'],
      ['Authenticate', '#/authenticate'],
      ['Environments', '#/environments'],
      ['Activity', '#/activity'],
    ])
  })

  it('labels them in Spanish', async () => {
    await renderShell('es')
    await waitFor(async () =>
      expect((await sidebarLinks()).map(([label]) => label)).toEqual([
        'Consultar',
        'Buscar',
        'Crear',
        'Editar',
        'En lote',
        'Autenticar',
        'Entornos',
        'Actividad',
      ]),
    )
  })

  it('opens the screen a link names, under its heading, and marks the link current', async () => {
    await renderShell()
    const headings: Record<string, string> = {
      lookup: 'Look up a user',
      find: 'Find a user',
      create: 'Create a user',
      edit: 'Edit a user',
      bulk: 'Bulk',
      authenticate: 'Authenticate',
      environments: 'Environments',
      activity: 'Activity',
    }
    for (const [address, heading] of Object.entries(headings)) {
      window.location.hash = `#/${address}`
      window.dispatchEvent(new HashChangeEvent('hashchange'))
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy()
      const nav = screen.getByRole('navigation', { name: 'Screens' })
      expect(within(nav).getByRole('link', { current: 'page' }).getAttribute('href')).toBe(
        `#/${address}`,
      )
    }
  })
})
