import type { ElectronBinary } from './electron-binary'

export type LaunchMode = 'window' | 'browser shell'

/** Whether `npm start` was asked for the browser shell (--browser, or a browser to use). */
export function asksForBrowserShell(args: readonly string[]): boolean {
  return args.some((arg) => arg === '--browser' || arg.startsWith('--browser-path'))
}

/**
 * Which face `npm start` opens: the Electron window where its binary is installed, unless the
 * browser shell is asked for. scripts/start.mjs asks first, to build only what that face runs.
 */
export function launchMode(args: readonly string[], electron: ElectronBinary): LaunchMode {
  return 'path' in electron && !asksForBrowserShell(args) ? 'window' : 'browser shell'
}
