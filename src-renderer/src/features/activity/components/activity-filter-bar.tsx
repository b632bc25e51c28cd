import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { OUTCOME_FILTERS, type ActivityFilter, type OutcomeFilter } from '../activity-filter'

const OUTCOME_LABELS: Record<OutcomeFilter, MessageDescriptor> = {
  all: msg`All calls`,
  passed: msg`Passed`,
  failed: msg`Failed (refused or no answer)`,
}

/** The controls that narrow the log: words to find, and which outcomes to show. */
export function ActivityFilterBar({
  filter,
  onChange,
}: {
  filter: ActivityFilter
  onChange: (filter: ActivityFilter) => void
}) {
  const { t, i18n } = useLingui()
  return (
    <div className="activity-filter" role="search" aria-label={t`Filter calls`}>
      <div className="field">
        <label htmlFor="activity-filter-text">
          <Trans>Filter</Trans>
        </label>
        <input
          id="activity-filter-text"
          type="search"
          value={filter.text}
          placeholder={t`Method, URL, status or operation`}
          onChange={(event) => onChange({ ...filter, text: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="activity-filter-outcome">
          <Trans>Outcome</Trans>
        </label>
        <select
          id="activity-filter-outcome"
          value={filter.outcome}
          onChange={(event) => {
            const value = event.target.value
            const outcome = OUTCOME_FILTERS.find((candidate) => candidate === value)
            if (outcome) onChange({ ...filter, outcome })
          }}
        >
          {OUTCOME_FILTERS.map((outcome) => (
            <option key={outcome} value={outcome}>
              {i18n._(OUTCOME_LABELS[outcome])}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}
