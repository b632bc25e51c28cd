/** The command line's words about bulk runs: the file read, its rows, the progress, the end. */
export const CLI_BULK_MESSAGES = {
  mapNoColumn: /*i18n*/ {
    id: 'cli.mapNoColumn',
    message: '--map {choice}: the file has no column "{column}".',
  },
  mapColumns: /*i18n*/ { id: 'cli.mapColumns', message: 'Its columns: {columns}' },
  mapNoField: /*i18n*/ {
    id: 'cli.mapNoField',
    message: '--map {choice}: "{field}" is not a field of the service.',
  },
  mapFields: /*i18n*/ {
    id: 'cli.mapFields',
    message: 'Fields: {fields}, or - to ignore the column',
  },
  planFile: /*i18n*/ {
    id: 'cli.planFile',
    message: '{file}: {encoding}, "{delimiter}"-separated; columns read: {columns}',
  },
  planIgnored: /*i18n*/ {
    id: 'cli.planIgnored',
    message: 'ignored columns (never sent): {columns}',
  },
  planCounts: /*i18n*/ {
    id: 'cli.planCounts',
    message: '{rows} rows: {valid} valid, {invalid} invalid',
  },
  planCountsRepeated: /*i18n*/ {
    id: 'cli.planCountsRepeated',
    message:
      '{rows} rows: {valid} valid, {invalid} invalid (rows repeating the token of an earlier row: {repeated})',
  },
  invalidRow: /*i18n*/ { id: 'cli.invalidRow', message: 'row {row}: {errors}' },
  moreInvalidRows: /*i18n*/ {
    id: 'cli.moreInvalidRows',
    message: '... and {count} more invalid rows (--invalid-to FILE saves them all)',
  },
  savedInvalidRows: /*i18n*/ {
    id: 'cli.savedInvalidRows',
    message: 'saved the invalid rows ({count}) with their errors to {path}',
  },
  rowsInvalid: /*i18n*/ {
    id: 'cli.rowsInvalid',
    message: 'Invalid rows: {count}; nothing was sent.',
  },
  rowsInvalidHint: /*i18n*/ {
    id: 'cli.rowsInvalidHint',
    message:
      'Fix them (--invalid-to FILE saves them with their errors), or pass --skip-invalid to send the valid rows only.',
  },
  noValidRow: /*i18n*/ { id: 'cli.noValidRow', message: 'No valid row to send.' },
  modeInvalid: /*i18n*/ {
    id: 'cli.modeInvalid',
    message: '--mode must be create, createOrUpdate or update.',
  },
  outFormatInvalid: /*i18n*/ {
    id: 'cli.outFormatInvalid',
    message: '--out-format must be csv or json.',
  },
  savedResults: /*i18n*/ {
    id: 'cli.savedResults',
    message: 'saved the results of {count} rows to {path}',
  },
  rowFailed: /*i18n*/ { id: 'cli.rowFailed', message: 'row {row} ({token}): failed: {message}' },
  rowUnknown: /*i18n*/ {
    id: 'cli.rowUnknown',
    message: 'row {row} ({token}): outcome unknown: {message}',
  },
  moreProblemRows: /*i18n*/ {
    id: 'cli.moreProblemRows',
    message: '... and {count} more (--results FILE lists every row)',
  },
  cancelling: /*i18n*/ {
    id: 'cli.cancelling',
    message: 'cancelling: calls the service has begun to receive finish; nothing else is sent',
  },
  resumeHint: /*i18n*/ {
    id: 'cli.resumeHint',
    message:
      "  to go on with it: integrator-console resume {run} (the window's Bulk screen offers it too)",
  },
  noUnfinishedRun: /*i18n*/ { id: 'cli.noUnfinishedRun', message: 'no unfinished run' },
  progressLine: /*i18n*/ { id: 'cli.progressLine', message: 'progress: {state}, {summary}' },
  progressWaiting: /*i18n*/ {
    id: 'cli.progressWaiting',
    message: 'progress: {state}, {summary} ({waiting})',
  },
  progressCounts: /*i18n*/ {
    id: 'cli.progressCounts',
    message: '{done}/{total} done, {failed} failed',
  },
  progressRate: /*i18n*/ {
    id: 'cli.progressRate',
    message: '{done}/{total} done, {failed} failed, {rate} rows/s',
  },
  progressRateEta: /*i18n*/ {
    id: 'cli.progressRateEta',
    message: '{done}/{total} done, {failed} failed, {rate} rows/s, about {eta} s left',
  },
  stateRunning: /*i18n*/ { id: 'cli.stateRunning', message: 'running' },
  statePaused: /*i18n*/ { id: 'cli.statePaused', message: 'paused' },
  stateCancelling: /*i18n*/ { id: 'cli.stateCancelling', message: 'cancelling' },
  stateCancelled: /*i18n*/ { id: 'cli.stateCancelled', message: 'cancelled' },
  stateFinished: /*i18n*/ { id: 'cli.stateFinished', message: 'finished' },
  stateStopped: /*i18n*/ { id: 'cli.stateStopped', message: 'stopped' },
  stateStopping: /*i18n*/ { id: 'cli.stateStopping', message: 'stopping' },
} as const
