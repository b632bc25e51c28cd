import { startSandbox, type RunningSandbox } from '../../src-sandbox/server'
import { readClipboard } from '../pages/clipboard'
import { expect, test } from '../fixtures'
import { tabAndPress, tabAndType, tabTo } from '../pages/keyboard'

let staging: RunningSandbox
test.beforeAll(async () => {
  staging = await startSandbox({ port: 0, databasePath: ':memory:' })
})
test.afterAll(() => staging.close())

test('every flow works from the keyboard alone', async ({ app }) => {
  const nav = app.getByRole('navigation', { name: 'Screens' })

  // Create
  await tabAndPress(app, nav.getByRole('link', { name: 'Create' }))
  await expect(app.getByRole('heading', { level: 1 })).toHaveText('Create a user')
  await tabAndType(app, app.getByRole('textbox', { name: 'Token', exact: true }), 'kb-user')
  await tabTo(app, app.getByLabel('Status'))
  await app.keyboard.press('ArrowDown')
  await tabAndType(app, app.getByLabel('First name'), 'Kim')
  await tabAndPress(app, app.getByLabel('Video call enabled'), 'Space')
  await tabAndPress(app, app.getByRole('button', { name: 'Create user' }))
  await expect(app.getByText('User created.')).toBeVisible()

  // Edit, review, save
  await tabAndPress(
    app,
    app.getByRole('region', { name: 'Stored record' }).getByRole('link', { name: 'Edit' }),
  )
  await expect(app.getByLabel('First name')).toHaveValue('Kim')
  await tabTo(app, app.getByLabel('Last name'))
  await app.keyboard.type('Lee')
  await tabAndPress(app, app.getByRole('button', { name: 'Review changes' }))
  await tabAndPress(app, app.getByRole('button', { name: 'Save changes' }))
  await expect(app.getByText('Saved.')).toBeVisible()

  // Look up
  await tabAndPress(app, nav.getByRole('link', { name: 'Look up' }))
  await expect(app.getByRole('heading', { level: 1 })).toHaveText('Look up a user')
  await tabAndType(app, app.getByRole('textbox', { name: 'Token', exact: true }), 'kb-user')
  await app.keyboard.press('Enter')
  await expect(app.getByRole('region', { name: 'User', exact: true })).toContainText('Lee')

  // Authenticate from the lookup result
  await tabAndPress(
    app,
    app
      .getByRole('region', { name: 'User', exact: true })
      .getByRole('link', { name: 'Authenticate' }),
  )
  await expect(app.getByRole('textbox', { name: 'User identifier' })).toHaveValue('kb-user')
  await tabAndPress(app, app.getByRole('button', { name: 'Authenticate', exact: true }))
  await expect(app.getByTestId('expiry-countdown')).toContainText('Expires in')
  await tabAndPress(app, app.getByRole('button', { name: 'Copy userHash' }))
  await expect(app.getByText('userHash copied')).toBeAttached()

  // Environments: add, set secrets, test, switch
  await tabAndPress(app, nav.getByRole('link', { name: 'Environments' }))
  await expect(app.getByRole('heading', { level: 1 })).toHaveText('Environments')
  await tabAndPress(app, app.getByRole('button', { name: 'Add environment' }))
  const form = app.getByRole('form', { name: 'New environment' })
  await tabAndType(app, form.getByLabel('Name'), 'Keyboard production')
  await tabTo(app, form.getByLabel('Base URL'))
  await app.keyboard.press('ControlOrMeta+A')
  await app.keyboard.type(staging.baseUrl)
  await tabTo(app, form.getByLabel('Kind'))
  await app.keyboard.press('ArrowDown')
  await expect(form.getByLabel('Kind')).toHaveValue('production')
  await tabAndPress(app, form.getByRole('button', { name: 'Add environment' }))
  const card = app.getByRole('region', { name: 'Keyboard production' })
  await tabAndType(app, card.getByLabel('API key', { exact: true }), staging.credentials.apiKey)
  await app.keyboard.press('Enter')
  await expect(card.getByLabel('API key status')).toHaveText('Set')
  await tabAndType(
    app,
    card.getByLabel('Secret key', { exact: true }),
    staging.credentials.secretKey,
  )
  await app.keyboard.press('Enter')
  await expect(card.getByLabel('Secret key status')).toHaveText('Set')
  await tabAndPress(
    app,
    card.getByRole('button', { name: 'Test connection to Keyboard production' }),
  )
  await expect(card.getByRole('status').filter({ hasText: 'Connection OK' })).toBeVisible()
  await tabAndPress(app, card.getByRole('button', { name: 'Use Keyboard production' }))
  await expect(app.getByLabel('Environment', { exact: true })).toHaveValue(/.+/)
  await expect(card).toContainText('Active')

  // A write to production, confirmed by typing the environment's name
  await tabAndPress(app, nav.getByRole('link', { name: 'Create' }))
  await expect(app.getByRole('heading', { level: 1 })).toHaveText('Create a user')
  await tabAndType(app, app.getByRole('textbox', { name: 'Token', exact: true }), 'kb-prod-user')
  await app.keyboard.press('Enter')
  const dialog = app.getByRole('alertdialog', { name: 'Write to production?' })
  await expect(dialog.getByLabel('Environment name')).toBeFocused()
  await app.keyboard.type('Keyboard production')
  await app.keyboard.press('Enter')
  await expect(app.getByText('User created.')).toBeVisible()

  // Activity: open an entry and copy it as cURL
  await tabAndPress(app, nav.getByRole('link', { name: 'Activity' }))
  await expect(app.getByRole('heading', { level: 1 })).toHaveText('Activity')
  const entry = app.getByRole('list', { name: 'Calls' }).getByRole('listitem').first()
  await tabAndPress(app, entry.locator('summary'))
  await tabAndPress(app, entry.getByRole('button', { name: 'Copy cURL command' }))
  expect(await readClipboard(app)).toContain('$API_KEY')
})
