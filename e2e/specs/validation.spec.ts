import { expect, keepScreenshot, test } from '../fixtures'
import { createUser, lookUp, openScreen } from '../pages/console'

test('every invalid field shows its message and nothing is sent', async ({ app }) => {
  await openScreen(app, 'Create')
  await app.getByLabel('Status').selectOption('2')
  const invalid: [string, string, RegExp][] = [
    ['Email', 'not-an-email', /valid email address/],
    // Each field is named by its label, not by the service's name for it.
    ['ID number (DNI/NIE)', '12345678A', /^ID number \(DNI\/NIE\) must be a Spanish DNI/],
    ['Birthdate', '1990-02-30', /^Birthdate is not a day of the calendar$/],
    ['Mobile phone', '+44 7700 900123', /country prefix other than \+34/],
    ['First name', 'x'.repeat(101), /at most 100 characters/],
    ['Company group code', 'x'.repeat(101), /at most 100 characters/],
  ]
  for (const [label, value] of invalid) await app.getByLabel(label).fill(value)
  await app.getByRole('button', { name: 'Create user' }).click()

  await expect(app.getByRole('textbox', { name: 'Token', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  )
  await expect(app.getByText('Token must not be empty')).toBeVisible()
  for (const [label, , message] of invalid) {
    const field = app.getByLabel(label)
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(app.getByText(message).first()).toBeVisible()
  }
  await keepScreenshot(app, 'create-invalid', test.info())
  await openScreen(app, 'Activity')
  await expect(app.getByText('No calls yet.')).toBeVisible()
})

test('a duplicate token is refused and named', async ({ app }) => {
  await createUser(app, { token: 'dup-1', firstname: 'First' })
  await app.getByRole('button', { name: 'Create another' }).click()
  await app.getByRole('textbox', { name: 'Token', exact: true }).fill('dup-1')
  await app.getByRole('button', { name: 'Create user' }).click()
  await expect(app.getByRole('alert').filter({ hasText: 'Already exists' })).toBeVisible()
  await expect(app.getByText('token is already taken by another user').first()).toBeVisible()
  await keepScreenshot(app, 'create-duplicate', test.info())
})

test('an unknown token reads as such', async ({ app }) => {
  await lookUp(app, 'nobody-has-this-token')
  await expect(app.getByRole('alert').filter({ hasText: 'No user with this token' })).toBeVisible()
  await keepScreenshot(app, 'lookup-unknown', test.info())
})
