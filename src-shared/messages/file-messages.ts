import type { SharedMessage } from './message-text'

/** The files the user chooses: granted by the window's dialog or typed and checked in the browser shell. Part of the core's messages (see core-messages.ts). */
export const FILE_MESSAGES = {
  // Files the user chooses (files/file-grants.ts, files/typed-path-rules.ts).
  fileNotChosen: /*i18n*/ {
    id: 'files.notChosen',
    message:
      'This file was not chosen for this use in the console, or its choice was used already. Choose the file again.',
  },
  typedPathsInDialog: /*i18n*/ {
    id: 'files.typedPathsInDialog',
    message: 'In the window, files are chosen in the dialog that Choose… opens, not typed.',
  },
  uploadNotHere: /*i18n*/ {
    id: 'files.uploadNotHere',
    message: 'Only the browser shell takes a file from the browser: here, choose it with Choose….',
  },
  uploadsBusy: /*i18n*/ {
    id: 'files.uploadsBusy',
    message: 'Other files are still being read in: wait for them, then choose this one again.',
  },
  uploadGone: /*i18n*/ {
    id: 'files.uploadGone',
    message: 'This file was not read in whole: choose it again.',
  },
  uploadTooLarge: /*i18n*/ {
    id: 'files.uploadTooLarge',
    message: 'The file is larger than {max} MiB, the most the console reads from the browser.',
  },
  typedPathShare: /*i18n*/ {
    id: 'files.typedPathShare',
    message: 'The path {path} names a share on another machine: copy the file to this one first.',
  },
  typedPathStream: /*i18n*/ {
    id: 'files.typedPathStream',
    message: 'The path {path} has a colon inside it: name a plain file.',
  },
  typedPathHidden: /*i18n*/ {
    id: 'files.typedPathHidden',
    message:
      'The path {path} is inside a hidden folder or names a hidden file (a name starting with a dot), which the console does not read or write here.',
  },
  typedPathOpenType: /*i18n*/ {
    id: 'files.typedPathOpenType',
    message:
      'The file {path} is not one the console reads here: it reads files ending in {endings}.',
  },
  typedPathOpenPicked: /*i18n*/ {
    id: 'files.typedPathOpenPicked',
    message:
      'The console reads this kind of file only as you pick it: choose {path} with Choose…, or drop it on the field.',
  },
  typedPathSaveType: /*i18n*/ {
    id: 'files.typedPathSaveType',
    message: 'The console saves this file only with its own ending ({endings}), not as {path}.',
  },
  typedPathNotFile: /*i18n*/ {
    id: 'files.typedPathNotFile',
    message: 'The path {path} is not a file.',
  },
  typedPathExists: /*i18n*/ {
    id: 'files.typedPathExists',
    message:
      'The file {path} already exists: the console does not replace files here. Type a new name.',
  },
  uploadsHeldTooMuch: /*i18n*/ {
    id: 'files.uploadsHeldTooMuch',
    message:
      'This file does not fit in the {max} MiB the console keeps for files read in from the browser while it runs: restart the console to read it in.',
  },
  uploadAfterLast: /*i18n*/ {
    id: 'files.uploadAfterLast',
    message: 'This file was already read in whole: a piece sent after its last one is refused.',
  },
  grantInDataFolder: /*i18n*/ {
    id: 'files.grantInDataFolder',
    message:
      "{file} is in the console's own data folder, where it keeps its settings and certificates: the console does not take a file from there. Copy it to another folder and choose the copy.",
  },
  typedPathLinked: /*i18n*/ {
    id: 'files.typedPathLinked',
    message:
      "The file {path} has more than one name (hard links): the console reads a typed file only when it has just the one. Copy it and type the copy's path, or choose it with Choose….",
  },
  fileChangedSinceChosen: /*i18n*/ {
    id: 'files.changedSinceChosen',
    message:
      'The file {file} changed since you chose it (it was replaced, moved or given another name): choose it again.',
  },
  typedSavesCount: /*i18n*/ {
    id: 'files.typedSavesCount',
    message:
      'The console has saved {max} files to typed paths since it started, the most it saves that way in one run: restart the console to save more.',
  },
  typedSavesBytes: /*i18n*/ {
    id: 'files.typedSavesBytes',
    message:
      'The files the console saved to typed paths since it started have reached {max} MiB, the most it writes that way in one run: restart the console to save more.',
  },
} as const satisfies Record<string, SharedMessage>
