import { expect, keepScreenshot, test } from '../fixtures'

test('create → look up → edit → look up shows the change and keeps the other fields', async ({
  app,
}) => {
  await app.getByRole('link', { name: 'Create' }).click()
  await app.getByLabel('Token').fill('e2e-user-1')
  await app.getByLabel('Status').selectOption('2')
  await app.getByLabel('First name').fill('Ana')
  await app.getByLabel('Last name').fill('García')
  await app.getByLabel('Email').fill('ana@example.com')
  await app.getByLabel('ID number (DNI/NIE)').fill('12345678Z')
  await app.getByLabel('Mobile phone').fill('600111222')
  await app.getByLabel('Video call enabled').check()
  await keepScreenshot(app, 'create-filled')
  await app.getByRole('button', { name: 'Create user' }).click()

  await expect(app.getByText('User created.')).toBeVisible()
  await expect(app.getByRole('region', { name: 'Stored record' })).toContainText('+34600111222')
  await keepScreenshot(app, 'create-done')

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
  await expect(summary).toContainText('firstname')
  await expect(summary).toContainText('Eva')
  await keepScreenshot(app, 'edit-review')
  await app.getByRole('button', { name: 'Save changes' }).click()
  await expect(app.getByText('Saved.')).toBeVisible()

  await app.getByRole('navigation').getByRole('link', { name: 'Look up' }).click()
  await app.getByLabel('Token').fill('e2e-user-1')
  await app.getByRole('button', { name: 'Look up' }).click()
  const details = app.getByRole('region', { name: 'User', exact: true })
  await expect(details).toContainText('Eva')
  await expect(details).toContainText('Free')
  await expect(details).toContainText('García')
  await expect(details).toContainText('ana@example.com')
  await expect(details).toContainText('+34600111222')
  await keepScreenshot(app, 'lookup')
})
