import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { NO_FAULTS } from '../../src-sandbox/faults'
import type { RunningSandbox } from '../../src-sandbox/server'
import { startHttpsSandbox } from '../harness/https-sandbox'
import { expect, keepScreenshot, test } from '../fixtures'
import { chooseLanguage, textsOnScreen } from '../pages/language'
import { SCREEN_STATES } from '../pages/screen-tour'

// What reads the same in both languages: the product tiers, the service's own terms, a number with
// its unit, and example codes (a DNI in a placeholder). Anything else shown identically in both
// is a string left untranslated.
const SAME_IN_BOTH = new Set([
  'Free',
  'Premium',
  'Free (0)',
  'Premium (2)',
  'sandbox',
  'JWT',
  // The service's names for its two credentials, as its integrators' documents say them.
  'API key',
  'Secret key',
  // A word Spanish has taken as it is.
  'Proxy',
])
const SAME_IN_BOTH_SHAPES = [/^[\d.,\s]+(ms|s|KiB|MiB|B|%)$/, /^[0-9A-Z][0-9A-Z-]*$/]
const sameInBoth = (text: string) =>
  SAME_IN_BOTH.has(text) || SAME_IN_BOTH_SHAPES.some((shape) => shape.test(text))

/** The rules a theme can change the outcome of: the others see the same page in both themes. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

/**
 * Every rule once per language, and the colour rules in every language and theme: a second full
 * run in the other theme would check the same names, roles and structure again, at a second
 * or so a state.
 */
async function expectNoAxeViolations(
  app: Page,
  state: string,
  rules: 'every rule' | 'colour rules',
): Promise<void> {
  // Legacy mode runs axe in the page itself: the browser shell closes any other page a test
  // opens, and the console has no frames for the newer mode to reach.
  const builder = new AxeBuilder({ page: app }).setLegacyMode()
  const { violations } = await (
    rules === 'every rule'
      ? builder.withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'])
      : builder.withRules(COLOUR_RULES)
  ).analyze()
  const found = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  )
  expect(found, `axe on ${state}`).toEqual([])
}

let httpsSandbox: RunningSandbox | undefined
test.beforeAll(async () => {
  if (SCREEN_STATES.some((state) => state.httpsSandbox)) httpsSandbox = await startHttpsSandbox()
})
test.afterEach(() => {
  httpsSandbox?.setFaults(NO_FAULTS)
})
test.afterAll(async () => {
  await httpsSandbox?.close()
})

// Two tests a state, one a language: each reaches the state afresh, so either half stays well within
// its time on a busy machine (the four axe runs of one test took 40 s beside two CPU-bound jobs).
for (const state of SCREEN_STATES) {
  test(`${state.name}: no axe violation in English, light or dark`, async ({ app }, testInfo) => {
    await state.reach(app, testInfo, httpsSandbox)
    await expectNoAxeViolations(app, `${state.name}, English, light`, 'every rule')
    await app.emulateMedia({ colorScheme: 'dark' })
    await expectNoAxeViolations(app, `${state.name}, English, dark`, 'colour rules')
  })

  test(`${state.name}: every text in Spanish, no axe violation in either theme, fits 1024×700`, async ({
    app,
  }, testInfo) => {
    await state.reach(app, testInfo, httpsSandbox)
    const english = await textsOnScreen(app)
    await chooseLanguage(app, 'es')
    await state.again?.(app)
    const spanish = await textsOnScreen(app)
    const untranslated = spanish.filter((text) => english.includes(text) && !sameInBoth(text))
    expect(untranslated, `${state.name}: shown in English in Spanish`).toEqual([])
    await app.emulateMedia({ colorScheme: 'dark' })
    await expectNoAxeViolations(app, `${state.name}, Spanish, dark`, 'every rule')
    await keepScreenshot(app, `${state.name}-es-dark`, testInfo)
    await app.emulateMedia({ colorScheme: 'light' })
    await expectNoAxeViolations(app, `${state.name}, Spanish, light`, 'colour rules')
    await keepScreenshot(app, `${state.name}-es-light`, testInfo)

    // Spanish runs longer: the state still fits the smallest window without sideways scrolling.
    await app.setViewportSize({ width: 1024, height: 700 })
    const overflow = await app.evaluate(() => document.documentElement.scrollWidth - innerWidth)
    expect(
      overflow,
      `${state.name} overflows 1024px by ${overflow}px in Spanish`,
    ).toBeLessThanOrEqual(0)
  })
}
