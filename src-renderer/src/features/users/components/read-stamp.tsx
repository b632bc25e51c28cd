import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '../../../components/ui/button'

interface ReadQuery {
  dataUpdatedAt: number
  isFetching: boolean
  refetch: () => Promise<unknown>
}

/**
 * When the record shown was read from the service, and whether a newer read is on its way: what
 * is on screen is never passed off as what the service holds now. `refresh`: offer to read again.
 */
export function ReadStamp({ query, refresh = false }: { query: ReadQuery; refresh?: boolean }) {
  const { i18n } = useLingui()
  const at = new Intl.DateTimeFormat(i18n.locale, { timeStyle: 'medium' }).format(
    query.dataUpdatedAt,
  )
  return (
    <p className="read-stamp" role="status">
      <span>
        <Trans>Read from the service at {at}</Trans>
      </span>
      {query.isFetching ? (
        <span className="badge badge-warning">
          <Trans>Reading again…</Trans>
        </span>
      ) : null}
      {refresh ? (
        <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
          <Trans>Refresh</Trans>
        </Button>
      ) : null}
    </p>
  )
}
