import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type {
  BulkMode,
  CsvEncoding,
  ListedOutcome,
  Outcome,
  ResultFilter,
  RunState,
} from '@shared/bulk'

// The page's words for the shared values, in its own language.
export const BULK_MODE_MESSAGES: Record<BulkMode, MessageDescriptor> = {
  create: msg`Create`,
  createOrUpdate: msg`Create or update`,
  update: msg`Update only`,
  setStatus: msg`Set status`,
  export: msg`Export`,
}

export const BULK_MODE_HELP: Record<BulkMode, MessageDescriptor> = {
  create: msg`Creates a user per row. A token that exists already is reported, not changed.`,
  createOrUpdate: msg`Creates a user per row; where the token exists, updates its updatable fields.`,
  update: msg`Updates existing users; every row needs a token and a status.`,
  setStatus: msg`Gives every token of the file the status chosen here.`,
  export: msg`Looks up every token and writes the records to a file you choose.`,
}

export const CSV_ENCODING_MESSAGES: Record<CsvEncoding, MessageDescriptor> = {
  'utf-8': msg`UTF-8`,
  'utf-8-bom': msg`UTF-8 with BOM`,
  'windows-1252': msg`Windows-1252 (the file is not valid UTF-8)`,
}

export const RUN_STATE_MESSAGES: Record<RunState, MessageDescriptor> = {
  running: msg`Running`,
  paused: msg`Paused`,
  cancelling: msg`Cancelling`,
  cancelled: msg`Cancelled`,
  finished: msg`Finished`,
}

/** How many rows had each outcome: the run's counts. */
export const OUTCOME_MESSAGES: Record<Outcome, MessageDescriptor> = {
  created: msg`Created`,
  updated: msg`Updated`,
  statusSet: msg`Status set`,
  exported: msg`Exported`,
  failed: msg`Failed`,
  unknown: msg`Outcome unknown`,
}

/** What became of one row (a language may word one row apart from a count of rows). */
export const ROW_OUTCOME_MESSAGES: Record<ListedOutcome, MessageDescriptor> = {
  created: msg({ message: 'Created', context: 'one row' }),
  updated: msg({ message: 'Updated', context: 'one row' }),
  statusSet: msg({ message: 'Status set', context: 'one row' }),
  exported: msg({ message: 'Exported', context: 'one row' }),
  failed: msg({ message: 'Failed', context: 'one row' }),
  unknown: msg({ message: 'Outcome unknown', context: 'one row' }),
  notSent: msg({ message: 'Not sent', context: 'one row' }),
  notDone: msg({ message: 'Not done', context: 'one row' }),
  invalid: msg({ message: 'Invalid, skipped', context: 'one row' }),
}

export const RESULT_FILTER_MESSAGES: Record<ResultFilter, MessageDescriptor> = {
  all: msg`Every row`,
  attention: msg`Needing attention`,
  succeeded: msg`Done`,
  invalid: msg`Invalid, skipped`,
}
