import { expect, type Locator, type Page } from '@playwright/test'

/** Presses Tab until the element has focus, as a keyboard user would; fails if it never does. */
export async function tabTo(app: Page, target: Locator, maxPresses = 60): Promise<void> {
  for (let i = 0; i < maxPresses; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await app.keyboard.press('Tab')
  }
  await expect(target, 'reachable with the Tab key').toBeFocused()
}

export async function tabAndType(app: Page, target: Locator, text: string): Promise<void> {
  await tabTo(app, target)
  await app.keyboard.type(text)
}

export async function tabAndPress(app: Page, target: Locator, key = 'Enter'): Promise<void> {
  await tabTo(app, target)
  await app.keyboard.press(key)
}
