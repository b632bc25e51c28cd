import { Trans, useLingui } from '@lingui/react/macro'
import { toCurlCommand, type ActivityEntry } from '@shared/activity'
import { CopyButton } from '../../../components/ui/copy-button'
import { useFormat } from '../../../i18n/format'
import { useWordSaid } from '../../../i18n/translate-message'
import { recordEnvironment } from '../../../lib/environment-name'
import { callPassed } from '../activity-filter'
import { readablePath, readableUrl } from '../readable-url'
import { CallNetworkLines } from './call-network-lines'

function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}

function statusClass(entry: ActivityEntry): string {
  if (callPassed(entry)) return 'badge badge-ok'
  return entry.status !== null && entry.status < 500 ? 'badge badge-warning' : 'badge badge-error'
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

/**
 * One call: a line to open, then everything it sent and got. Its URL is shown decoded for
 * reading; the cURL command copies it exactly as it was sent.
 */
export function ActivityEntryItem({ entry }: { entry: ActivityEntry }) {
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
            {entry.method} {readablePath(entry.url)}
          </code>{' '}
          <span className="muted">
            <span translate={environment.translate}>{environment.name}</span> · {t`${duration} ms`}{' '}
            · <time dateTime={entry.at}>{format.time(entry.at)}</time>
          </span>
        </summary>
        <div className="activity-body">
          <p>
            <code className="breakable" translate="no">
              {readableUrl(entry.url)}
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
