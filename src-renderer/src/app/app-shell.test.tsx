import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { appInfoIn, ENVIRONMENT } from '../features/environments/components/environment-fixtures'
import { ok } from '../test/fake-bridge'
import { renderWithApp } from '../test/render-with-app'
import { AppShell } from './app-shell'

function renderShell() {
  return renderWithApp(<AppShell />, {
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
    expect(document.activeElement).toBe(document.body)
  })

  it('moves the focus to the screen a link opens, for keyboard and screen-reader users', async () => {
    await renderShell()
    const main = await screen.findByRole('main')
    window.location.hash = '#/activity'
    window.dispatchEvent(new HashChangeEvent('hashchange'))
    await screen.findByRole('heading', { name: 'Activity' })
    await waitFor(() => expect(document.activeElement).toBe(main))
  })
})
