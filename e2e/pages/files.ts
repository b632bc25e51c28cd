import { basename } from 'node:path'
import { expect, type ElectronApplication, type Page } from '@playwright/test'

/** The Electron app behind a window page (electron project only), for its main-side dialogs. */
export const electronAppOf = new WeakMap<Page, ElectronApplication>()

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
  await electronApp.evaluate(({ dialog }, chosen) => {
    dialog.showOpenDialog = () => Promise.resolve({ canceled: false, filePaths: [chosen] })
    dialog.showSaveDialog = () => Promise.resolve({ canceled: false, filePath: chosen })
  }, path)
  const field = app.locator('form.path-field', { has: app.getByLabel(label, { exact: true }) })
  await field.getByRole('button', { name: /^(Choose|Elegir)…$/ }).click()
  await expect(app.getByLabel(label, { exact: true })).toHaveValue(basename(path))
}
