import { basename } from 'node:path'
import { expect, type ElectronApplication, type Page } from '@playwright/test'
import { tabAndPaste, tabTo } from './keyboard'

/** The Electron app behind a window page (electron project only), for its main-side dialogs. */
export const electronAppOf = new WeakMap<Page, ElectronApplication>()

/** Main's open and save dialogs answer `path` from now on, as a user picking it would. */
async function answerDialogsWith(electronApp: ElectronApplication, path: string): Promise<void> {
  await electronApp.evaluate(({ dialog }, chosen) => {
    dialog.showOpenDialog = () => Promise.resolve({ canceled: false, filePaths: [chosen] })
    dialog.showSaveDialog = () => Promise.resolve({ canceled: false, filePath: chosen })
  }, path)
}

/**
 * Gives a file field the file at `path` as its user would: in the browser shell by typing the
 * path; in the Electron window by picking it in main's own dialog, which the spec answers from
 * main (the page itself can name no file there).
 */
export async function giveFile(app: Page, label: string, path: string): Promise<void> {
  const electronApp = electronAppOf.get(app)
  if (!electronApp) {
    await app.getByLabel(label, { exact: true }).fill(path)
    return
  }
  await answerDialogsWith(electronApp, path)
  const field = app.locator('form.path-field', { has: app.getByLabel(label, { exact: true }) })
  await field.getByRole('button', { name: /^(Choose|Elegir)…$/ }).click()
  await expect(app.getByLabel(label, { exact: true })).toHaveValue(basename(path))
}

/**
 * As giveFile, from the keyboard alone: Tab to the field and paste the path (browser shell), or
 * Tab to its Choose… button and press Enter (the window, whose dialog main answers).
 */
export async function giveFileByKeyboard(app: Page, label: string, path: string): Promise<void> {
  const electronApp = electronAppOf.get(app)
  const field = app.getByLabel(label, { exact: true })
  if (!electronApp) {
    await tabAndPaste(app, field, path)
    return
  }
  await answerDialogsWith(electronApp, path)
  const form = app.locator('form.path-field', { has: field })
  await tabTo(app, form.getByRole('button', { name: /^(Choose|Elegir)…$/ }))
  await app.keyboard.press('Enter')
  await expect(field).toHaveValue(basename(path))
  await tabTo(app, field)
}

/**
 * Gives a field for a file to read the file at `path` as picked, never typed: in the browser
 * shell through the browser's own chooser (the bytes go to main), in the window through main's
 * dialog. For the files main reads only as the user picked them (a file of environments).
 */
export async function pickFile(app: Page, label: string, path: string): Promise<void> {
  if (electronAppOf.get(app)) {
    await giveFile(app, label, path)
    return
  }
  await app.getByLabel(`${label}: choose a file`).setInputFiles(path)
  await expect(app.getByLabel(label, { exact: true })).toHaveValue(basename(path))
}
