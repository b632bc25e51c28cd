import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import type { RunningSandbox } from '../../src-sandbox/server'
import { startHttpsSandbox } from '../harness/https-sandbox'
import { expect, keepScreenshot, test } from '../fixtures'
import { chooseLanguage, textsOnScreen } from '../pages/language'
import { SCREEN_STATES } from '../pages/screen-tour'

// Words a Spanish support team writes exactly as in English: product tiers and the service's
// own terms. Anything else shown identically in both languages is a string left untranslated.
const SAME_IN_BOTH = new Set(['Free', 'Premium', 'Free (0)', 'Premium (2)', 'sandbox', 'JWT'])

async function expectNoAxeViolations(app: Page, state: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page: app })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'])
    .analyze()
  const found = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  )
  expect(found, `axe on ${state}`).toEqual([])
}

let production: RunningSandbox | undefined
test.beforeAll(async () => {
  if (SCREEN_STATES.some((state) => state.production)) production = await startHttpsSandbox()
})
test.afterAll(async () => {
  await production?.close()
})

for (const state of SCREEN_STATES) {
  test(`${state.name}: every text in Spanish, no axe violation in either language or theme`, async ({
    app,
  }, testInfo) => {
    await state.reach(app, testInfo, production)
    const english = await textsOnScreen(app)
    await expectNoAxeViolations(app, `${state.name}, English, light`)
    await app.emulateMedia({ colorScheme: 'dark' })
    await expectNoAxeViolations(app, `${state.name}, English, dark`)

    await chooseLanguage(app, 'es')
    const spanish = await textsOnScreen(app)
    const untranslated = spanish.filter((text) => english.includes(text) && !SAME_IN_BOTH.has(text))
    expect(untranslated, `${state.name}: shown in English in Spanish`).toEqual([])
    await expectNoAxeViolations(app, `${state.name}, Spanish, dark`)
    await keepScreenshot(app, `${state.name}-es-dark`, testInfo)
    await app.emulateMedia({ colorScheme: 'light' })
    await expectNoAxeViolations(app, `${state.name}, Spanish, light`)
    await keepScreenshot(app, `${state.name}-es-light`, testInfo)
  })
}
