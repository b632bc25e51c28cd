import { writeFileSync } from 'node:fs'
import { expect, type Page, type TestInfo } from '@playwright/test'
import type { BulkMode } from '../../src-shared/bulk'
import type { RunningSandbox } from '../../src-sandbox/server'
import { giveFile, giveFileByKeyboard } from './files'
import { tabAndPress } from './keyboard'
import type { Language } from './language'

/** The Bulk screen's own words, for the specs that walk it in either language. */
const WORDS = {
  en: {
    screen: 'Bulk',
    action: 'Action',
    file: 'CSV file',
    read: 'Read file',
    check: 'Check every row',
    counts: 'Dry run counts',
    invalidRows: 'Invalid rows',
    fileRows: 'Rows of the file',
    outcomes: 'Outcomes',
    results: 'Rows and their outcome',
    progress: 'Rows done',
    ended: { Finished: 'Finished', Cancelled: 'Cancelled' },
  },
  es: {
    screen: 'En lote',
    action: 'Acción',
    file: 'Archivo CSV',
    read: 'Leer archivo',
    check: 'Comprobar todas las filas',
    counts: 'Recuentos de la simulación',
    invalidRows: 'Filas con errores',
    fileRows: 'Filas del archivo',
    outcomes: 'Resultados',
    results: 'Filas y su resultado',
    progress: 'Filas procesadas',
    ended: { Finished: 'Terminada', Cancelled: 'Cancelada' },
  },
} as const

type Ending = keyof (typeof WORDS)['en']['ended']

/** Writes a CSV under the test's own output folder, one line per entry, and returns its path. */
export function writeCsv(
  testInfo: TestInfo,
  name: string,
  lines: readonly string[],
  lineEnd = '\r\n',
): string {
  const path = testInfo.outputPath(name)
  writeFileSync(path, lines.join(lineEnd))
  return path
}

/** What a spec reads on the Bulk screen: the dry run's verdict, then the run and its rows. */
export function bulkParts(app: Page, language: Language = 'en') {
  const words = WORDS[language]
  return {
    counts: app.getByLabel(words.counts),
    invalidRows: app.getByRole('table', { name: words.invalidRows }),
    fileRows: app.getByRole('table', { name: words.fileRows }),
    outcomes: app.getByLabel(words.outcomes),
    results: app.getByRole('table', { name: words.results }),
    progress: app.getByRole('progressbar', { name: words.progress }),
  }
}

/** Opens Bulk from the sidebar and picks the action, if the spec names one. */
export async function openBulk(
  app: Page,
  options: { action?: BulkMode; language?: Language } = {},
): Promise<void> {
  const words = WORDS[options.language ?? 'en']
  await app.getByRole('navigation').getByRole('link', { name: words.screen, exact: true }).click()
  await expect(app.getByRole('heading', { level: 1 })).toHaveText(words.screen)
  if (options.action)
    await app.getByLabel(words.action, { exact: true }).selectOption(options.action)
}

/** Reads the file the file step holds; what follows (the columns, or an alert) is the spec's. */
export async function readChosenFile(app: Page, language: Language = 'en'): Promise<void> {
  await app.getByRole('button', { name: WORDS[language].read }).click()
}

/** Gives the file step its CSV and reads it. */
export async function readCsv(app: Page, path: string, language: Language = 'en'): Promise<void> {
  await giveFile(app, WORDS[language].file, path)
  await readChosenFile(app, language)
}

/** Checks every row with the columns as mapped, and waits for the dry run's counts. */
export async function checkEveryRow(app: Page, language: Language = 'en'): Promise<void> {
  const words = WORDS[language]
  await app.getByRole('button', { name: words.check }).click()
  await expect(bulkParts(app, language).counts).toBeVisible()
}

/** Bulk opened, the file read and every row checked: the screen offers the run. */
export async function dryRun(
  app: Page,
  path: string,
  options: { action?: BulkMode; language?: Language } = {},
): Promise<void> {
  await openBulk(app, options)
  await readCsv(app, path, options.language)
  await checkEveryRow(app, options.language)
}

/** Presses the run's button, named by the spec as the screen words it ("Create: send 3 rows"). */
export async function sendRows(app: Page, label: string): Promise<void> {
  await app.getByRole('button', { name: label, exact: true }).click()
}

/** Types the production environment's name into the confirmation and confirms. */
export async function confirmProductionWrite(app: Page, environment: string): Promise<void> {
  const dialog = app.getByRole('alertdialog', { name: 'Write to production?' })
  await dialog.getByLabel('Environment name').fill(environment)
  await dialog.getByRole('button', { name: 'Confirm write' }).click()
}

/** Waits until the run has come to its end, as the screen says it. */
export async function expectRunEnded(
  app: Page,
  ending: Ending = 'Finished',
  language: Language = 'en',
): Promise<void> {
  await expect(app.getByText(WORDS[language].ended[ending], { exact: true })).toBeVisible()
}

export async function cancelRun(app: Page): Promise<void> {
  await app.getByRole('button', { name: 'Cancel' }).click()
  await expectRunEnded(app, 'Cancelled')
}

/**
 * Sends the rows and holds the run partway, however fast or slow this machine: after `after`
 * calls the sandbox refuses every one with a Retry-After of five minutes, which the run waits out
 * (a pause or a cancel still acts at once). A production environment's name confirms the write.
 */
export async function sendRowsHeld(
  app: Page,
  sandbox: RunningSandbox,
  run: { label: string; after: number; production?: string },
): Promise<void> {
  sandbox.setFaults({ rateLimitAfter: run.after, retryAfterSeconds: 300 })
  await sendRows(app, run.label)
  if (run.production) await confirmProductionWrite(app, run.production)
  await expect(
    app.getByText('The service is rate limiting calls: waiting 300 s.', { exact: true }),
  ).toBeVisible()
  await expect(bulkParts(app).progress).toHaveAttribute('value', String(run.after))
}

export async function saveInvalidRows(app: Page, path: string): Promise<void> {
  await giveFile(app, 'Save the invalid rows to', path)
  await app.getByRole('button', { name: 'Save invalid rows' }).click()
}

export async function saveResults(app: Page, path: string): Promise<void> {
  await giveFile(app, 'Save the results to', path)
  await app.getByRole('button', { name: 'Save results' }).click()
}

/** Back from the dry run to the columns, and from there to the file step. */
export async function backToFile(app: Page): Promise<void> {
  await app.getByRole('button', { name: 'Back' }).first().click()
  await app.getByRole('button', { name: 'Back' }).click()
  await expect(app.getByRole('button', { name: 'Read file' })).toBeVisible()
}

// The same steps from the keyboard alone: Tab to each control, Enter to act.

export async function readCsvByKeyboard(app: Page, path: string): Promise<void> {
  await giveFileByKeyboard(app, 'CSV file', path)
  await app.keyboard.press('Enter')
}

export async function checkEveryRowByKeyboard(app: Page): Promise<void> {
  await tabAndPress(app, app.getByRole('button', { name: 'Check every row' }))
  await expect(bulkParts(app).counts).toBeVisible()
}

export async function sendRowsByKeyboard(app: Page, label: string): Promise<void> {
  await tabAndPress(app, app.getByRole('button', { name: label, exact: true }))
}

export async function saveInvalidRowsByKeyboard(app: Page, path: string): Promise<void> {
  await giveFileByKeyboard(app, 'Save the invalid rows to', path)
  await app.keyboard.press('Enter')
}

export async function saveResultsByKeyboard(app: Page, path: string): Promise<void> {
  await giveFileByKeyboard(app, 'Save the results to', path)
  await app.keyboard.press('Enter')
}

export async function backToFileByKeyboard(app: Page): Promise<void> {
  await tabAndPress(app, app.getByRole('button', { name: 'Back' }).first())
  await tabAndPress(app, app.getByRole('button', { name: 'Back' }))
  await expect(app.getByRole('button', { name: 'Read file' })).toBeVisible()
}
