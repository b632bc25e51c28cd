import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { BulkMode, CsvEncoding, Outcome, RunState } from '@shared/bulk'

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

export const OUTCOME_MESSAGES: Record<Outcome, MessageDescriptor> = {
  created: msg`Created`,
  updated: msg`Updated`,
  statusSet: msg`Status set`,
  exported: msg`Exported`,
  failed: msg`Failed`,
  unknown: msg`Outcome unknown`,
}
