import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { createUser, openScreen } from '../pages/console'

/** Whether an element sits inside a region that screen readers announce as it changes. */
function inLiveRegion(app: Page, selector: string): Promise<boolean> {
  return app
    .locator(selector)
    .evaluate(
      (element) =>
        element.closest(
          '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"], [role="timer"], [role="progressbar"][aria-live]',
        ) !== null,
    )
}

test('the session countdown ticks on screen but is announced only when its minute changes', async ({
  app,
}) => {
  await createUser(app, { token: 'tick-user' })
  await openScreen(app, 'Authenticate')
  await app.getByRole('textbox', { name: 'User identifier' }).fill('tick-user')
  await app.getByRole('button', { name: 'Authenticate', exact: true }).click()
  const countdown = app.getByTestId('expiry-countdown')
  await expect(countdown).toContainText('Expires in')
  expect(await inLiveRegion(app, '[data-testid="expiry-countdown"]')).toBe(false)

  const announcement = app.locator('[data-testid="expiry-countdown"] + [role="status"]')
  const spoken = new Set([(await announcement.textContent()) ?? ''])
  for (let tick = 0; tick < 3; tick++) {
    const shown = (await countdown.textContent()) ?? ''
    await expect(countdown).not.toHaveText(shown)
    spoken.add((await announcement.textContent()) ?? '')
  }
  // Three seconds shown; at most one minute boundary crossed, so at most one announcement.
  expect(spoken.size).toBeLessThanOrEqual(2)
})

for (const scheme of ['light', 'dark'] as const) {
  for (const screen of ['Create', 'Environments', 'Authenticate', 'Bulk'] as const) {
    test(`${screen}, ${scheme}: every control shows where the focus is, with a ring of 3:1 contrast`, async ({
      app,
    }) => {
      await app.emulateMedia({ colorScheme: scheme })
      await openScreen(app, screen)
      const unmarked = new Set<string>()
      for (let step = 0; step < 30; step++) {
        await app.keyboard.press('Tab')
        const problem = await app.evaluate(() => {
          const element = document.activeElement
          if (!element || element === document.body) return null
          const luminance = (color: string) => {
            const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number)
            const linear = (c: number) =>
              c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4
            return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
          }
          const style = getComputedStyle(element)
          const ring = style.outlineStyle !== 'none' ? parseFloat(style.outlineWidth) : 0
          const [light, dark] = [
            luminance(style.outlineColor),
            luminance(getComputedStyle(document.body).backgroundColor),
          ].sort((a, b) => b - a) as [number, number]
          const contrast = (light + 0.05) / (dark + 0.05)
          if (ring >= 2 && contrast >= 3) return null
          const label =
            element.getAttribute('aria-label') ?? element.textContent.trim().slice(0, 30)
          return `${element.tagName.toLowerCase()}#${element.id} "${label}": ring ${ring}px, ${contrast.toFixed(1)}:1`
        })
        if (problem) unmarked.add(problem)
      }
      expect([...unmarked], `${screen} (${scheme})`).toEqual([])
    })
  }
}
