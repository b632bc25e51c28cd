import type { SharedMessage } from './message-text'

/** The rules of a bulk file, its mapping and its modes (the Bulk screen, the command line). */
export const BULK_RULE_MESSAGES = {
  notAServiceField: /*i18n*/ {
    id: 'rule.notAServiceField',
    message: 'not a field of the service',
  },
  tooManyColumns: /*i18n*/ {
    id: 'rule.tooManyColumns',
    message: 'a file may have at most {max} columns',
  },
  plainFileName: /*i18n*/ {
    id: 'rule.plainFileName',
    message: '{field} must be a plain file name: no folder, and not starting with a dot',
  },
  fileHandle: /*i18n*/ {
    id: 'rule.fileHandle',
    message: 'file must be a file chosen in the console (Choose…), not a path',
  },
  fullPath: /*i18n*/ {
    id: 'rule.fullPath',
    message:
      '{field} must be a full path (from / on Linux and macOS, or from a drive such as C:\\)',
  },
  unknownId: /*i18n*/ { id: 'rule.unknownId', message: 'not a known id' },
  setStatusNeedsStatus: /*i18n*/ {
    id: 'rule.setStatusNeedsStatus',
    message: 'Set status needs the status to set',
  },
  // One message per bulk mode, its name in the text: a mode's name alone ("Export") would read
  // like data (a column of that name) to a face that recognises messages in what it says.
  createDoesNotRead: /*i18n*/ {
    id: 'rule.createDoesNotRead',
    message: 'Create does not read {field}',
  },
  createOrUpdateDoesNotRead: /*i18n*/ {
    id: 'rule.createOrUpdateDoesNotRead',
    message: 'Create or update does not read {field}',
  },
  updateDoesNotRead: /*i18n*/ {
    id: 'rule.updateDoesNotRead',
    message: 'Update only does not read {field}',
  },
  setStatusDoesNotRead: /*i18n*/ {
    id: 'rule.setStatusDoesNotRead',
    message: 'Set status does not read {field}',
  },
  exportDoesNotRead: /*i18n*/ {
    id: 'rule.exportDoesNotRead',
    message: 'Export does not read {field}',
  },
  mappedTwice: /*i18n*/ {
    id: 'rule.mappedTwice',
    message: '{field} is mapped to more than one column',
  },
  notMapped: /*i18n*/ { id: 'rule.notMapped', message: 'no column is mapped to {field}' },
} as const satisfies Record<string, SharedMessage>
