import { screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { ResumableRun, RunProgress, RunResultsPage } from '@shared/bulk'
import { ok } from '../../../test/fake-bridge'
import { renderWithApp } from '../../../test/render-with-app'
import { pageOf, progressOf, resumableOf, rowOf, RUN_ID, STOPPED } from '../test/run-fixtures'
import { RunStep } from './run-step'

/** The run's screen once it ended, main answering with these results and unfinished runs. */
async function renderEnded(
  ended: RunProgress,
  {
    results,
    resumable = [],
    language = 'en',
  }: { results: RunResultsPage; resumable?: ResumableRun[]; language?: 'en' | 'es' },
) {
  const onResumed = vi.fn()
  const resumed = progressOf({ state: 'running', done: 1, remaining: 2, doneBefore: 1 })
  const view = await renderWithApp(
    <RunStep started={ended} onRerun={vi.fn()} onResumed={onResumed} onDone={vi.fn()} />,
    {
      answers: {
        'preferences:get': () => ok({ language }),
        'bulk:progress': () => ok(ended),
        'bulk:results': () => ok(results),
        'bulk:resumable': () => ok({ runs: resumable }),
        'bulk:resume': () => ok(resumed),
      },
    },
  )
  return { ...view, onResumed, resumed }
}

const LEFT = pageOf([rowOf(3, 'notSent'), rowOf(4, 'notSent'), rowOf(2, 'created')])

describe('a stopped or cancelled run', () => {
  it('is resumed from its own screen', async () => {
    const { bridge, onResumed, resumed } = await renderEnded(STOPPED, {
      results: LEFT,
      resumable: [resumableOf(STOPPED)],
    })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(
      'The run stoppedCould not reach http://127.0.0.1:9 (ECONNREFUSED). Fix it, then resume the run.',
    )
    await userEvent.click(await screen.findByRole('button', { name: 'Resume' }))
    await waitFor(() => expect(onResumed).toHaveBeenCalledWith(resumed))
    expect(bridge.sent('bulk:resume')).toEqual([{ runId: RUN_ID, concurrency: 4 }])
    // A stopped run is resumed, never sent again as a new run.
    expect(screen.queryByRole('button', { name: /failed rows? again/ })).toBeNull()
  })

  it('cancelled by the user is offered its resume too, in Spanish', async () => {
    const cancelled = progressOf({ state: 'cancelled', done: 1, remaining: 2 })
    await renderEnded(cancelled, {
      results: LEFT,
      resumable: [resumableOf(cancelled)],
      language: 'es',
    })
    expect(await screen.findByRole('button', { name: 'Reanudar' })).toBeDefined()
  })

  it('is not offered a resume that main does not hold (under way elsewhere, or no ledger)', async () => {
    await renderEnded(STOPPED, {
      results: LEFT,
      resumable: [{ ...resumableOf(STOPPED), underWayElsewhere: true }],
    })
    await screen.findByRole('button', { name: 'Start another' })
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4))
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull()
  })
})

describe('a finished run', () => {
  it('offers to run its rows again only when some failed', async () => {
    await renderEnded(progressOf({}), {
      results: pageOf([rowOf(2, 'created'), rowOf(3, 'created'), rowOf(4, 'created')]),
    })
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4))
    expect(screen.queryByRole('button', { name: /again/ })).toBeNull()
  })

  const conflicted = pageOf(
    [rowOf(3, 'failed', { status: 409 }), rowOf(4, 'failed', { status: 409 }), rowOf(2, 'created')],
    2,
  )

  it('of Creates refused with 409 points to Create or update for them', async () => {
    await renderEnded(progressOf({ counts: { ...progressOf({}).counts, created: 1, failed: 2 } }), {
      results: conflicted,
    })
    expect(await screen.findByRole('button', { name: 'Run the 2 failed rows again' })).toBeDefined()
    expect(
      (await screen.findByText(/^2 rows failed because a user with their token/)).textContent,
    ).toBe(
      "2 rows failed because a user with their token already exists (HTTP 409): running them again as Create fails the same way. To update those users with the rows' values, run the file again with the action Create or update.",
    )
  })

  it('says so in Spanish, naming the action as the list does', async () => {
    await renderEnded(progressOf({}), { results: conflicted, language: 'es' })
    expect((await screen.findByText(/^2 filas fallaron/)).textContent).toBe(
      '2 filas fallaron porque ya existe un usuario con su token (HTTP 409): volver a ejecutarlas con Crear falla igual. Para actualizar esos usuarios con los valores de las filas, vuelve a ejecutar el archivo con la acción Crear o actualizar.',
    )
  })

  it('of Create or update does not point to itself', async () => {
    await renderEnded(progressOf({ mode: 'createOrUpdate' }), { results: conflicted })
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4))
    expect(screen.queryByText(/already exists \(HTTP 409\)/)).toBeNull()
  })
})
