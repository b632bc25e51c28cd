import type { SharedMessage } from './message-text'

/** Bulk dry runs and runs: their state and each row's outcome. Part of the core's messages (see core-messages.ts). */
export const BULK_RUN_MESSAGES = {
  // Bulk: dry runs and runs (bulk/bulk-service.ts, bulk/ledger.ts).
  dryRunNotHeld: /*i18n*/ {
    id: 'bulk.dryRunNotHeld',
    message: 'This dry run is no longer held; start again from the file.',
  },
  runNotHeld: /*i18n*/ {
    id: 'bulk.runNotHeld',
    message: 'This run is no longer held; start again from the file.',
  },
  runInProgress: /*i18n*/ {
    id: 'bulk.runInProgress',
    message: 'A bulk run is already in progress: wait for it, or cancel it.',
  },
  changedSinceDryRun: /*i18n*/ {
    id: 'bulk.changedSinceDryRun',
    message: '{file} changed since its dry run: check it again before sending anything.',
  },
  changedSinceDryRunField: /*i18n*/ {
    id: 'bulk.changedSinceDryRunField',
    message: 'the file changed since its dry run',
  },
  exportFileOnlyForExport: /*i18n*/ {
    id: 'bulk.exportFileOnlyForExport',
    message: 'Only an export writes its records to a file: this run changes users and writes none.',
  },
  exportNeedsFile: /*i18n*/ {
    id: 'bulk.exportNeedsFile',
    message: 'An export needs the file to write the records to.',
  },
  exportNeedsFileField: /*i18n*/ {
    id: 'bulk.exportNeedsFileField',
    message: 'choose where the export goes',
  },
  notTheRunFile: /*i18n*/ {
    id: 'bulk.notTheRunFile',
    message: '{file} is not the file this run was started with (its content differs).',
  },
  notTheRunFileField: /*i18n*/ {
    id: 'bulk.notTheRunFileField',
    message: 'not the file of this run',
  },
  discardInProgress: /*i18n*/ {
    id: 'bulk.discardInProgress',
    message: 'This run is in progress: cancel it before discarding it.',
  },
  runUnderWayElsewhere: /*i18n*/ {
    id: 'bulk.runUnderWayElsewhere',
    message:
      'This run is under way in another process of the console (another window, or one that stopped in the last {seconds} seconds): wait for it, or try again in a moment.',
  },
  runGone: /*i18n*/ {
    id: 'bulk.runGone',
    message:
      'This run is no longer there to resume: it finished, or was discarded, in another window.',
  },
  claimLost: /*i18n*/ {
    id: 'bulk.claimLost',
    message: 'another process of the console took this run over (its claim went stale)',
  },
  ledgerUnwritable: /*i18n*/ {
    id: 'bulk.ledgerUnwritable',
    message: 'its ledger could not be written ({error})',
  },
  ledgerClosed: /*i18n*/ { id: 'bulk.ledgerClosed', message: 'the ledger of this run is closed' },

  // Bulk: a run's state and each row's outcome (bulk/run-words.ts, bulk/bulk-service.ts).
  runPaused: /*i18n*/ {
    id: 'bulk.runPaused',
    message: 'Paused: calls in flight finish, no new row is sent.',
  },
  runCancelling: /*i18n*/ {
    id: 'bulk.runCancelling',
    message: 'Cancelling: calls the service has begun to receive finish; nothing else is sent.',
  },
  runStopped: /*i18n*/ { id: 'bulk.runStopped', message: 'The run stopped: {reason}' },
  environmentChanged: /*i18n*/ {
    id: 'bulk.environmentChanged',
    message:
      '"{environment}" changed during the run (its address, proxy, trust, kind, another setting or its secrets), so no more rows were sent. Rows not sent: {count}. Check the environment, then resume the run.',
  },
  waitingRateLimit: /*i18n*/ {
    id: 'bulk.waitingRateLimit',
    message: 'The service is rate limiting calls: waiting {seconds} s.',
  },
  tryingAgain: /*i18n*/ {
    id: 'bulk.tryingAgain',
    message: '{message} Trying again in {seconds} s.',
  },
  // A message the run quotes before a sentence of its own, when it is a clause with no full stop
  // of its own ("Could not reach … (ECONNREFUSED)").
  sentence: /*i18n*/ { id: 'bulk.sentence', message: '{message}.' },
  fixAndResume: /*i18n*/ {
    id: 'bulk.fixAndResume',
    message: '{message} Fix it, then resume the run.',
  },
  lookUpBeforeResending: /*i18n*/ {
    id: 'bulk.lookUpBeforeResending',
    message: '{message} Look the token up before sending this row again.',
  },
  createMaybeSent: /*i18n*/ {
    id: 'bulk.createMaybeSent',
    message:
      'A Create of this row may have reached the service, and a Retrieve could not tell ({message})',
  },
  createdAnswerLost: /*i18n*/ {
    id: 'bulk.createdAnswerLost',
    message: 'Created; its answer was lost, and a Retrieve shows the user as sent.',
  },
  existsNotMatching: /*i18n*/ {
    id: 'bulk.existsNotMatching',
    message:
      'A user with this token exists but does not match the row; it may have existed before. Look it up.',
  },
  rowCreated: /*i18n*/ { id: 'bulk.rowCreated', message: 'Created.' },
  rowUpdated: /*i18n*/ { id: 'bulk.rowUpdated', message: 'Updated.' },
  rowExported: /*i18n*/ { id: 'bulk.rowExported', message: 'Exported.' },
  rowStatusSet: /*i18n*/ { id: 'bulk.rowStatusSet', message: 'Status set to {status}.' },
  existedUpdated: /*i18n*/ {
    id: 'bulk.existedUpdated',
    message: 'Already existed: its updatable fields were updated.',
  },
  existedUpdatedKept: /*i18n*/ {
    id: 'bulk.existedUpdatedKept',
    message:
      'Already existed: its updatable fields were updated ({fields} kept as stored: Update does not take them).',
  },
  existedUpdatedNote: /*i18n*/ {
    id: 'bulk.existedUpdatedNote',
    message: 'Already existed: its updatable fields were updated. {note}',
  },
  existedUpdatedKeptNote: /*i18n*/ {
    id: 'bulk.existedUpdatedKeptNote',
    message:
      'Already existed: its updatable fields were updated ({fields} kept as stored: Update does not take them). {note}',
  },
  rerunOnlyFinished: /*i18n*/ {
    id: 'bulk.rerunOnlyFinished',
    message:
      'Only a run that finished can send its failed rows again: a cancelled or stopped run is resumed instead.',
  },
  nothingToRerun: /*i18n*/ {
    id: 'bulk.nothingToRerun',
    message: 'No row of this run failed or was left unsent: there is nothing to send again.',
  },
  notReached: /*i18n*/ {
    id: 'bulk.notReached',
    message: 'Not sent: the run ended before reaching this row; resuming the run sends it.',
  },
  doneEarlier: /*i18n*/ {
    id: 'bulk.doneEarlier',
    message: 'Done in an earlier session of this run.',
  },
  setAsideMaybeSent: /*i18n*/ {
    id: 'bulk.setAsideMaybeSent',
    message:
      'Stopped while a Create of this row may have reached the service: resuming the run asks the service first; otherwise look the token up before sending it again.',
  },
  setAsideNotSent: /*i18n*/ {
    id: 'bulk.setAsideNotSent',
    message: 'Not sent: the run stopped before its call; resuming the run sends it.',
  },
  setAsideNotDone: /*i18n*/ {
    id: 'bulk.setAsideNotDone',
    message:
      'Not done: the run stopped before its outcome was known (an attempt may have reached the service; sending it again is safe); resuming the run sends it.',
  },
} as const satisfies Record<string, SharedMessage>
