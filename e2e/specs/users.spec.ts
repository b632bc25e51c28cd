import { expect, keepScreenshot, test } from '../fixtures'

test('create → look up → edit → look up shows the change and keeps the other fields', async ({
  app,
}) => {
  await app.getByRole('link', { name: 'Create' }).click()
  await app.getByRole('textbox', { name: 'Token', exact: true }).fill('e2e-user-1')
  await app.getByLabel('Status').selectOption('2')
  await app.getByLabel('First name').fill('Ana')
  await app.getByLabel('Last name').fill('García')
  await app.getByLabel('Email').fill('ana@example.com')
  // As support staff type them: the form sends 12345678Z and 600111222.
  await app.getByLabel('ID number (DNI/NIE)').fill('12.345.678-z')
  await app.getByLabel('Mobile phone').fill('+34 600 11 12 22')
  await app.getByLabel('Video call enabled').check()
  await keepScreenshot(app, 'create-filled', test.info())
  await app.getByRole('button', { name: 'Create user' }).click()

  await expect(app.getByText('User created.')).toBeVisible()
  await expect(app.getByRole('region', { name: 'Stored record' })).toContainText('+34600111222')
  await expect(app.getByRole('region', { name: 'Stored record' })).toContainText('12345678Z')
  await keepScreenshot(app, 'create-done', test.info())

  await app
    .getByRole('region', { name: 'Stored record' })
    .getByRole('link', { name: 'Edit' })
    .click()
  await expect(app.getByLabel('First name')).toHaveValue('Ana')
  await expect(app.getByLabel('Video call enabled')).toBeChecked()
  await expect(app.getByLabel('Mobile phone')).toHaveAttribute('readonly', '')
  await app.getByLabel('First name').fill('Eva')
  await app.getByLabel('Status').selectOption('0')
  await app.getByRole('button', { name: 'Review changes' }).click()
  const summary = app.getByRole('table', { name: 'Changes to save' })
  await expect(summary).toContainText('First name')
  await expect(summary).toContainText('Eva')
  await expect(summary).toContainText('Premium (2)')
  await expect(summary).toContainText('Free (0)')
  await keepScreenshot(app, 'edit-review', test.info())
  await app.getByRole('button', { name: 'Save changes' }).click()
  await expect(app.getByText('Saved.')).toBeVisible()

  await app.getByRole('navigation').getByRole('link', { name: 'Look up' }).click()
  await app.getByRole('textbox', { name: 'Token', exact: true }).fill('e2e-user-1')
  await app.getByRole('button', { name: 'Look up' }).click()
  const details = app.getByRole('region', { name: 'User', exact: true })
  await expect(details).toContainText('Eva')
  await expect(details).toContainText('Free')
  await expect(details).toContainText('García')
  await expect(details).toContainText('ana@example.com')
  await expect(details).toContainText('+34600111222')
  await keepScreenshot(app, 'lookup', test.info())
})
