import { expect, type Locator, type Page } from '@playwright/test'
import { expectScreen, screenLink, type ScreenName } from './console'

/**
 * Moves the focus to the element as a keyboard user would: Tab while it comes after the focused
 * element, Shift+Tab while it comes before. Fails if the element is never reached.
 */
export async function tabTo(app: Page, target: Locator, maxPresses = 60): Promise<void> {
  // One handle for the whole walk: resolving a role locator on every step costs more than the
  // key press itself, and the walk may cross a whole screen.
  const element = await target.elementHandle()
  try {
    for (let i = 0; i < maxPresses; i++) {
      const key = await element.evaluate((node) => {
        const focused = document.activeElement
        if (focused === node) return null
        // A control that disables itself while busy drops the focus to the body; the browser
        // still moves on from where that control was.
        if (!focused || focused === document.body) return 'Tab'
        const before = focused.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_PRECEDING
        return before ? 'Shift+Tab' : 'Tab'
      })
      if (key === null) return
      await app.keyboard.press(key)
    }
  } finally {
    await element.dispose()
  }
  await expect(target, 'reachable with the Tab key').toBeFocused()
}

export async function tabAndType(app: Page, target: Locator, text: string): Promise<void> {
  await tabTo(app, target)
  await app.keyboard.type(text)
}

/**
 * Tabs to a text field and pastes over what it holds: for a value a person copies rather than
 * types (a URL, a key, a path). It arrives at once, as a paste does; a key press per character of
 * a long value proves nothing more, and on a busy machine costs a spec most of its time.
 */
export async function tabAndPaste(app: Page, target: Locator, text: string): Promise<void> {
  await tabTo(app, target)
  await app.keyboard.press('ControlOrMeta+A')
  await app.keyboard.insertText(text)
  await expect(target).toHaveValue(text)
}

export async function tabAndPress(app: Page, target: Locator, key = 'Enter'): Promise<void> {
  await tabTo(app, target)
  await app.keyboard.press(key)
}

/** Follows the sidebar link with the keyboard and waits until the screen is the one shown. */
export async function openScreenByKeyboard(app: Page, name: ScreenName): Promise<void> {
  await tabAndPress(app, screenLink(app, name))
  await expectScreen(app, name)
}

/** Looks a user up with the keyboard and waits for the record. */
export async function lookUpByKeyboard(app: Page, token: string): Promise<Locator> {
  await openScreenByKeyboard(app, 'Look up')
  await tabAndType(app, app.getByRole('textbox', { name: 'Token', exact: true }), token)
  await app.keyboard.press('Enter')
  const user = app.getByRole('region', { name: 'User', exact: true })
  await expect(user).toContainText(token)
  return user
}
