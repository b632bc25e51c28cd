import { expect, keepScreenshot, test } from '../fixtures'
import { openScreen, type ScreenName } from '../pages/console'

const SCREENS: ScreenName[] = [
  'Look up',
  'Create',
  'Edit',
  'Bulk',
  'Authenticate',
  'Environments',
  'Activity',
]

test('every screen fits 1024×700 without sideways scrolling', async ({ app }) => {
  await app.setViewportSize({ width: 1024, height: 700 })
  for (const screen of SCREENS) {
    await openScreen(app, screen)
    const overflow = await app.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    )
    expect(overflow, `${screen} overflows by ${overflow}px`).toBeLessThanOrEqual(0)
  }
  await openScreen(app, 'Create')
  await keepScreenshot(app, 'create-1024x700', test.info())
})

test('follows a dark OS theme', async ({ app }) => {
  await app.emulateMedia({ colorScheme: 'dark' })
  await openScreen(app, 'Environments')
  const background = await app.evaluate(() => getComputedStyle(document.body).backgroundColor)
  const [r = 255, g = 255, b = 255] = (background.match(/\d+/g) ?? []).map(Number)
  expect((r + g + b) / 3, `body background ${background}`).toBeLessThan(60)
  await keepScreenshot(app, 'environments-dark', test.info())
})
