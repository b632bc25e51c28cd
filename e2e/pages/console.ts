import { expect, type Locator, type Page } from '@playwright/test'

export type ScreenName =
  'Look up' | 'Find' | 'Create' | 'Edit' | 'Bulk' | 'Authenticate' | 'Environments' | 'Activity'

const HEADINGS: Record<ScreenName, string> = {
  'Look up': 'Look up a user',
  Find: 'Find a user',
  Create: 'Create a user',
  Edit: 'Edit a user',
  Bulk: 'Bulk',
  Authenticate: 'Authenticate',
  Environments: 'Environments',
  Activity: 'Activity',
}

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
