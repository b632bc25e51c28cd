import { describe, expect, it, vi } from 'vitest'
import type { MenuItemConstructorOptions } from 'electron'
import type { Result } from '../src-shared/ipc'
import { applicationMenu, applicationMenuUpdater } from './app-menu'
import { messageSayer } from './core/i18n/message-translator'

describe('the menu bar', () => {
  it('on macOS leaves the app menu to the system and quitting to it', async () => {
    const menu = applicationMenu(await messageSayer('es'), 'darwin')
    expect(menu[0]).toEqual({ role: 'appMenu' })
    expect(menu.slice(1).map((item) => item.label)).toEqual(['Editar', 'Ver', 'Ventana'])
    expect(JSON.stringify(menu)).not.toContain('"quit"')
  })

  it('elsewhere keeps the usual shortcuts by role, zoom among them, and a way to quit', async () => {
    const roles = applicationMenu(await messageSayer('en'), 'win32').flatMap((menu) =>
      Array.isArray(menu.submenu) ? menu.submenu.map((item) => item.role ?? '-') : [],
    )
    expect(roles).toEqual(
      expect.arrayContaining(['copy', 'paste', 'zoomIn', 'zoomOut', 'resetZoom', 'quit']),
    )
  })

  it('sets the menus of two quick choices in their order: the last choice has the last word', async () => {
    const set: string[] = []
    const menu = {
      buildFromTemplate: (template: MenuItemConstructorOptions[]) =>
        template.map((item) => item.label).join(' '),
      setApplicationMenu: (labels: string) => void set.push(labels),
    }
    // The page's choice as main reads it, answered when the test says.
    const asked: ((language: 'en' | 'es') => void)[] = []
    const dispatch = () =>
      new Promise<Result<unknown>>((resolve) =>
        asked.push((language) => resolve({ ok: true, data: { language } })),
      )
    const update = applicationMenuUpdater(
      menu,
      dispatch,
      { languages: ['en-US'], platform: 'linux' },
      (line) => set.push(line),
    )
    void update()
    const last = update()
    await vi.waitFor(() => expect(asked).toHaveLength(1))
    asked[0]?.('es')
    await vi.waitFor(() => expect(asked).toHaveLength(2))
    asked[1]?.('en')
    await last
    expect(set).toEqual(['Editar Ver Ventana', 'Edit View Window'])
  })
})
