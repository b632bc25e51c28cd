import type { Page } from '@playwright/test'
import { expect, keepScreenshot, test } from '../fixtures'
import { chooseLanguage, type Language } from '../pages/language'
import { SCREEN_ORDER } from '../../src-renderer/src/lib/screens'

/** Opens a screen by its address, whatever language its link is labelled in. */
async function openByAddress(app: Page, screen: string): Promise<void> {
  await app.evaluate((hash) => {
    window.location.hash = hash
  }, `#/${screen}`)
  await expect(app.locator('main h1')).toBeVisible()
  await expect(app.locator(`nav a[href="#/${screen}"]`)).toHaveAttribute('aria-current', 'page')
}

for (const language of ['en', 'es'] satisfies Language[]) {
  test(`every screen fits 1024×700 without sideways scrolling (${language})`, async ({ app }) => {
    await app.setViewportSize({ width: 1024, height: 700 })
    await chooseLanguage(app, language)
    for (const screen of SCREEN_ORDER) {
      await openByAddress(app, screen)
      const overflow = await app.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      )
      expect(overflow, `${screen} overflows by ${overflow}px`).toBeLessThanOrEqual(0)
    }
    await openByAddress(app, 'create')
    // The top bar keeps one line, and stays in view at the bottom of a long form.
    const middle = async (selector: string) => {
      const box = await app.locator(selector).boundingBox()
      return box ? box.y + box.height / 2 : Number.NaN
    }
    const line = await middle('.brand-block')
    for (const part of ['#active-environment', '#language', '#theme', '.environment-bar .badge'])
      expect(Math.abs((await middle(part)) - line), `${part} is on another line`).toBeLessThan(6)
    await app.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await expect.poll(() => app.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    await expect(app.locator('#active-environment')).toBeInViewport()
    await keepScreenshot(app, `create-1024x700-${language}`, test.info())
  })
}

test('follows a dark OS theme', async ({ app }) => {
  await app.emulateMedia({ colorScheme: 'dark' })
  await openByAddress(app, 'environments')
  const background = await app.evaluate(() => getComputedStyle(document.body).backgroundColor)
  const [r = 255, g = 255, b = 255] = (background.match(/\d+/g) ?? []).map(Number)
  expect((r + g + b) / 3, `body background ${background}`).toBeLessThan(60)
  await keepScreenshot(app, 'environments-dark', test.info())
})
