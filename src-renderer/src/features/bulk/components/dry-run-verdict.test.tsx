import { screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { BulkField, PlanRow, PlanSummary } from '@shared/bulk'
import { RULE_MESSAGES } from '@shared/messages/rule-messages'
import { saidOf } from '@shared/messages/said'
import { ok } from '../../../test/fake-bridge'
import { renderWithApp } from '../../../test/render-with-app'
import { DryRunVerdict } from './dry-run-verdict'

const FIELDS: BulkField[] = ['token', 'email', 'firstname']
const ROWS: PlanRow[] = [
  { row: 2, values: { token: 'ana-01', email: 'ana@example.com', firstname: 'Ana' }, errors: null },
  {
    row: 3,
    values: { token: 'luis-02', email: 'luis@', firstname: 'Luis' },
    errors: { email: [saidOf(RULE_MESSAGES.email, { field: 'email' })] },
  },
  { row: 4, values: { token: 'eva-03', email: 'eva@example.com', firstname: 'Eva' }, errors: null },
]
const PLAN: PlanSummary = {
  planId: '4b4f6a36-55d4-4a4c-9d53-2f0c1c7f2a10',
  mode: 'create',
  status: 0,
  file: { name: 'users.csv', sizeBytes: 120, encoding: 'utf-8', delimiter: ',' },
  rows: 3,
  valid: 2,
  invalid: 1,
  duplicates: 0,
  ignoredColumns: [],
}

/** The dry run's rows as main reads them from the file, a page at a time. */
function renderVerdict(rowsOfFile: PlanRow[] = ROWS, language: 'en' | 'es' = 'en') {
  return renderWithApp(<DryRunVerdict plan={PLAN} fields={FIELDS} />, {
    language,
    answers: {
      'bulk:rows': ({ only, offset, limit }) => {
        const rows = rowsOfFile.filter((row) => only === 'all' || row.errors !== null)
        return ok({ total: rows.length, rows: rows.slice(offset, offset + limit) })
      },
    },
  })
}

/** Each row of a table as the text of its cells. */
function rowsOf(table: HTMLElement): string[][] {
  const [, ...body] = within(table).getAllByRole('row')
  return body.map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  )
}

describe("the dry run's rows", () => {
  // happy-dom lays nothing out: the table's scroll box gets the height a window would give it,
  // or the virtualizer would find no room for any row.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600)
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('open on the invalid ones, the reason beside the row number and the bad value marked', async () => {
    await renderVerdict()
    const table = await screen.findByRole('table', { name: 'Invalid rows' })
    await waitFor(() => expect(rowsOf(table)).toHaveLength(1))
    const [number, reason, ...values] = rowsOf(table)[0] ?? []
    expect(number).toBe('3')
    expect(reason).toBe(
      'Invalid Email must be a valid email address as a browser takes one, like name@example.com (an international domain in its xn-- form)',
    )
    expect(values).toEqual(['luis-02', 'luis@', 'Luis'])

    const cells = within(within(table).getAllByRole('row')[1] as HTMLElement).getAllByRole('cell')
    const marked = cells.filter((cell) => cell.getAttribute('aria-invalid') === 'true')
    expect(marked.map((cell) => cell.textContent)).toEqual(['luis@'])
    expect(marked[0]?.classList.contains('cell-invalid')).toBe(true)
  })

  it('show every row of the file when asked, each with its verdict', async () => {
    await renderVerdict()
    await screen.findByRole('table', { name: 'Invalid rows' })
    await userEvent.click(screen.getByRole('radio', { name: 'All rows (3)' }))

    const table = await screen.findByRole('table', { name: 'Rows of the file' })
    await waitFor(() => expect(rowsOf(table)).toHaveLength(3))
    expect(rowsOf(table).map(([number, verdict]) => [number, verdict?.split(' ')[0]])).toEqual([
      ['2', 'Valid'],
      ['3', 'Invalid'],
      ['4', 'Valid'],
    ])
    await userEvent.click(screen.getByRole('radio', { name: 'Invalid rows only (1)' }))
    const invalid = await screen.findByRole('table', { name: 'Invalid rows' })
    await waitFor(() => expect(rowsOf(invalid).map(([number]) => number)).toEqual(['3']))
  })

  it('name each column by its label in Spanish, its API name beside it', async () => {
    await renderVerdict(ROWS, 'es')
    const table = await screen.findByRole('table', { name: 'Filas con errores' })
    const headers = within(table).getAllByRole('columnheader')
    expect(headers.map((header) => header.firstChild?.textContent)).toEqual([
      'Fila',
      'Validez',
      'Token',
      'Correo electrónico',
      'Nombre',
    ])
    expect(within(headers[3] as HTMLElement).getByText('email').tagName).toBe('CODE')
    expect(within(headers[4] as HTMLElement).getByText('firstname').tagName).toBe('CODE')
  })

  it('give a long token a column wide enough to show it whole', async () => {
    const token = 'acme-staff-0f8a1c2e-5b7d-4e9f-a3c6-2d4b8e1f7a90'
    const [first] = ROWS
    if (!first) throw new Error('no row')
    await renderVerdict([{ ...first, values: { ...first.values, token } }])
    await userEvent.click(await screen.findByRole('radio', { name: 'All rows (3)' }))
    const table = await screen.findByRole('table', { name: 'Rows of the file' })
    await waitFor(() => expect(rowsOf(table)[0]?.[2]).toBe(token))
    const row = within(table).getAllByRole('row')[1] as HTMLElement
    // The token's column (the third) in em, about 0.6em a character of its monospaced text.
    const width = row.style.gridTemplateColumns.split(' ')[2] ?? ''
    expect(width).toMatch(/em$/)
    expect(Number.parseFloat(width)).toBeGreaterThanOrEqual(token.length * 0.6)
  })
})
