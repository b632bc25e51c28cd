import { screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { RunProgress, RunResultsPage } from '@shared/bulk'
import { said } from '@shared/messages'
import type { Language } from '@shared/messages/languages'
import { ok, type FakeAnswers } from '../../../test/fake-bridge'
import { countsIn } from '../../../test/counts'
import { failed } from '../../../test/failed'
import { renderWithApp } from '../../../test/render-with-app'
import { pageOf, progressOf, rowOf, RUN_ID } from '../test/run-fixtures'
import { RunStep } from './run-step'

const COUNTS = { created: 2, updated: 0, statusSet: 0, exported: 0, failed: 1, unknown: 0 }
const ENDED = progressOf({ failed: 1, counts: COUNTS })
const REFUSED = said('answerValidation')
const MIXED = pageOf([
  rowOf(3, 'failed', { status: 422, said: REFUSED }),
  rowOf(4, 'notSent'),
  rowOf(2, 'created'),
])
const GRANT = { handle: '0b9f4d2e-8c1a-4f7e-9a3b-5d6c7e8f9a01', name: 'results.csv' }

/** The run's screen once it ended, main answering with these results. */
async function renderResults(
  language: Language,
  {
    ended = ENDED,
    results = MIXED,
    answers = {},
  }: { ended?: RunProgress; results?: RunResultsPage; answers?: FakeAnswers } = {},
) {
  const onRerun = vi.fn()
  const view = await renderWithApp(
    <RunStep started={ended} onRerun={onRerun} onResumed={vi.fn()} onDone={vi.fn()} />,
    {
      language,
      answers: {
        'bulk:progress': () => ok(ended),
        'bulk:results': () => ok(results),
        'bulk:resumable': () => ok({ runs: [] }),
        'files:typed': () => ok(GRANT),
        ...answers,
      },
    },
  )
  return { ...view, onRerun }
}

/** Each row of the results as its number, its outcome and what happened to it. */
async function resultRows(name: string): Promise<string[][]> {
  const table = await screen.findByRole('table', { name })
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4))
  const [, ...body] = within(table).getAllByRole('row')
  return body.map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  )
}

describe('bulk results', () => {
  it.each([
    { language: 'en', outcomes: 'Outcomes', says: ['Created2', 'Failed1'] },
    { language: 'es', outcomes: 'Resultados', says: ['Creados2', 'Fallidos1'] },
  ] as const)('$language: count each outcome of the run', async (words) => {
    await renderResults(words.language)
    await screen.findByLabelText(words.outcomes)
    expect(countsIn(words.outcomes)).toEqual(words.says)
  })

  it.each([
    {
      language: 'en',
      table: 'Rows and their outcome',
      rows: [
        ['3', 'Failed'],
        ['4', 'Not sent'],
        ['2', 'Created'],
      ],
      why: 'The service refused the input. · HTTP 422',
    },
    {
      language: 'es',
      table: 'Filas y su resultado',
      rows: [
        ['3', 'Fallida'],
        ['4', 'No enviada'],
        ['2', 'Creada'],
      ],
      why: 'El servicio rechazó los datos. · HTTP 422',
    },
  ] as const)('$language: list the failed and unsent rows first, each with why', async (words) => {
    await renderResults(words.language)
    const rows = await resultRows(words.table)
    expect(rows.map(([row, outcome]) => [row, outcome])).toEqual(words.rows)
    expect(rows[0]?.[2]).toContain(words.why)
  })

  it.each([
    { language: 'en', again: 'Run the 2 failed rows again' },
    { language: 'es', again: 'Volver a ejecutar las 2 filas fallidas' },
  ] as const)('$language: offer to run again the rows main says failed', async (words) => {
    const rerun = progressOf({ runId: '1d4f3b1e-1d2a-4c3b-9e8f-0a1b2c3d4e5f', state: 'running' })
    const { bridge, onRerun } = await renderResults(words.language, {
      answers: { 'bulk:rerun': () => ok(rerun) },
    })
    await userEvent.click(await screen.findByRole('button', { name: words.again }))
    // The new run's screen takes over, with the run main started.
    await waitFor(() => expect(onRerun).toHaveBeenCalledOnce())
    expect(onRerun.mock.calls[0]?.[0]).toMatchObject({ runId: rerun.runId, state: 'running' })
    expect(bridge.sent('bulk:rerun')).toEqual([{ runId: RUN_ID, concurrency: 4 }])
  })

  it('offer no rerun when main says no row is left to send, whatever the counts', async () => {
    await renderResults('en', {
      results: { ...pageOf([rowOf(2, 'created'), rowOf(3, 'created'), rowOf(4, 'created')]) },
    })
    await resultRows('Rows and their outcome')
    expect(screen.getByRole('button', { name: 'Start another' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /again/ })).toBeNull()
  })

  it('offer no rerun of an export', async () => {
    await renderResults('en', { ended: progressOf({ mode: 'export', failed: 1, counts: COUNTS }) })
    await resultRows('Rows and their outcome')
    expect(screen.queryByRole('button', { name: /again/ })).toBeNull()
  })

  it('say why main refused a rerun', async () => {
    const { onRerun } = await renderResults('en', {
      answers: { 'bulk:rerun': () => failed('VALIDATION', { said: said('rerunOnlyFinished') }) },
    })
    await userEvent.click(
      await screen.findByRole('button', { name: 'Run the 2 failed rows again' }),
    )
    expect((await screen.findByRole('alert')).textContent).toContain(said('rerunOnlyFinished').text)
    expect(onRerun).not.toHaveBeenCalled()
  })

  it.each([
    {
      language: 'en',
      path: 'Save the results to',
      save: 'Save results',
      saved: 'Saved 3 results to results.csv.',
    },
    {
      language: 'es',
      path: 'Guardar los resultados en',
      save: 'Guardar resultados',
      saved: 'Se han guardado 3 resultados en results.csv.',
    },
  ] as const)('$language: are saved to a file in the page’s language', async (words) => {
    const { bridge } = await renderResults(words.language, {
      answers: { 'bulk:saveResults': () => ok({ name: 'results.csv', rows: 3 }) },
    })
    await userEvent.type(await screen.findByRole('textbox', { name: words.path }), '/tmp/r.csv')
    await userEvent.click(screen.getByRole('button', { name: words.save }))
    expect(await screen.findByText(words.saved)).toBeTruthy()
    expect(bridge.sent('bulk:saveResults')).toEqual([
      { runId: RUN_ID, file: GRANT.handle, language: words.language },
    ])
  })

  it('show only the rows needing attention when asked, reading them from main', async () => {
    const { bridge } = await renderResults('en')
    await resultRows('Rows and their outcome')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'attention')
    await waitFor(() =>
      expect(bridge.sent('bulk:results').map((input) => input.show)).toContain('attention'),
    )
  })
})
