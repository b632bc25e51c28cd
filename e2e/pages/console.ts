import { expect, type Locator, type Page } from '@playwright/test'
import { SCREENS, type Screen } from '../../src-renderer/src/lib/screens'

/** A screen as its sidebar link names it in English: `'Look up'`, `'Bulk'`. */
export type ScreenName = (typeof SCREENS)[Screen]['label']['message']

const HEADINGS = Object.fromEntries(
  Object.values(SCREENS).map((screen) => [screen.label.message, screen.heading.message]),
) as Record<ScreenName, string>

export function screenLink(app: Page, name: ScreenName): Locator {
  return app.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name, exact: true })
}

export async function expectScreen(app: Page, name: ScreenName): Promise<void> {
  await expect(app.getByRole('heading', { level: 1 })).toHaveText(HEADINGS[name])
}

/** Opens a screen from the sidebar and waits until it is the one shown. */
export async function openScreen(app: Page, name: ScreenName): Promise<void> {
  await screenLink(app, name).click()
  await expectScreen(app, name)
}

export interface NewUser {
  token: string
  status?: '0' | '2' | '3'
  firstname?: string
  email?: string
}

export async function createUser(app: Page, user: NewUser): Promise<void> {
  await openScreen(app, 'Create')
  await app.getByRole('textbox', { name: 'Token', exact: true }).fill(user.token)
  if (user.status) await app.getByLabel('Status').selectOption(user.status)
  if (user.firstname) await app.getByLabel('First name').fill(user.firstname)
  if (user.email) await app.getByLabel('Email').fill(user.email)
  await app.getByRole('button', { name: 'Create user' }).click()
  await expect(app.getByText('User created.')).toBeVisible()
}

export async function lookUp(app: Page, token: string): Promise<void> {
  await openScreen(app, 'Look up')
  await app.getByRole('textbox', { name: 'Token', exact: true }).fill(token)
  await app.getByRole('button', { name: 'Look up' }).click()
}
