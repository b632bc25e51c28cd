import { expect, test } from '../fixtures'
import { arrangeUser } from '../pages/console-api'
import { lookUpByKeyboard, tabAndPress, tabAndType } from '../pages/keyboard'

test('edit a user, review and save from the keyboard alone', async ({ app }) => {
  await arrangeUser(app, { token: 'kb-edit', status: 2, firstname: 'Kim' })

  const user = await lookUpByKeyboard(app, 'kb-edit')
  await tabAndPress(app, user.getByRole('link', { name: 'Edit' }))
  await expect(app.getByLabel('First name')).toHaveValue('Kim')
  await tabAndType(app, app.getByLabel('Last name'), 'Lee')
  await tabAndPress(app, app.getByRole('button', { name: 'Review changes' }))
  await expect(app.getByRole('table', { name: 'Changes to save' })).toContainText('Lee')
  await tabAndPress(app, app.getByRole('button', { name: 'Save changes' }))
  await expect(app.getByText('Saved.')).toBeVisible()
})
