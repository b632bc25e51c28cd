import { startTestSandbox, type TestSandbox } from '../../test/helpers/sandbox'
import { countingProxy, type CountingProxy } from '../harness/counting-proxy'
import type { Locator } from '@playwright/test'
import { expect, keepScreenshot, test } from '../fixtures'
import { bulkParts, dryRun, expectRunEnded, sendRows, writeCsv } from '../pages/bulk'
import { arrangeEnvironmentOn } from '../pages/console-api'
import { chooseLanguage, type Language } from '../pages/language'

// The service stands behind a counting proxy: "sends exactly those rows" is measured there.
let service: TestSandbox
let proxy: CountingProxy
test.beforeAll(async () => {
  service = await startTestSandbox()
  proxy = await countingProxy(service.baseUrl)
})
test.afterAll(async () => {
  await proxy.close()
  await service.stop()
})

const WORDS = {
  en: { send: 'Update only: send 4 rows', rerun: 'Run the 2 failed rows again' },
  es: {
    send: 'Solo actualizar: enviar 4 filas',
    rerun: 'Volver a ejecutar las 2 filas fallidas',
  },
} as const

const FIELDS = [
  'token',
  'status',
  'firstname',
  'lastname',
  'email',
  'nid_number',
  'gender',
  'birthdate',
  'description',
  'company_group_code',
]

const userPath = (token: string) => `/api/v3/pendingCompanyUsers/${token}`

/** Whether every element the locator finds is laid out on one line (a wrapped one has more boxes). */
async function onOneLine(locator: Locator): Promise<boolean[]> {
  return locator.evaluateAll((elements) =>
    elements.map((element) => {
      const range = document.createRange()
      range.selectNodeContents(element)
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
      return lines.size === 1
    }),
  )
}

/** Whether each cell shows its whole text, with nothing cut off by "…". */
async function shownWhole(locator: Locator): Promise<boolean[]> {
  return locator.evaluateAll((elements) =>
    elements.map((element) => element.scrollWidth <= element.clientWidth),
  )
}

async function createDirectly(token: string): Promise<void> {
  const answer = await service.call('POST', '/api/v3/pendingCompanyUsers', {
    json: { token, status: 2 },
  })
  expect(answer.status).toBe(201)
}

for (const [width, height] of [
  [1024, 700],
  [1280, 800],
] as const) {
  for (const language of ['en', 'es'] as Language[]) {
    test(`bulk tables at ${width}×${height} in ${language}: reasons in view, header aligned, every row listed, failed rows sent again`, async ({
      app,
    }, testInfo) => {
      const w = WORDS[language]
      // As long as the identifiers integrators use (a UUID after a prefix).
      const t = (n: number) => `${language}${width}-${n}-0f8a1c2e-5b7d-4e9f-a3c6-2d4b8e1f7a90`
      await app.setViewportSize({ width, height })
      await arrangeEnvironmentOn(
        app,
        { ...service, baseUrl: proxy.url },
        { name: 'Counted staging', kind: 'staging' },
      )
      await chooseLanguage(app, language)
      await createDirectly(t(1))
      await createDirectly(t(4))
      const row = (n: number, nid: string) =>
        `${t(n)},2,Ana,Ruiz,ana${n}@example.com,${nid},1,1990-01-0${n},A description,GRP-${n}`
      const file = writeCsv(testInfo, 'wide.csv', [
        FIELDS.join(','),
        row(1, '12345678Z'),
        row(2, '12345678Z'),
        row(3, '12345678A'),
        row(4, '47909749J'),
        row(5, '47909749J'),
        '',
      ])
      await dryRun(app, file, { action: 'update', language })

      const bulk = bulkParts(app, language)
      const table = bulk.invalidRows
      const invalid = table.getByRole('row').nth(1)
      await expect(invalid).toContainText(t(3))
      // The table is wider than its box: the reason must not be past its right edge.
      expect(await table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
      const box = await table.boundingBox()
      const reason = await invalid.getByRole('cell').nth(1).boundingBox()
      if (!box || !reason) throw new Error('the table is not laid out')
      expect(reason.x).toBeGreaterThanOrEqual(box.x)
      expect(reason.x + reason.width).toBeLessThanOrEqual(box.x + box.width)
      await expect(invalid.getByRole('cell').nth(1)).toContainText('DNI/NIE')

      // Scrolled sideways, each column's name stays over its values.
      await table.evaluate((el) => el.scrollTo({ left: 600 }))
      await expect.poll(() => table.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0)
      const column = FIELDS.indexOf('description')
      const header = await table
        .getByRole('columnheader')
        .nth(2 + column)
        .boundingBox()
      const cell = await invalid
        .getByRole('cell')
        .nth(2 + column)
        .boundingBox()
      if (!header || !cell) throw new Error('the columns are not laid out')
      expect(Math.abs(header.x - cell.x)).toBeLessThan(1)
      expect(Math.abs(header.width - cell.width)).toBeLessThan(1)
      // Each token on one line and whole, each badge on one line.
      await table.evaluate((el) => el.scrollTo({ left: 0 }))
      const tokenCells = invalid.getByRole('cell').nth(2 + FIELDS.indexOf('token'))
      await expect(tokenCells).toHaveText(t(3))
      expect(await shownWhole(tokenCells)).toEqual([true])
      expect(await onOneLine(tokenCells)).toEqual([true])
      expect(await onOneLine(table.locator('.badge'))).toEqual([true])
      await keepScreenshot(app, `bulk-dry-run-${width}-${language}`, testInfo)

      await sendRows(app, w.send)
      await expectRunEnded(app, 'Finished', language)
      const tokens = bulk.results.getByRole('row').locator('td:nth-child(3) a')
      // Every row of the file, those needing attention first: the failed, then the invalid.
      await expect(tokens).toHaveText([t(2), t(5), t(3), t(1), t(4)])
      expect(await onOneLine(tokens)).toEqual([true, true, true, true, true])
      expect(await onOneLine(bulk.results.locator('.badge'))).toEqual([
        true,
        true,
        true,
        true,
        true,
      ])
      await keepScreenshot(app, `bulk-results-${width}-${language}`, testInfo)

      await createDirectly(t(2))
      await createDirectly(t(5))
      const puts = (n: number) => proxy.count('PUT', userPath(t(n)))
      expect([1, 2, 4, 5].map(puts)).toEqual([1, 0, 1, 0])
      await app.getByRole('button', { name: w.rerun }).click()
      await expectRunEnded(app, 'Finished', language)
      await expect(tokens).toHaveText([t(2), t(5)])
      expect([1, 2, 3, 4, 5].map(puts)).toEqual([1, 1, 0, 1, 1])
    })
  }
}
