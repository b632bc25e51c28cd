import type { SharedMessage } from './message-text'

/** The rules of a file of environments a team shares (export and import). */
export const ENVIRONMENTS_FILE_RULE_MESSAGES = {
  environmentsFileFormat: /*i18n*/ {
    id: 'rule.environmentsFileFormat',
    message: 'this is not a file of environments: its "format" must be "{format}"',
  },
  environmentsFileVersion: /*i18n*/ {
    id: 'rule.environmentsFileVersion',
    message:
      'this file of environments is of version {version} or another this console cannot read: export it again from this version',
  },
  environmentsFileTooMany: /*i18n*/ {
    id: 'rule.environmentsFileTooMany',
    message: 'a file of environments holds at most {max}',
  },
  environmentsFileNameTwice: /*i18n*/ {
    id: 'rule.environmentsFileNameTwice',
    message: 'the file names "{name}" twice: each environment must have a name of its own',
  },
  sharedCaNotCertificates: /*i18n*/ {
    id: 'rule.sharedCaNotCertificates',
    message: 'caCertificates must hold PEM certificates and nothing else (no key, no other text)',
  },
} as const satisfies Record<string, SharedMessage>
