import type { RunningSandbox } from '../../src-sandbox/server'
import { startHttpsSandbox } from '../harness/https-sandbox'
import { expect, test } from '../fixtures'
import {
  openScreenByKeyboard,
  tabAndPaste,
  tabAndPress,
  tabAndType,
  tabTo,
} from '../pages/keyboard'

let production: RunningSandbox
test.beforeAll(async () => {
  production = await startHttpsSandbox()
})
test.afterAll(() => production.close())

test('add an environment, set its secrets, test and use it from the keyboard alone', async ({
  app,
}) => {
  await openScreenByKeyboard(app, 'Environments')
  await tabAndPress(app, app.getByRole('button', { name: 'Add environment' }))
  const form = app.getByRole('form', { name: 'New environment' })
  await tabAndType(app, form.getByLabel('Name'), 'Keyboard production')
  await tabAndPaste(app, form.getByLabel('Base URL'), production.baseUrl)
  await tabTo(app, form.getByLabel('Kind'))
  await app.keyboard.press('ArrowDown')
  await expect(form.getByLabel('Kind')).toHaveValue('production')
  await tabAndPress(app, form.getByRole('button', { name: 'Add environment' }))

  const card = app.getByRole('region', { name: 'Keyboard production' })
  // Keys are copied from where the integrator keeps them, not typed.
  await tabAndPaste(app, card.getByLabel('API key', { exact: true }), production.credentials.apiKey)
  await app.keyboard.press('Enter')
  await expect(card.getByLabel('API key status')).toHaveText('Set')
  await tabAndPaste(
    app,
    card.getByLabel('Secret key', { exact: true }),
    production.credentials.secretKey,
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
})
