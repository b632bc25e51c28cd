import type { SharedMessage } from './message-text'

/** Bulk work's files: the CSV read and the files written. Part of the core's messages (see core-messages.ts). */
export const BULK_FILE_MESSAGES = {
  // Bulk: the CSV file (bulk/csv-input.ts, bulk/csv-output.ts, bulk/plan.ts).
  noFileAt: /*i18n*/ { id: 'bulk.noFileAt', message: 'There is no file at {path}.' },
  fileReadDenied: /*i18n*/ {
    id: 'bulk.fileReadDenied',
    message: 'The file {path} cannot be read: permission denied.',
  },
  fileIsFolder: /*i18n*/ {
    id: 'bulk.fileIsFolder',
    message: '{path} is a folder, not a CSV file.',
  },
  fileUnreadable: /*i18n*/ {
    id: 'bulk.fileUnreadable',
    message: 'The file {path} cannot be read ({code}).',
  },
  fileUnreadableUnknown: /*i18n*/ {
    id: 'bulk.fileUnreadableUnknown',
    message: 'The file {path} cannot be read (unknown error).',
  },
  notCsvZip: /*i18n*/ {
    id: 'bulk.notCsvZip',
    message:
      '{file} cannot be read as CSV: it is an Excel workbook (.xlsx) or another zip file, not CSV: save it as "CSV UTF-8" or "CSV (separated by ;)".',
  },
  notCsvXls: /*i18n*/ {
    id: 'bulk.notCsvXls',
    message:
      '{file} cannot be read as CSV: it is an old Excel workbook (.xls), not CSV: save it as "CSV UTF-8".',
  },
  notCsvUtf16: /*i18n*/ {
    id: 'bulk.notCsvUtf16',
    message: '{file} cannot be read as CSV: it is UTF-16 text: save it as "CSV UTF-8".',
  },
  notCsvBinary: /*i18n*/ {
    id: 'bulk.notCsvBinary',
    message: '{file} cannot be read as CSV: it contains binary data (NUL bytes), not text.',
  },
  csvUnreadableNearLine: /*i18n*/ {
    id: 'bulk.csvUnreadableNearLine',
    message: '{file} cannot be read as CSV near line {line}: {error}',
  },
  csvUnreadable: /*i18n*/ {
    id: 'bulk.csvUnreadable',
    message: '{file} cannot be read as CSV: {error}',
  },
  fileEmpty: /*i18n*/ { id: 'bulk.fileEmpty', message: '{file} is empty.' },
  noHeaderRow: /*i18n*/ {
    id: 'bulk.noHeaderRow',
    message: '{file} has no header row: its first row must name the columns.',
  },
  tooManyFileColumns: /*i18n*/ {
    id: 'bulk.tooManyFileColumns',
    message: '{file} has {count} columns; at most {max} are read.',
  },
  fileChangedWhileRead: /*i18n*/ {
    id: 'bulk.fileChangedWhileRead',
    message:
      '{file} changed while it was being read: nothing after row {row} was read. Its rows are read only as they were checked; put the file back as it was, or check it again.',
  },
  writeExists: /*i18n*/ {
    id: 'bulk.writeExists',
    message:
      'The file {path} already exists and was left as it is; nothing was saved. Choose a new name.',
  },
  writeNoFolder: /*i18n*/ {
    id: 'bulk.writeNoFolder',
    message:
      'The file {path} could not be written (its folder does not exist); nothing was saved there.',
  },
  writeDenied: /*i18n*/ {
    id: 'bulk.writeDenied',
    message: 'The file {path} could not be written (permission denied); nothing was saved there.',
  },
  writeIsFolder: /*i18n*/ {
    id: 'bulk.writeIsFolder',
    message: 'The file {path} could not be written (it is a folder); nothing was saved there.',
  },
  writeDiskFull: /*i18n*/ {
    id: 'bulk.writeDiskFull',
    message: 'The file {path} could not be written (the disk is full); nothing was saved there.',
  },
  writeFailed: /*i18n*/ {
    id: 'bulk.writeFailed',
    message: 'The file {path} could not be written (error {code}); nothing was saved there.',
  },
  writeFailedUnknown: /*i18n*/ {
    id: 'bulk.writeFailedUnknown',
    message: 'The file {path} could not be written (error unknown); nothing was saved there.',
  },
  mappingColumnCount: /*i18n*/ {
    id: 'bulk.mappingColumnCount',
    message: 'the mapping has {count} columns but the file has {columns}',
  },
  mappingUnusable: /*i18n*/ {
    id: 'bulk.mappingUnusable',
    message: 'The column mapping cannot be used: {problem}.',
  },
  duplicateToken: /*i18n*/ {
    id: 'bulk.duplicateToken',
    message: 'the same token is on row {row}: each user may appear once',
  },
} as const satisfies Record<string, SharedMessage>
