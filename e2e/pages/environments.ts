import { basename } from 'node:path'
import { expect, type Locator, type Page } from '@playwright/test'
import type { EnvironmentKind } from '../../src-shared/environments'
import { openScreen } from './console'

export async function addEnvironment(
  app: Page,
  name: string,
  baseUrl: string,
  kind: EnvironmentKind,
): Promise<void> {
  await openScreen(app, 'Environments')
  await app.getByRole('button', { name: 'Add environment' }).click()
  const form = app.getByRole('form', { name: 'New environment' })
  await form.getByLabel('Name').fill(name)
  await form.getByLabel('Base URL').fill(baseUrl)
  await form.getByLabel('Kind').selectOption(kind)
  await form.getByRole('button', { name: 'Add environment' }).click()
  await expect(app.getByRole('region', { name })).toBeVisible()
}

/** Types a secret into an environment's card and saves it; the card then only says "Set". */
export async function setSecret(
  app: Page,
  environment: string,
  label: 'API key' | 'Secret key' | 'userToken secret',
  value: string,
): Promise<void> {
  const card = app.getByRole('region', { name: environment })
  await card.getByLabel(label, { exact: true }).fill(value)
  await card.getByRole('button', { name: `Save ${label}` }).click()
  await expect(card.getByLabel(`${label} status`)).toHaveText('Set')
}

/**
 * Switches from the environment bar and waits until the main process has switched: the bar's
 * select follows the active environment, not the click, so it holds the new value only then.
 */
export async function switchEnvironment(app: Page, option: string): Promise<void> {
  const select = app.getByLabel('Environment', { exact: true })
  const id = await select.getByRole('option', { name: option, exact: true }).getAttribute('value')
  await select.selectOption({ label: option })
  await expect(select).toHaveValue(id ?? '')
}

/**
 * Gives a TLS file field of an environment's form the file at `path`, in the browser shell: its
 * path typed and taken with Enter (which takes the path, not the form). The field then names it.
 */
export async function typeTlsFile(form: Locator, label: string, path: string): Promise<void> {
  const field = form.getByRole('group', { name: label, exact: true })
  await field.getByRole('textbox', { name: label, exact: true }).fill(path)
  await field.getByRole('textbox', { name: label, exact: true }).press('Enter')
  await expect(field.getByText(basename(path), { exact: true })).toBeVisible()
}
