import { Trans, useLingui } from '@lingui/react/macro'
import { toCurlCommand, type ActivityEntry } from '@shared/activity'
import { Button } from '../../../components/ui/button'
import { CopyButton } from '../../../components/ui/copy-button'
import { ErrorAlert } from '../../../components/ui/error-alert'
import { Empty, Loading, Page } from '../../../components/ui/page'
import { useFormat } from '../../../i18n/format'
import { useWordSaid } from '../../../i18n/translate-message'
import { errorShape } from '../../../lib/api'
import { useActivity, useClearActivity } from '../api/list-activity'
import { recordEnvironment } from '../../../lib/environment-name'
import { CallNetworkLines } from './call-network-lines'

function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}

function statusClass(entry: ActivityEntry): string {
  if (entry.status === null) return 'badge badge-error'
  return entry.status < 300 || entry.status === entry.expectedStatus
    ? 'badge badge-ok'
    : entry.status < 500
      ? 'badge badge-warning'
      : 'badge badge-error'
}

/** A request or response body as sent, or a word saying there was none. */
function Body({ body }: { body: string | null }) {
  return body === null ? (
    <pre>
      <Trans>(none)</Trans>
    </pre>
  ) : (
    <pre translate="no">{pretty(body)}</pre>
  )
}

function Entry({ entry }: { entry: ActivityEntry }) {
  const { t, i18n } = useLingui()
  const format = useFormat()
  const word = useWordSaid()
  const duration = format.number(entry.durationMs)
  const proxy = entry.proxy
  const environment = recordEnvironment(entry, i18n)
  return (
    <li className="activity-entry">
      <details>
        <summary>
          {entry.status === null ? (
            <span className={statusClass(entry)}>{t`failed`}</span>
          ) : (
            <span className={statusClass(entry)} translate="no">
              {entry.status}
            </span>
          )}{' '}
          <strong>{word(entry.operation)}</strong>{' '}
          {entry.status !== null && entry.status === entry.expectedStatus ? (
            <span className="muted">
              <Trans>(the answer a connection test looks for)</Trans>
            </span>
          ) : null}{' '}
          <code translate="no">
            {entry.method} {new URL(entry.url).pathname}
          </code>{' '}
          <span className="muted">
            <span translate={environment.translate}>{environment.name}</span> · {t`${duration} ms`}{' '}
            · <time dateTime={entry.at}>{format.time(entry.at)}</time>
          </span>
        </summary>
        <div className="activity-body">
          <p>
            <code className="breakable" translate="no">
              {entry.url}
            </code>
          </p>
          {proxy === null ? null : (
            <p className="muted">
              <Trans>
                Through the proxy <code translate="no">{proxy}</code>
              </Trans>
            </p>
          )}
          {entry.network === null ? null : <CallNetworkLines network={entry.network} />}
          {entry.failure ? <p className="field-error">{word(entry.failure)}</p> : null}
          <h3>
            <Trans>Request headers</Trans>
          </h3>
          <pre translate="no">
            {Object.entries(entry.requestHeaders)
              .map(([k, v]) => `${k}: ${v}`)
              .join('\n')}
          </pre>
          <h3>
            <Trans>Request body</Trans>
          </h3>
          <Body body={entry.requestBody} />
          <h3>
            <Trans>Response body</Trans>
          </h3>
          <Body body={entry.responseBody} />
          <p>
            <CopyButton value={toCurlCommand(entry)} label={t`cURL command`} />{' '}
            <Trans>Copy as cURL (secrets as $API_KEY, $SECRET_KEY)</Trans>
          </p>
        </div>
      </details>
    </li>
  )
}

export function ActivityScreen() {
  const { t } = useLingui()
  const activity = useActivity()
  const clear = useClearActivity()
  const entries = activity.data?.entries ?? []
  return (
    <Page
      title={t`Activity`}
      description={t`Every call the console made, newest first. Kept in memory only; secrets are redacted.`}
      actions={
        <>
          <Button onClick={() => void activity.refetch()} busy={activity.isFetching}>
            <Trans>Refresh</Trans>
          </Button>
          <Button variant="danger" onClick={() => clear.mutate()} disabled={entries.length === 0}>
            <Trans>Clear</Trans>
          </Button>
        </>
      }
    >
      {activity.isLoading ? <Loading label={t`Loading activity…`} /> : null}
      {activity.error ? <ErrorAlert error={errorShape(activity.error)} /> : null}
      {activity.data && entries.length === 0 ? (
        <Empty>
          <Trans>No calls yet.</Trans>
        </Empty>
      ) : null}
      <ol className="activity" aria-label={t`Calls`}>
        {entries.map((entry) => (
          <Entry key={entry.id} entry={entry} />
        ))}
      </ol>
    </Page>
  )
}
