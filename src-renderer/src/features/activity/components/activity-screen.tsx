import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { ActivityEntry } from '@shared/activity'
import { Button } from '../../../components/ui/button'
import { ErrorAlert } from '../../../components/ui/error-alert'
import { Empty, Loading, Page } from '../../../components/ui/page'
import { useWordSaid } from '../../../i18n/translate-message'
import { errorShape } from '../../../lib/api'
import { isFiltering, matchesFilter, NO_FILTER } from '../activity-filter'
import { useActivity, useClearActivity } from '../api/list-activity'
import { ActivityEntryItem } from './activity-entry'
import { ActivityFilterBar } from './activity-filter-bar'
import { SCREENS } from '../../../lib/screens'

export function ActivityScreen() {
  const { t, i18n } = useLingui()
  const activity = useActivity()
  const clear = useClearActivity()
  const word = useWordSaid()
  const [filter, setFilter] = useState(NO_FILTER)
  const entries = activity.data?.entries ?? []
  const total = entries.length
  // Found by the words each line shows, in the page's language.
  const shownWords = (entry: ActivityEntry) => ({
    operation: word(entry.operation),
    status: entry.status === null ? t`failed` : String(entry.status),
  })
  const shown = entries.filter((entry) => matchesFilter(entry, filter, shownWords(entry)))
  const filtering = isFiltering(filter)
  return (
    <Page
      title={i18n._(SCREENS.activity.heading)}
      description={t`Every call the console made, newest first. Kept in memory only; secrets are redacted.`}
      actions={
        <>
          <Button onClick={() => void activity.refetch()} busy={activity.isFetching}>
            <Trans>Refresh</Trans>
          </Button>
          <Button variant="danger" onClick={() => clear.mutate()} disabled={total === 0}>
            <Trans>Clear</Trans>
          </Button>
        </>
      }
    >
      {activity.isLoading ? <Loading label={t`Loading activity…`} /> : null}
      {activity.error ? <ErrorAlert error={errorShape(activity.error)} /> : null}
      {activity.data && total === 0 ? (
        <Empty>
          <Trans>No calls yet.</Trans>
        </Empty>
      ) : null}
      {total > 0 ? <ActivityFilterBar filter={filter} onChange={setFilter} /> : null}
      <p className="muted activity-count" role="status">
        {filtering && total > 0 ? (
          <Plural
            value={shown.length}
            _0={`No call of ${total} matches the filter.`}
            one={`# call of ${total} matches the filter.`}
            other={`# calls of ${total} match the filter.`}
          />
        ) : null}
      </p>
      <ol className="activity" aria-label={t`Calls`}>
        {shown.map((entry) => (
          <ActivityEntryItem key={entry.id} entry={entry} />
        ))}
      </ol>
    </Page>
  )
}
