import { screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { Preferences, Theme } from '@shared/ipc'
import { ok } from '../test/fake-bridge'
import { renderWithApp } from '../test/render-with-app'
import { ThemeFollower } from './theme'
import { ThemeSwitcher } from './theme-switcher'

/** The top bar's theme choice with what applies it, over main's preferences file as `saved`. */
function renderTheme(saved: Preferences) {
  let stored = saved
  return renderWithApp(
    <>
      <ThemeFollower />
      <ThemeSwitcher />
    </>,
    {
      answers: {
        'preferences:get': () => ok(stored),
        'preferences:set': (change) => {
          stored = {
            language: change.language === undefined ? stored.language : change.language,
            theme: change.theme ?? stored.theme,
          }
          return ok(stored)
        },
      },
    },
  )
}

const markedTheme = () => document.documentElement.dataset.theme as Theme | undefined

describe('the theme choice', () => {
  afterEach(() => {
    delete document.documentElement.dataset.theme
  })

  it('opens on the remembered theme, which holds over the operating system’s', async () => {
    await renderTheme({ language: null, theme: 'dark' })
    const select = await screen.findByRole('combobox', { name: 'Theme' })
    expect((select as HTMLSelectElement).value).toBe('dark')
    expect(screen.getByRole('option', { name: 'Dark theme', selected: true })).toBeTruthy()
    expect(markedTheme()).toBe('dark')
  })

  it('follows the system until one is chosen, then remembers only the theme', async () => {
    const { bridge } = await renderTheme({ language: 'en' })
    const select = await screen.findByRole('combobox', { name: 'Theme' })
    expect((select as HTMLSelectElement).value).toBe('system')
    expect(markedTheme()).toBeUndefined()

    await userEvent.selectOptions(select, 'Light theme')
    await expect.poll(markedTheme).toBe('light')
    await userEvent.selectOptions(select, 'Dark theme')
    await expect.poll(markedTheme).toBe('dark')
    await userEvent.selectOptions(select, 'System theme')
    await expect.poll(markedTheme).toBeUndefined()
    // Each change names the theme alone: the language chosen beside it stays as it was.
    expect(bridge.sent('preferences:set')).toEqual([
      { theme: 'light' },
      { theme: 'dark' },
      { theme: 'system' },
    ])
  })

  it('is worded in Spanish', async () => {
    await renderTheme({ language: 'es', theme: 'light' })
    const select = await screen.findByRole('combobox', { name: 'Tema' })
    expect([...(select as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'Tema del sistema',
      'Tema claro',
      'Tema oscuro',
    ])
  })
})
