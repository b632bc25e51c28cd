import type { RunningSandbox } from '../../src-sandbox/server'
import { startHttpsSandbox } from '../harness/https-sandbox'
import { expect, test } from '../fixtures'
import { arrangeEnvironmentOn } from '../pages/console-api'
import { openScreenByKeyboard, tabAndType } from '../pages/keyboard'

let production: RunningSandbox
test.beforeAll(async () => {
  production = await startHttpsSandbox()
})
test.afterAll(() => production.close())

test('confirm a write to production by typing its name, from the keyboard alone', async ({
  app,
}) => {
  await arrangeEnvironmentOn(app, production, { name: 'Keyboard production', kind: 'production' })

  await openScreenByKeyboard(app, 'Create')
  await tabAndType(app, app.getByRole('textbox', { name: 'Token', exact: true }), 'kb-prod-user')
  await app.keyboard.press('Enter')
  const dialog = app.getByRole('alertdialog', { name: 'Write to production?' })
  await expect(dialog.getByLabel('Environment name')).toBeFocused()
  await app.keyboard.type('Keyboard production')
  await app.keyboard.press('Enter')
  await expect(app.getByText('User created.')).toBeVisible()
})
