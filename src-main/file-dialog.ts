import type { BrowserWindow, Dialog, FileFilter } from 'electron'
import type { FileChoiceRequest } from '../src-shared/ipc'

const FILTERS: Record<FileChoiceRequest['format'], FileFilter> = {
  csv: { name: 'CSV', extensions: ['csv', 'txt'] },
  json: { name: 'JSON', extensions: ['json'] },
  pem: { name: 'PEM', extensions: ['pem', 'crt', 'cer', 'key'] },
  pkcs12: { name: 'PKCS#12', extensions: ['p12', 'pfx'] },
}

/**
 * The window's own open and save dialogs, modal to it: the page asks for a file, main shows the
 * dialog, and the core turns the path the user picked into a grant (the page gets a handle and a
 * name, never a path it could change). The save dialog always asks before replacing a file: on
 * Linux that takes showOverwriteConfirmation (macOS and Windows ask by default), so a save over
 * an existing file is one the user confirmed.
 */
export function chooseFileWith(
  dialog: Pick<Dialog, 'showOpenDialog' | 'showSaveDialog'>,
  parent: () => BrowserWindow | undefined,
) {
  return async (request: FileChoiceRequest): Promise<string | null> => {
    const window = parent()
    if (!window) return null
    const filters = [FILTERS[request.format], { name: request.allFilesName, extensions: ['*'] }]
    if (request.purpose === 'open') {
      const chosen = await dialog.showOpenDialog(window, { properties: ['openFile'], filters })
      return chosen.canceled ? null : (chosen.filePaths[0] ?? null)
    }
    const chosen = await dialog.showSaveDialog(window, {
      filters,
      properties: ['showOverwriteConfirmation', 'createDirectory'],
      ...(request.suggestedName ? { defaultPath: request.suggestedName } : {}),
    })
    return chosen.canceled || chosen.filePath === '' ? null : chosen.filePath
  }
}
