import { screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { Preferences, PreferencesChange } from '@shared/ipc'
import { ok, type FakeAnswers } from '../test/fake-bridge'
import { failed } from '../test/failed'
import { renderWithApp } from '../test/render-with-app'
import { LanguageSwitcher } from './language-switcher'

/** Main's preferences file, starting as `saved`: each change kept, as main keeps it. */
function preferences(saved: Preferences): FakeAnswers {
  let stored = saved
  return {
    'preferences:get': () => ok(stored),
    'preferences:set': (change: PreferencesChange) => {
      stored = {
        ...stored,
        language: change.language === undefined ? stored.language : change.language,
      }
      return ok(stored)
    },
  }
}

const chosen = (name: string) =>
  within(screen.getByRole('combobox', { name })).getByRole('option', { selected: true })

describe('the language choice', () => {
  afterEach(() => {
    document.documentElement.lang = ''
  })

  it('follows the system until one is chosen, naming the system’s language in itself', async () => {
    await renderWithApp(<LanguageSwitcher />, { answers: preferences({ language: null }) })
    expect(chosen('Language').textContent).toBe('System (English)')
    // Said once the page shows its words (an effect after the render).
    await waitFor(() => expect(document.documentElement.lang).toBe('en'))
  })

  it('turns the page Spanish when Español is chosen, and remembers it', async () => {
    const { bridge } = await renderWithApp(<LanguageSwitcher />, {
      answers: preferences({ language: null }),
    })
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Español')
    const spanish = await screen.findByRole('combobox', { name: 'Idioma' })
    expect(within(spanish).getByRole('option', { selected: true }).textContent).toBe('Español')
    await waitFor(() => expect(document.documentElement.lang).toBe('es-ES'))
    expect(bridge.sent('preferences:set')).toEqual([{ language: 'es' }])
  })

  it('opens in the language remembered, and goes back to the system’s when asked', async () => {
    const { bridge } = await renderWithApp(<LanguageSwitcher />, {
      answers: preferences({ language: 'es' }),
    })
    expect(chosen('Idioma').textContent).toBe('Español')
    const options = within(screen.getByRole('combobox', { name: 'Idioma' })).getAllByRole('option')
    // Each language named in itself: a user lost in the other one still finds their own.
    expect(options.map((option) => option.textContent)).toEqual([
      'Sistema (English)',
      'English',
      'Español',
    ])
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Idioma' }), 'system')
    expect(await screen.findByRole('combobox', { name: 'Language' })).toBeTruthy()
    expect(bridge.sent('preferences:set')).toEqual([{ language: null }])
  })

  it('says why a choice could not be kept, and stays in the language it speaks', async () => {
    await renderWithApp(<LanguageSwitcher />, {
      answers: {
        ...preferences({ language: null }),
        'preferences:set': () => failed('SETTINGS_UNREADABLE'),
      },
    })
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Español')
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Settings cannot be saved')).toBeTruthy()
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeTruthy()
  })
})
