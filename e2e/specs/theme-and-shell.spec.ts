import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { openScreen, screenLink } from '../pages/console'

/** How light the page's background is, 0 (black) to 255 (white). */
async function backgroundLightness(app: Page): Promise<number> {
  const background = await app.evaluate(() => getComputedStyle(document.body).backgroundColor)
  const [r = 0, g = 0, b = 0] = (background.match(/\d+/g) ?? []).map(Number)
  return (r + g + b) / 3
}

/** What the window shows, as it shows it: a full-page capture would unstick the sticky parts. */
async function keepViewport(app: Page, name: string): Promise<void> {
  await app.screenshot({ path: test.info().outputPath(`${name}.png`) })
}

const looksDark = async (app: Page) => (await backgroundLightness(app)) < 60
const theme = (app: Page) => app.getByRole('combobox', { name: 'Theme' })

test('a theme chosen in the top bar holds over the OS’s, is kept after a reload, and System follows the OS live', async ({
  app,
}) => {
  await app.emulateMedia({ colorScheme: 'light' })
  await expect.poll(() => looksDark(app)).toBe(false)
  await theme(app).selectOption({ label: 'Dark theme' })
  await expect.poll(() => looksDark(app), 'Dark over a light OS').toBe(true)
  // A form control takes the theme too, not only the page's own colours.
  await openScreen(app, 'Create')
  const field = app.getByRole('textbox', { name: 'Token', exact: true })
  expect(await field.evaluate((element) => getComputedStyle(element).colorScheme)).toBe('dark')
  await keepViewport(app, 'create-dark-over-light-os')

  await app.reload()
  await app.locator('[data-app-state="loaded"]').waitFor()
  await expect(theme(app)).toHaveValue('dark')
  await expect.poll(() => looksDark(app), 'Dark after a reload').toBe(true)

  await app.emulateMedia({ colorScheme: 'dark' })
  await theme(app).selectOption({ label: 'Light theme' })
  await expect.poll(() => looksDark(app), 'Light over a dark OS').toBe(false)

  await theme(app).selectOption({ label: 'System theme' })
  await expect.poll(() => looksDark(app), 'System on a dark OS').toBe(true)
  await app.emulateMedia({ colorScheme: 'light' })
  await expect.poll(() => looksDark(app), 'System as the OS turns light').toBe(false)
})

for (const size of [
  { width: 1024, height: 700 },
  { width: 1280, height: 800 },
]) {
  test(`the side navigation stays in view at the bottom of a long screen (${size.width}×${size.height})`, async ({
    app,
  }) => {
    await app.setViewportSize(size)
    await openScreen(app, 'Create')
    await app.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await expect
      .poll(() => app.evaluate(() => window.scrollY), 'the form is longer than the window')
      .toBeGreaterThan(100)
    for (const name of ['Look up', 'Activity'] as const)
      await expect(screenLink(app, name), `${name} in view`).toBeInViewport({ ratio: 1 })
    // Below the top bar, not under it.
    const bar = await app.locator('header.topbar').boundingBox()
    const first = await screenLink(app, 'Look up').boundingBox()
    expect(first && bar && first.y >= bar.y + bar.height).toBe(true)
    await keepViewport(app, `create-bottom-${size.width}x${size.height}`)
  })
}

test('no focus ring shows when the page opens; the first Tab goes to the skip link', async ({
  app,
}) => {
  expect(
    await app.evaluate(() => document.querySelector(':focus-visible')?.outerHTML ?? null),
  ).toBe(null)
  await app.keyboard.press('Tab')
  const skip = app.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  expect(await skip.evaluate((element) => element.matches(':focus-visible'))).toBe(true)
})
