import { Trans, useLingui } from '@lingui/react/macro'
import { useQueries } from '@tanstack/react-query'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useRef } from 'react'
import type { BulkField, PlanRow } from '@shared/bulk'
import { useFormat } from '../../../i18n/format'
import { useTranslateMessage } from '../../../i18n/translate-message'
import { planRowsQueryOptions, ROWS_PAGE } from '../api/bulk'

const ROW_HEIGHT = 36

/**
 * The dry run's rows, as many as the file has: only the rows in view are rendered, and only
 * their pages are asked of main, which reads them from the file. A row is as tall as its errors
 * need, so every message can be read without hovering.
 */
export function RowsTable({
  planId,
  only,
  total,
  fields,
}: {
  planId: string
  only: 'all' | 'invalid'
  total: number
  fields: readonly BulkField[]
}) {
  const { t } = useLingui()
  const format = useFormat()
  const translateMessage = useTranslateMessage()
  const scroller = useRef<HTMLDivElement>(null)
  // The virtualizer's functions change with scrolling; React Compiler leaves this component
  // unmemoized, which is what it needs.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  })
  const items = virtualizer.getVirtualItems()
  const firstPage = Math.floor((items[0]?.index ?? 0) / ROWS_PAGE)
  const lastPage = Math.floor((items.at(-1)?.index ?? 0) / ROWS_PAGE)
  const pages = useQueries({
    queries: Array.from({ length: lastPage - firstPage + 1 }, (_, i) =>
      planRowsQueryOptions(planId, only, firstPage + i),
    ),
  })
  const rowAt = (index: number): PlanRow | undefined =>
    pages[Math.floor(index / ROWS_PAGE) - firstPage]?.data?.rows[index % ROWS_PAGE]
  // Field names are the service's own identifiers; main's rules are said in the page's language.
  const errorsText = (row: PlanRow): string =>
    Object.entries(row.errors ?? {})
      .map(([field, messages]) => `${field}: ${messages.map(translateMessage).join('; ')}`)
      .join(' · ')
  // Wide enough for the validity badge in either language ("Con errores").
  const columns = `5rem 7.5rem ${fields.map(() => 'minmax(8rem, 1fr)').join(' ')} minmax(14rem, 2fr)`

  return (
    <div
      className="rows-table"
      role="table"
      aria-label={only === 'invalid' ? t`Invalid rows` : t`Rows of the file`}
      aria-rowcount={total + 1}
    >
      <div className="rows-table-head" role="rowgroup">
        <div
          className="rows-table-row"
          role="row"
          aria-rowindex={1}
          style={{ gridTemplateColumns: columns }}
        >
          <span role="columnheader">
            <Trans>Row</Trans>
          </span>
          <span role="columnheader">
            <Trans>Check</Trans>
          </span>
          {fields.map((field) => (
            <span role="columnheader" key={field} translate="no">
              {field}
            </span>
          ))}
          <span role="columnheader">
            <Trans>Errors</Trans>
          </span>
        </div>
      </div>
      <div
        ref={scroller}
        className="rows-table-body"
        tabIndex={0}
        aria-label={t`Rows, scrollable`}
        role="rowgroup"
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const row = rowAt(item.index)
            return (
              <div
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                role="row"
                aria-rowindex={item.index + 2}
                className={`rows-table-row${row?.errors ? ' rows-table-invalid' : ''}`}
                style={{
                  gridTemplateColumns: columns,
                  minHeight: ROW_HEIGHT,
                  transform: `translateY(${item.start}px)`,
                }}
              >
                {row ? (
                  <>
                    <span role="cell">{format.number(row.row)}</span>
                    <span role="cell">
                      {row.errors ? (
                        <span className="badge badge-error">
                          <Trans>Invalid</Trans>
                        </span>
                      ) : (
                        <span className="badge badge-ok">
                          <Trans>Valid</Trans>
                        </span>
                      )}
                    </span>
                    {fields.map((field) => (
                      <span role="cell" key={field} title={row.values[field]} translate="no">
                        {row.values[field] ?? ''}
                      </span>
                    ))}
                    <span role="cell" className="rows-table-errors">
                      {errorsText(row)}
                    </span>
                  </>
                ) : (
                  <span role="cell" className="muted">
                    <Trans>Reading…</Trans>
                  </span>
                )}
              </div>
            )
          })}
        </div>
      </div>
    </div>
  )
}
