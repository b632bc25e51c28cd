import type { SharedMessage } from './message-text'

/**
 * The window's menu bar, said by main in the page's language. Not among the shared messages a
 * face recognises in a text: a word such as "Copy" alone would read like data.
 */
export const MENU_MESSAGES = {
  edit: /*i18n*/ { id: 'menu.edit', message: 'Edit' },
  undo: /*i18n*/ { id: 'menu.undo', message: 'Undo' },
  redo: /*i18n*/ { id: 'menu.redo', message: 'Redo' },
  cut: /*i18n*/ { id: 'menu.cut', message: 'Cut' },
  copy: /*i18n*/ { id: 'menu.copy', message: 'Copy' },
  paste: /*i18n*/ { id: 'menu.paste', message: 'Paste' },
  selectAll: /*i18n*/ { id: 'menu.selectAll', message: 'Select All' },
  view: /*i18n*/ { id: 'menu.view', message: 'View' },
  resetZoom: /*i18n*/ { id: 'menu.resetZoom', message: 'Actual Size' },
  zoomIn: /*i18n*/ { id: 'menu.zoomIn', message: 'Zoom In' },
  zoomOut: /*i18n*/ { id: 'menu.zoomOut', message: 'Zoom Out' },
  togglefullscreen: /*i18n*/ { id: 'menu.toggleFullScreen', message: 'Toggle Full Screen' },
  window: /*i18n*/ { id: 'menu.window', message: 'Window' },
  minimize: /*i18n*/ { id: 'menu.minimize', message: 'Minimize' },
  close: /*i18n*/ { id: 'menu.close', message: 'Close Window' },
  quit: /*i18n*/ { id: 'menu.quit', message: 'Quit' },
} as const satisfies Record<string, SharedMessage>
