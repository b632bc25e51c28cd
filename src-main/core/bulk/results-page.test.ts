import { describe, expect, it } from 'vitest'
import type { ListedResult } from '../../../src-shared/bulk'
import { said } from '../../../src-shared/messages'
import { resultsPage } from './run-results'

function row(
  number: number,
  outcome: ListedResult['outcome'],
  status: number | null,
): ListedResult {
  return {
    row: number,
    token: `t-${String(number)}`,
    outcome,
    status,
    said: said('rowCreated'),
    errors: null,
    earlier: false,
  }
}

describe('a page of results', () => {
  it('counts the rows refused because their token exists, apart from other failures', () => {
    const all = [
      row(2, 'created', 201),
      row(3, 'failed', 409),
      row(4, 'failed', 422),
      row(5, 'failed', 409),
      row(6, 'notSent', null),
    ]
    const page = resultsPage(all, { runId: 'r', show: 'succeeded', offset: 0, limit: 10 })
    expect(page).toMatchObject({ total: 1, rerunnable: 4, conflicts: 2 })
  })
})
