import { toCurlCommand, type ActivityEntry } from '@shared/activity'
import { Button } from '../../../components/ui/button'
import { CopyButton } from '../../../components/ui/copy-button'
import { ErrorAlert } from '../../../components/ui/error-alert'
import { Empty, Loading, Page } from '../../../components/ui/page'
import { errorShape } from '../../../lib/api'
import { useActivity, useClearActivity } from '../api/list-activity'

function pretty(body: string | null): string {
  if (body === null) return '(none)'
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}

function statusClass(entry: ActivityEntry): string {
  if (entry.status === null) return 'badge badge-error'
  return entry.status < 300
    ? 'badge badge-ok'
    : entry.status < 500
      ? 'badge badge-warning'
      : 'badge badge-error'
}

function Entry({ entry }: { entry: ActivityEntry }) {
  return (
    <li className="activity-entry">
      <details>
        <summary>
          <span className={statusClass(entry)}>{entry.status ?? 'failed'}</span>{' '}
          <strong>{entry.operation}</strong>{' '}
          <code>
            {entry.method} {new URL(entry.url).pathname}
          </code>{' '}
          <span className="muted">
            {entry.environmentName} · {entry.durationMs} ms ·{' '}
            <time dateTime={entry.at}>{new Date(entry.at).toLocaleTimeString()}</time>
          </span>
        </summary>
        <div className="activity-body">
          <p>
            <code className="breakable">{entry.url}</code>
          </p>
          {entry.failure ? <p className="field-error">{entry.failure}</p> : null}
          <h3>Request headers</h3>
          <pre>
            {Object.entries(entry.requestHeaders)
              .map(([k, v]) => `${k}: ${v}`)
              .join('\n')}
          </pre>
          <h3>Request body</h3>
          <pre>{pretty(entry.requestBody)}</pre>
          <h3>Response body</h3>
          <pre>{pretty(entry.responseBody)}</pre>
          <p>
            <CopyButton value={toCurlCommand(entry)} label="cURL command" /> Copy as cURL (secrets
            as $API_KEY, $SECRET_KEY)
          </p>
        </div>
      </details>
    </li>
  )
}

export function ActivityScreen() {
  const activity = useActivity()
  const clear = useClearActivity()
  const entries = activity.data?.entries ?? []
  return (
    <Page
      title="Activity"
      description="Every call the console made, newest first. Kept in memory only; secrets are redacted."
      actions={
        <>
          <Button onClick={() => void activity.refetch()} busy={activity.isFetching}>
            Refresh
          </Button>
          <Button variant="danger" onClick={() => clear.mutate()} disabled={entries.length === 0}>
            Clear
          </Button>
        </>
      }
    >
      {activity.isLoading ? <Loading label="Loading activity…" /> : null}
      {activity.error ? <ErrorAlert error={errorShape(activity.error)} /> : null}
      {activity.data && entries.length === 0 ? <Empty>No calls yet.</Empty> : null}
      <ol className="activity" aria-label="Calls">
        {entries.map((entry) => (
          <Entry key={entry.id} entry={entry} />
        ))}
      </ol>
    </Page>
  )
}
