import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { RESULT_FILTERS, type ListedResult, type ResultFilter } from '@shared/bulk'
import { Button } from '../../../components/ui/button'
import { CopyButton } from '../../../components/ui/copy-button'
import { ErrorAlert } from '../../../components/ui/error-alert'
import { useFormat } from '../../../i18n/format'
import { useWordSaid } from '../../../i18n/translate-message'
import { errorShape } from '../../../lib/api'
import { hrefFor } from '../../../lib/navigation'
import { RESULTS_PAGE, useRunResults } from '../api/run-results'
import { RESULT_FILTER_MESSAGES, ROW_OUTCOME_MESSAGES } from '../labels'
import '../bulk-tables.css'
import { useReasonText } from './reason-text'

const BADGES: Partial<Record<ListedResult['outcome'], string>> = {
  failed: 'badge-error',
  unknown: 'badge-error',
  invalid: 'badge-error',
  notSent: 'badge-warning',
  notDone: 'badge-warning',
}

/**
 * A row's token on a line of its own (a link to Look up it, copied whole with its button), what
 * became of the row under it: the token is never broken, and the words have the table's width.
 */
function ResultCell({ result }: { result: ListedResult }) {
  const { t } = useLingui()
  const word = useWordSaid()
  const reasonText = useReasonText()
  const { token } = result
  return (
    <td>
      <div className="token-line">
        {token === '' ? (
          <span className="muted">—</span>
        ) : (
          <>
            <a href={hrefFor('lookup', token)} translate="no">
              {token}
            </a>
            <CopyButton value={token} label={t`token ${token}`} />
          </>
        )}
      </div>
      {result.errors ? reasonText(result.errors) : result.said ? word(result.said) : null}
      {result.status !== null ? (
        <span className="code-hint" translate="no">
          {' '}
          · HTTP {result.status}
        </span>
      ) : null}
    </td>
  )
}

/**
 * Every row of an ended run and what became of it, those needing attention first: the rows it
 * sent, the rows a cancel or a stop left, and the invalid rows it skipped. A token opens Look up.
 */
export function ResultsTable({ runId }: { runId: string }) {
  const { t, i18n } = useLingui()
  const format = useFormat()
  const [show, setShow] = useState<ResultFilter>('all')
  const [page, setPage] = useState(0)
  const results = useRunResults(runId, show, page)
  const total = results.data?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / RESULTS_PAGE))
  const from = format.number(Math.min(total, page * RESULTS_PAGE + 1))
  const to = format.number(Math.min(total, (page + 1) * RESULTS_PAGE))
  const of = format.number(total)

  return (
    <section className="results">
      <div className="results-bar">
        <label>
          <Trans>Show</Trans>{' '}
          <select
            value={show}
            onChange={(event) => {
              setShow(event.target.value as ResultFilter)
              setPage(0)
            }}
          >
            {RESULT_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {i18n._(RESULT_FILTER_MESSAGES[filter])}
              </option>
            ))}
          </select>
        </label>
        <span role="status">{t`Rows ${from}–${to} of ${of}`}</span>
        {pages > 1 ? (
          <span className="results-pages">
            <Button onClick={() => setPage((p) => p - 1)} disabled={page === 0}>
              <Trans>Previous</Trans>
            </Button>
            <Button onClick={() => setPage((p) => p + 1)} disabled={page + 1 >= pages}>
              <Trans>Next</Trans>
            </Button>
          </span>
        ) : null}
      </div>
      {results.error ? <ErrorAlert error={errorShape(results.error)} /> : null}
      <div className="results-scroll">
        <table className="table results-table" aria-label={t`Rows and their outcome`}>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Row</Trans>
              </th>
              <th scope="col">
                <Trans>Outcome</Trans>
              </th>
              <th scope="col">
                <Trans>Token and what happened</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {results.data?.rows.map((result) => (
              <tr key={result.row}>
                <td>{format.number(result.row)}</td>
                <td>
                  <span className={`badge ${BADGES[result.outcome] ?? 'badge-ok'}`}>
                    {i18n._(ROW_OUTCOME_MESSAGES[result.outcome])}
                  </span>
                </td>
                <ResultCell result={result} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
