import AxeBuilder from '@axe-core/playwright'
import type { Page, TestInfo } from '@playwright/test'
import { NO_FAULTS } from '../../src-sandbox/faults'
import type { RunningSandbox } from '../../src-sandbox/server'
import { startHttpsSandbox } from '../harness/https-sandbox'
import { expect, keepScreenshot, test } from '../fixtures'
import { chooseLanguage, textsOnScreen } from '../pages/language'
import type { ScreenState } from '../pages/screen-state'
import { SCREEN_TOURS } from '../pages/screen-tour'

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
 * Every rule once a state, and the colour rules in every language and theme: a second full run
 * in the other language or theme would check the same roles and structure again, at a second or
 * two a state.
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

/**
 * One state as reached in English: every rule, its colours in the dark theme, then switched to
 * Spanish from the top bar, every text translated, every rule again (a translation can break a
 * name or a label's match with its text), its colours in both themes, and the smallest window
 * without sideways scrolling.
 */
async function checkState(app: Page, state: ScreenState, testInfo: TestInfo): Promise<void> {
  // The state before left the theme light.
  const english = await textsOnScreen(app)
  await expectNoAxeViolations(app, `${state.name}, English, light`, 'every rule')
  await app.emulateMedia({ colorScheme: 'dark' })
  await expectNoAxeViolations(app, `${state.name}, English, dark`, 'colour rules')

  await chooseLanguage(app, 'es')
  await state.again?.(app)
  const spanish = await textsOnScreen(app)
  const untranslated = spanish.filter((text) => english.includes(text) && !sameInBoth(text))
  expect(untranslated, `${state.name}: shown in English in Spanish`).toEqual([])
  await expectNoAxeViolations(app, `${state.name}, Spanish, dark`, 'every rule')
  await keepScreenshot(app, `${state.name}-es-dark`, testInfo)
  await app.emulateMedia({ colorScheme: 'light' })
  await expectNoAxeViolations(app, `${state.name}, Spanish, light`, 'colour rules')
  await keepScreenshot(app, `${state.name}-es-light`, testInfo)

  // Spanish runs longer: the state still fits the smallest window without sideways scrolling.
  const viewport = app.viewportSize()
  await app.setViewportSize({ width: 1024, height: 700 })
  const overflow = await app.evaluate(() => document.documentElement.scrollWidth - innerWidth)
  expect(
    overflow,
    `${state.name} overflows 1024px by ${overflow}px in Spanish`,
  ).toBeLessThanOrEqual(0)
  if (viewport) await app.setViewportSize(viewport)
}

let httpsSandbox: RunningSandbox | undefined
test.beforeAll(async () => {
  if (SCREEN_TOURS.some((tour) => tour.httpsSandbox)) httpsSandbox = await startHttpsSandbox()
})
test.afterEach(() => {
  httpsSandbox?.setFaults(NO_FAULTS)
})
test.afterAll(async () => {
  await httpsSandbox?.close()
})

// A test a tour: each state is reached once, from the one before it, and checked in both
// languages; the next state goes on from it in English.
for (const tour of SCREEN_TOURS) {
  const names = tour.states.map((state) => state.name)
  test(`${names.join(', ')}: every text in Spanish, no axe violation, fits 1024×700`, async ({
    app,
  }, testInfo) => {
    // A state had two tests of the default time; it now has one reach and about one and a half of
    // their checks (four axe runs, one of them full, two screenshots, two language switches),
    // so a tour has one and a half times the default for each of its states.
    test.setTimeout(testInfo.timeout * 1.5 * tour.states.length)
    for (const [index, state] of tour.states.entries()) {
      await test.step(state.name, async () => {
        if (index > 0) await chooseLanguage(app, 'en')
        await state.reach(app, testInfo, httpsSandbox)
        await checkState(app, state, testInfo)
      })
    }
  })
}
