import { expect, test } from '../fixtures'
import { arrangeUser, consoleApi } from '../pages/console-api'

test('turn the list on, look a user up, find them by name and open a fresh Look up', async ({
  app,
}) => {
  await arrangeUser(app, { token: 'e2e-find-1', status: 2, firstname: 'Begoña', lastname: 'Muñoz' })
  const nav = app.getByRole('navigation', { name: 'Screens' })

  await nav.getByRole('link', { name: 'Find' }).click()
  await expect(app.getByText('The list is off: turn it on above to find users here.')).toBeVisible()
  await app.getByRole('checkbox', { name: 'Keep a list of the users this console sees' }).check()

  await nav.getByRole('link', { name: 'Look up' }).click()
  await app.getByRole('textbox', { name: 'Token', exact: true }).fill('e2e-find-1')
  await app.getByRole('button', { name: 'Look up' }).click()
  await expect(app.getByRole('region', { name: 'User', exact: true })).toContainText('Muñoz')

  const search = app.getByRole('searchbox', { name: 'Email, DNI/NIE or name' })
  const row = app.getByRole('table', { name: 'Known users' }).getByRole('row', { name: /Begoña/ })
  await nav.getByRole('link', { name: 'Find' }).click()
  await search.fill('begona munoz')
  await expect(row).toContainText('Looked up')

  // The service changes behind the list: opening the user must show what it holds now.
  const api = consoleApi(app)
  const base = await api.users.retrieve({ token: 'e2e-find-1' })
  if (!base.ok) throw new Error(base.error.said.text)
  await api.users.update({
    token: 'e2e-find-1',
    changes: { status: 2, firstname: 'Begoña', lastname: 'Muñoz Sáez' },
    base: base.data,
  })
  // Find opened again, the same search shows the list as main holds it now, not the one cached.
  await nav.getByRole('link', { name: 'Look up' }).click()
  await nav.getByRole('link', { name: 'Find' }).click()
  await search.fill('begona munoz')
  await expect(row).toContainText('Muñoz Sáez')
  await expect(row).toContainText('Updated')
  await row.getByRole('link', { name: 'Look up Begoña Muñoz Sáez' }).click()
  await expect(app).toHaveURL(/#\/lookup\/e2e-find-1$/)
  await expect(app.getByRole('region', { name: 'User', exact: true })).toContainText('Muñoz Sáez')
})
