import { expect, test } from '../fixtures'
import { arrangeUser } from '../pages/console-api'
import { lookUpByKeyboard } from '../pages/keyboard'

test('look a user up from the keyboard alone', async ({ app }) => {
  await arrangeUser(app, { token: 'kb-lookup', status: 2, firstname: 'Kim', lastname: 'Lee' })

  const user = await lookUpByKeyboard(app, 'kb-lookup')
  await expect(user).toContainText('Lee')
})
