import { Trans, useLingui } from '@lingui/react/macro'
import { useQueries } from '@tanstack/react-query'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useRef } from 'react'
import type { BulkField, PlanRow } from '@shared/bulk'
import { fieldLabel } from '../../../i18n/field-labels'
import { useFormat } from '../../../i18n/format'
import { planRowsQueryOptions, ROWS_PAGE } from '../api/plan-rows'
import '../bulk-tables.css'
import { useColumnWidths } from './column-widths'
import { useReasonText } from './reason-text'
import { tableLayout } from './table-layout'

const ROW_HEIGHT = 36
const HEAD_HEIGHT = 44

/**
 * The dry run's rows, as many as the file has: only the rows in view are rendered, and only
 * their pages are asked of main, which reads them from the file. Header and rows scroll in one
 * box, so a column's name stays over its values; the reason a row is invalid sits beside its
 * number, in view without scrolling sideways, and a row is as tall as its reason needs.
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
  const { t, i18n } = useLingui()
  const format = useFormat()
  const reasonText = useReasonText()
  const scroller = useRef<HTMLDivElement>(null)
  // The virtualizer's functions change with scrolling; React Compiler leaves this component
  // unmemoized, which is what it needs.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    scrollMargin: HEAD_HEIGHT,
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
  const loaded = pages.flatMap((page) => page.data?.rows ?? [])
  const headerChars = (field: BulkField) => Math.max(fieldLabel(i18n, field).length, field.length)
  const layout = tableLayout(['4.5rem', '19rem', ...useColumnWidths(fields, loaded, headerChars)])

  return (
    <div
      ref={scroller}
      className="rows-table"
      role="table"
      aria-label={only === 'invalid' ? t`Invalid rows` : t`Rows of the file`}
      aria-rowcount={total + 1}
      // It scrolls: a region that scrolls must take focus to be scrolled from the keyboard.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
      <div className="rows-table-head" role="rowgroup" style={{ width: layout.width }}>
        <div
          className="rows-table-row"
          role="row"
          aria-rowindex={1}
          style={{ ...layout.row, height: HEAD_HEIGHT }}
        >
          <span role="columnheader">
            <Trans>Row</Trans>
          </span>
          <span role="columnheader">
            <Trans>Check</Trans>
          </span>
          {fields.map((field) => {
            // A label that is the API's own name (Token) is that name, in any language.
            const label = fieldLabel(i18n, field)
            const apiName = label.toLowerCase() === field
            return (
              <span
                role="columnheader"
                key={field}
                title={label}
                translate={apiName ? 'no' : undefined}
              >
                {label}
                {apiName ? null : (
                  <code className="field-api-name" translate="no">
                    {field}
                  </code>
                )}
              </span>
            )
          })}
        </div>
      </div>
      <div
        role="rowgroup"
        style={{ height: virtualizer.getTotalSize(), position: 'relative', width: layout.width }}
      >
        {items.map((item) => {
          const row = rowAt(item.index)
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              role="row"
              aria-rowindex={item.index + 2}
              className={`rows-table-row rows-table-body-row${row?.errors ? ' rows-table-invalid' : ''}`}
              style={{
                ...layout.row,
                minHeight: ROW_HEIGHT,
                transform: `translateY(${item.start - HEAD_HEIGHT}px)`,
              }}
            >
              {row ? (
                <>
                  <span role="cell">{format.number(row.row)}</span>
                  <span role="cell" className="rows-table-reason">
                    {row.errors ? (
                      <>
                        <span className="badge badge-error">
                          <Trans>Invalid</Trans>
                        </span>{' '}
                        {reasonText(row.errors)}
                      </>
                    ) : (
                      <span className="badge badge-ok">
                        <Trans>Valid</Trans>
                      </span>
                    )}
                  </span>
                  {fields.map((field) => (
                    // aria-invalid marks the refused value to screen readers; axe, run on this
                    // screen, accepts it on a cell (ARIA 1.2 lists it for gridcell only).
                    // eslint-disable-next-line jsx-a11y/role-supports-aria-props
                    <span
                      role="cell"
                      key={field}
                      title={row.values[field]}
                      translate="no"
                      aria-invalid={row.errors?.[field] ? true : undefined}
                      className={
                        [
                          field === 'token' ? 'token-cell' : '',
                          row.errors?.[field] ? 'cell-invalid' : '',
                        ]
                          .filter(Boolean)
                          .join(' ') || undefined
                      }
                    >
                      {row.values[field] ?? ''}
                    </span>
                  ))}
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
  )
}
