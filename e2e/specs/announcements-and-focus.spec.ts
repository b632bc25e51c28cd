import type { Page } from '@playwright/test'
import { NO_FAULTS } from '../../src-sandbox/faults'
import { startSandbox, type RunningSandbox } from '../../src-sandbox/server'
import { expect, test } from '../fixtures'
import { dryRun, sendRows, writeCsv } from '../pages/bulk'
import { arrangeEnvironmentOn, arrangeUser } from '../pages/console-api'
import { openScreen } from '../pages/console'

let staging: RunningSandbox
test.beforeAll(async () => {
  staging = await startSandbox({ port: 0, databasePath: ':memory:' })
})
test.afterEach(() => staging.setFaults(NO_FAULTS))
test.afterAll(() => staging.close())

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

/** Every text a polite status region says from now on, as a screen reader would hear it. */
async function listenTo(app: Page, selector: string): Promise<() => Promise<string[]>> {
  await app.locator(selector).evaluate((region) => {
    const said: string[] = []
    Object.assign(window, { said })
    new MutationObserver(() => {
      const text = region.textContent.trim()
      if (text !== '' && text !== said.at(-1)) said.push(text)
    }).observe(region, { subtree: true, childList: true, characterData: true })
  })
  return () => app.evaluate(() => (window as unknown as { said: string[] }).said)
}

test('over three minutes the session countdown ticks every second but is announced once a minute', async ({
  app,
}) => {
  // The page's clock, held still once the session is shown, then moved by the test: three
  // minutes pass in a moment, second by second, however slow this machine.
  await app.clock.install()
  await arrangeUser(app, { token: 'tick-user', status: 0 })
  await openScreen(app, 'Authenticate')
  await app.getByRole('textbox', { name: 'User identifier' }).fill('tick-user')
  await app.getByRole('button', { name: 'Authenticate', exact: true }).click()
  const countdown = app.getByTestId('expiry-countdown')
  await expect(countdown).toContainText(/Expires in 59:\d\d /)
  expect(await inLiveRegion(app, '[data-testid="expiry-countdown"]')).toBe(false)
  await app.clock.pauseAt(Date.now() + 1000)
  const said = await listenTo(app, '[data-testid="expiry-countdown"] + [role="status"]')

  const shown = new Set<string>()
  for (let second = 0; second < 180; second++) {
    await app.clock.runFor(1000)
    if (second % 15 === 0) shown.add((await countdown.textContent()) ?? '')
  }
  await expect(countdown).toContainText(/Expires in 56:\d\d /)
  expect(shown.size, 'the countdown on screen moves').toBeGreaterThan(10)
  // Three minute boundaries crossed: three announcements, one a minute, none of the seconds.
  expect(await said()).toEqual([
    'The session expires in 59 minutes.',
    'The session expires in 58 minutes.',
    'The session expires in 57 minutes.',
  ])
})

test('a bulk run says where it is when it starts, then no more than every ten seconds, and its end at once', async ({
  app,
}, testInfo) => {
  // Its calls may be held a while (below): the longest timeout, so none gives up meanwhile.
  await arrangeEnvironmentOn(app, staging, {
    name: 'Announced staging',
    kind: 'staging',
    timeoutMs: 120_000,
  })
  const rows = Array.from({ length: 100 }, (_, i) => `announced-${i},2`)
  await dryRun(app, writeCsv(testInfo, 'altas.csv', ['token,status', ...rows], '\n'))
  // Main runs on real time; the page's clock stands still unless the test moves it.
  await app.clock.install()
  await app.clock.pauseAt(Date.now() + 1000)
  // Every call held unanswered: the run stands at 0% for its first summary, however fast or
  // slow this machine, until the test lifts the hold.
  staging.setFaults({ hold: true })
  await sendRows(app, 'Create: send 100 rows')
  const card = app.getByRole('region', { name: 'Create on Announced staging' })
  const summary = 'section.card p.visually-hidden[role="status"]'
  const region = app.locator(summary)
  expect(await inLiveRegion(app, 'progress')).toBe(false)
  const said = await listenTo(app, summary)

  await app.clock.runFor(600)
  await expect(region).toHaveText('Running: 0% done.')
  // Twenty rows created, then every call refused for five minutes: the run is held at 20%.
  staging.setFaults({ hold: false, rateLimitAfter: 20, retryAfterSeconds: 300 })
  const rateLimited = card.getByText('The service is rate limiting calls: waiting 300 s.', {
    exact: true,
  })
  await expect(rateLimited).toBeVisible()
  await expect(card.getByRole('progressbar')).toHaveAttribute('value', '20')
  expect(await said(), 'the change, seen on screen, waits its turn to be said').toHaveLength(1)

  await app.clock.runFor(5_000)
  expect(await said(), 'five seconds after the first summary').toHaveLength(1)
  await app.clock.runFor(5_000)
  await expect(region).toHaveText(
    'Running: 20% done. The service is rate limiting calls: waiting 300 s.',
  )
  await card.getByRole('button', { name: 'Cancel' }).click()
  await expect(card.getByText('Cancelled', { exact: true })).toBeVisible()
  await app.clock.runFor(1)
  await expect(region).toHaveText('Cancelled: 20% done.')
  expect(await said()).toHaveLength(3)
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
