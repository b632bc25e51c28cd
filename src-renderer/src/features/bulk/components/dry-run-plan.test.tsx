import { screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { BulkField, PlanRow, PlanSummary } from '@shared/bulk'
import { said } from '@shared/messages'
import type { Language } from '@shared/messages/languages'
import { ok, type FakeAnswers } from '../../../test/fake-bridge'
import { countsIn } from '../../../test/counts'
import { failed } from '../../../test/failed'
import { renderWithApp } from '../../../test/render-with-app'
import { DryRunVerdict } from './dry-run-verdict'

const FIELDS: BulkField[] = ['token', 'email', 'nid_number']
const ROWS: PlanRow[] = [
  {
    row: 2,
    values: { token: 'ana-01', email: 'ana@example.com', nid_number: '12345678Z' },
    errors: null,
  },
  {
    row: 3,
    values: { token: 'luis-02', email: 'luis@', nid_number: '12345678A' },
    errors: {
      email: [said('email', { field: 'email' })],
      nid_number: [said('nidControlLetter', { field: 'nid_number' })],
    },
  },
  {
    row: 5,
    values: { token: 'eva-03', email: 'eva@example.com', nid_number: '87654321X' },
    errors: null,
  },
]
const PLAN: PlanSummary = {
  planId: '4b4f6a36-55d4-4a4c-9d53-2f0c1c7f2a10',
  mode: 'create',
  status: 0,
  file: { name: 'users.csv', sizeBytes: 120, encoding: 'utf-8', delimiter: ',' },
  rows: 3,
  valid: 2,
  invalid: 1,
  duplicates: 1,
  ignoredColumns: ['notes'],
}
const GRANT = { handle: '0b9f4d2e-8c1a-4f7e-9a3b-5d6c7e8f9a01', name: 'invalid-rows.csv' }

/** The plan's rows as main reads them from the file, a page at a time. */
function renderPlan(
  language: Language,
  { plan = PLAN, answers = {} }: { plan?: PlanSummary; answers?: FakeAnswers } = {},
) {
  return renderWithApp(<DryRunVerdict plan={plan} fields={FIELDS} />, {
    language,
    answers: {
      'bulk:rows': ({ only, offset, limit }) => {
        const rows = ROWS.filter((row) => only === 'all' || row.errors !== null)
        return ok({ total: rows.length, rows: rows.slice(offset, offset + limit) })
      },
      'files:typed': () => ok(GRANT),
      ...answers,
    },
  })
}

/** The invalid rows' table, once its rows are in: each row its cells' text. */
async function invalidRows(name: string): Promise<string[][]> {
  const table = await screen.findByRole('table', { name })
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2))
  const [, ...body] = within(table).getAllByRole('row')
  return body.map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  )
}

describe('the import plan', () => {
  // happy-dom lays nothing out: the table's scroll box gets a window's height (see rows-table).
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600)
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it.each([
    {
      language: 'en',
      counts: 'Dry run counts',
      says: ['Rows3', 'Valid2', 'Invalid1', 'Repeated tokens1'],
      nothingSent: 'Nothing has been sent.',
      ignored: 'Ignored columns: notes.',
    },
    {
      language: 'es',
      counts: 'Recuentos de la simulación',
      says: ['Filas3', 'Sin errores2', 'Con errores1', 'Tokens repetidos1'],
      nothingSent: 'No se ha enviado nada.',
      ignored: 'Columnas ignoradas: notes.',
    },
  ] as const)('$language: counts the rows planned, and says nothing was sent', async (words) => {
    await renderPlan(words.language)
    expect(countsIn(words.counts)).toEqual(words.says)
    expect(document.body.textContent).toContain(words.nothingSent)
    expect(document.body.textContent).toContain(words.ignored)
  })

  it.each([
    {
      language: 'en',
      table: 'Invalid rows',
      email: 'Email must be a valid email address',
      nid: 'ID number (DNI/NIE) must be a Spanish DNI',
    },
    {
      language: 'es',
      table: 'Filas con errores',
      email: 'El campo «Correo electrónico» no es una dirección de correo válida',
      nid: 'El campo «DNI/NIE» no es válido: debe ser un DNI español',
    },
  ] as const)(
    '$language: names a bad row by its line, each bad field by its label',
    async (words) => {
      await renderPlan(words.language)
      const [row] = await invalidRows(words.table)
      const [line, reason, ...values] = row ?? []
      expect(line).toBe('3')
      expect(reason).toContain(words.email)
      expect(reason).toContain(words.nid)
      expect(values).toEqual(['luis-02', 'luis@', '12345678A'])
    },
  )

  it('marks each bad value in its row, and no good one', async () => {
    await renderPlan('en')
    const table = await screen.findByRole('table', { name: 'Invalid rows' })
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2))
    const marked = within(table)
      .getAllByRole('cell')
      .filter((cell) => cell.getAttribute('aria-invalid') === 'true')
    expect(marked.map((cell) => cell.textContent)).toEqual(['luis@', '12345678A'])
  })

  it('a plan with no bad row opens on every row, and offers no file of bad rows', async () => {
    await renderPlan('en', { plan: { ...PLAN, valid: 3, invalid: 0 } })
    expect(await screen.findByRole('table', { name: 'Rows of the file' })).toBeTruthy()
    expect(screen.getByRole('radio', { name: 'All rows (3)' })).toHaveProperty('checked', true)
    expect(screen.queryByRole('button', { name: 'Save invalid rows' })).toBeNull()
  })

  it.each([
    {
      language: 'en',
      path: 'Save the invalid rows to',
      save: 'Save invalid rows',
      saved: 'Saved 1 row to invalid-rows.csv.',
    },
    {
      language: 'es',
      path: 'Guardar las filas con errores en',
      save: 'Guardar filas con errores',
      saved: 'Se ha guardado 1 fila en invalid-rows.csv.',
    },
  ] as const)('$language: saves the bad rows to a file in the page’s language', async (words) => {
    const { bridge } = await renderPlan(words.language, {
      answers: { 'bulk:saveInvalid': () => ok({ name: 'invalid-rows.csv', rows: 1 }) },
    })
    const save = screen.getByRole('button', { name: words.save })
    expect(save).toHaveProperty('disabled', true)
    await userEvent.type(screen.getByRole('textbox', { name: words.path }), '/home/ana/bad.csv')
    await userEvent.click(save)
    expect(await screen.findByText(words.saved)).toBeTruthy()
    expect(bridge.sent('bulk:saveInvalid')).toEqual([
      { planId: PLAN.planId, file: GRANT.handle, language: words.language },
    ])
  })

  it('a file main cannot write is told, and nothing is said saved', async () => {
    await renderPlan('en', {
      answers: {
        'files:typed': () =>
          failed('VALIDATION', { said: said('typedPathNotFile', { path: '/home/ana' }) }),
      },
    })
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Save the invalid rows to' }),
      '/home/ana',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Save invalid rows' }))
    expect((await screen.findByRole('alert')).textContent).toContain('/home/ana')
    expect(screen.queryByText(/^Saved/)).toBeNull()
  })
})
