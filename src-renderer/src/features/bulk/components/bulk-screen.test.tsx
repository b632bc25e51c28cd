import { screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { RunProgress, RunResultsPage, ResumableRun } from '@shared/bulk'
import { ok } from '../../../test/fake-bridge'
import { renderWithApp } from '../../../test/render-with-app'
import { pageOf, progressOf, resumableOf, rowOf, STOPPED } from '../test/run-fixtures'
import { BulkScreen } from './bulk-screen'

const RUNNING = progressOf({ state: 'running', done: 1, remaining: 2 })

/** Each row of the results as its outcome reads on screen. */
async function outcomes(): Promise<string[]> {
  const table = await screen.findByRole('table', { name: 'Rows and their outcome' })
  const [, ...rows] = within(table).getAllByRole('row')
  return rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent ?? '')
}

describe('a run stopped, resumed and finished', () => {
  it("lists every row as main holds it at the end, not as the stopped run's screen did", async () => {
    // What main holds, changing as the run goes: the page may only show what it answers now.
    const main: { progress: RunProgress; results: RunResultsPage; resumable: ResumableRun[] } = {
      progress: RUNNING,
      results: pageOf([rowOf(2, 'created')]),
      resumable: [],
    }
    const { bridge } = await renderWithApp(<BulkScreen />, {
      answers: {
        'bulk:current': () => ok(RUNNING),
        'bulk:progress': () => ok(main.progress),
        'bulk:results': () => ok(main.results),
        'bulk:resumable': () => ok({ runs: main.resumable }),
        'bulk:resume': () => {
          main.progress = progressOf({ state: 'running', done: 1, remaining: 2, doneBefore: 1 })
          main.resumable = []
          return ok(main.progress)
        },
      },
    })
    await screen.findByText('Running')

    // The service goes down: the run stops with two rows not sent.
    main.progress = STOPPED
    // Those needing attention first, as main lists them.
    main.results = pageOf([rowOf(3, 'notSent'), rowOf(4, 'notSent'), rowOf(2, 'created')])
    main.resumable = [resumableOf(STOPPED)]
    bridge.emit('bulk:progress', STOPPED)
    await screen.findByText('Stopped')
    await waitFor(async () => expect(await outcomes()).toEqual(['Not sent', 'Not sent', 'Created']))

    // Resumed from the list of unfinished runs, it finishes with every row created.
    await userEvent.click(screen.getByRole('button', { name: 'Start another' }))
    const unfinished = (await screen.findAllByRole('listitem')).find((item) =>
      item.textContent.includes('users.csv'),
    )
    if (!unfinished) throw new Error('the stopped run is not listed')
    await userEvent.click(within(unfinished).getByRole('button', { name: 'Resume' }))
    await screen.findByText('Running')
    const finished = progressOf({ doneBefore: 1 })
    main.progress = finished
    main.results = pageOf([
      rowOf(2, 'created', { earlier: true }),
      rowOf(3, 'created'),
      rowOf(4, 'created'),
    ])
    bridge.emit('bulk:progress', finished)
    await screen.findByText('Finished')

    await waitFor(async () => expect(await outcomes()).toEqual(['Created', 'Created', 'Created']))
    expect(screen.queryByRole('button', { name: /failed rows? again/ })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull()
  })
})
