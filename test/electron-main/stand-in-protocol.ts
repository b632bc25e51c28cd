// What the test process and the child running the built main process say to each other. Types
// only: the stand-in runs under Node's type stripping, which erases `import type` and nothing else.

/** Set to '1' by a test to make the stand-in's app.isPackaged true. */
export const PACKAGED_ENV = 'STAND_IN_PACKAGED'
/** The version the stand-in's app.getVersion() answers, so the test can see it reach the core. */
export const VERSION_ENV = 'STAND_IN_VERSION'

/** One call the built main process made on the stand-in, its functions replaced by a marker. */
export interface RecordedCall {
  api: string
  args: unknown[]
  /** Whether the stand-in's app was ready when the call was made. */
  afterReady: boolean
}

export interface Recording {
  /** The file the child was started with: the built main process, not a copy. */
  mainModule: string | undefined
  ready: boolean
  calls: RecordedCall[]
  /** Electron rules the main process broke; real Electron throws for each of these. */
  violations: string[]
}

/** Electron's WebFrameMain as far as the IPC sender check reads it. */
export interface StandInFrame {
  url: string
  parent: StandInFrame | null
}

export interface AppResponse {
  status: number
  headers: Record<string, string>
  body: Uint8Array
}

export interface QuitReport {
  /** Whether a will-quit listener called event.preventDefault(), holding the quit for cleanup. */
  prevented: boolean
  exitCode: number
  /** Whether the given port still had a listening socket when app.exit() was called (Linux). */
  portListeningAtExit: boolean | null
}

export interface Resolution {
  specifier: string
  parentURL: string | undefined
  url: string
}

export interface NativeModules {
  /** Every bare specifier resolved in the child, as Node's own resolver answered it. */
  resolutions: Resolution[]
  /** The shared libraries loaded into the child, from its diagnostic report. */
  sharedObjects: string[]
}

export type Command =
  | { kind: 'recording' }
  | { kind: 'ready' }
  | { kind: 'invoke'; channel: string; input: unknown; senderFrame: StandInFrame | null }
  | { kind: 'app-request'; url: string }
  | { kind: 'window-open'; url: string }
  /** Emits a cancellable webContents event (will-navigate, will-attach-webview) for a URL. */
  | { kind: 'webcontents-event'; event: string; url: string }
  | { kind: 'permission-request'; permission: string; url: string }
  | { kind: 'permission-check'; permission: string; url: string | null }
  | { kind: 'will-quit'; port: number }
  | { kind: 'native-modules' }
  /** Which button the next message boxes answer with (as a user would click them), in order. */
  | { kind: 'message-box-answers'; responses: number[] }
  /** What the session's resolveProxy answers from now on, by URL, in Chromium's PAC form. */
  | { kind: 'system-proxy-answers'; answers: Record<string, string> }

export interface Answers {
  'message-box-answers': null
  'system-proxy-answers': null
  recording: Recording
  ready: Recording
  invoke: unknown
  'app-request': AppResponse
  'window-open': unknown
  'webcontents-event': { prevented: boolean }
  'permission-request': boolean
  'permission-check': boolean
  'will-quit': QuitReport
  'native-modules': NativeModules
}

export interface CommandMessage {
  id: number
  command: Command
}

export type ChildMessage =
  | { type: 'started' }
  | { type: 'reply'; id: number; ok: true; value: unknown }
  | { type: 'reply'; id: number; ok: false; error: string }
