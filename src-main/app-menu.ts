import type { MenuItemConstructorOptions } from 'electron'
import { preferencesSchema } from '../src-shared/ipc'
import { pickLanguage, type Language } from '../src-shared/messages'
import { MENU_MESSAGES } from '../src-shared/messages/menu-messages'
import type { Dispatch } from './core/wiring/dispatcher'
import { messageSayer, type SayMessage } from './core/i18n/message-translator'

type MenuItemRole = NonNullable<MenuItemConstructorOptions['role']>
type MenuMessage = (typeof MENU_MESSAGES)[keyof typeof MENU_MESSAGES]

/**
 * The window's menu bar in the page's language, with what the console needs of one: editing
 * and zoom with their usual shortcuts (zoom is how a low-vision user enlarges the page), and
 * the window. Electron's own default menu would be English, whatever the page speaks.
 */
export function applicationMenu(
  say: SayMessage,
  platform: NodeJS.Platform,
): MenuItemConstructorOptions[] {
  const item = (role: MenuItemRole, message: MenuMessage): MenuItemConstructorOptions => ({
    role,
    label: say(message),
  })
  const separator: MenuItemConstructorOptions = { type: 'separator' }
  const mac = platform === 'darwin'
  return [
    // macOS puts the app's own menu first, worded by the system.
    ...(mac ? [{ role: 'appMenu' } satisfies MenuItemConstructorOptions] : []),
    {
      label: say(MENU_MESSAGES.edit),
      submenu: [
        item('undo', MENU_MESSAGES.undo),
        item('redo', MENU_MESSAGES.redo),
        separator,
        item('cut', MENU_MESSAGES.cut),
        item('copy', MENU_MESSAGES.copy),
        item('paste', MENU_MESSAGES.paste),
        item('selectAll', MENU_MESSAGES.selectAll),
      ],
    },
    {
      label: say(MENU_MESSAGES.view),
      submenu: [
        item('resetZoom', MENU_MESSAGES.resetZoom),
        item('zoomIn', MENU_MESSAGES.zoomIn),
        item('zoomOut', MENU_MESSAGES.zoomOut),
        separator,
        item('togglefullscreen', MENU_MESSAGES.togglefullscreen),
      ],
    },
    {
      label: say(MENU_MESSAGES.window),
      submenu: [
        item('minimize', MENU_MESSAGES.minimize),
        item('close', MENU_MESSAGES.close),
        ...(mac ? [] : [separator, item('quit', MENU_MESSAGES.quit)]),
      ],
    },
  ]
}

/** The language the page speaks: the one chosen in it, or else the system's. */
export async function pageLanguage(
  dispatch: Dispatch,
  systemLanguages: string[],
): Promise<Language> {
  const answer = await dispatch('preferences:get', undefined)
  const chosen = answer.ok ? preferencesSchema.parse(answer.data).language : null
  return chosen ?? pickLanguage(systemLanguages)
}

/**
 * Sets the menu bar in the page's language, now and on each call after (when the page's language
 * changes). Updates run one after another, each reading the language at its turn: the last menu
 * set is the one of the last choice, however long a catalog takes to load.
 */
export function applicationMenuUpdater<Built>(
  menu: {
    buildFromTemplate(template: MenuItemConstructorOptions[]): Built
    setApplicationMenu(menu: Built): void
  },
  dispatch: Dispatch,
  system: { languages: string[]; platform: NodeJS.Platform },
  log: (line: string) => void,
): () => Promise<void> {
  let queue = Promise.resolve()
  async function update(): Promise<void> {
    const say = await messageSayer(await pageLanguage(dispatch, system.languages))
    menu.setApplicationMenu(menu.buildFromTemplate(applicationMenu(say, system.platform)))
  }
  return () =>
    (queue = queue.then(update).catch((error: unknown) =>
      // Electron's own menu, or the last one set, stays: every item of it works.
      log(
        `menu: not set in the page's language (${error instanceof Error ? error.name : typeof error})`,
      ),
    ))
}
