import { describe, expect, it } from 'vitest'
import { applicationMenu } from './app-menu'
import { messageSayer } from './core/message-translator'

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
})
