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

/**
 * What to do, in one line, where the console cannot open: a Linux or BSD session with no display
 * (over SSH, in a container, on CI). Null where it can (macOS and Windows always have one).
 */
export function noDisplayAdvice(
  platform: NodeJS.Platform,
  env: Readonly<Record<string, string | undefined>>,
): string | null {
  if (platform === 'darwin' || platform === 'win32') return null
  if (env.DISPLAY || env.WAYLAND_DISPLAY) return null
  return 'No display here (DISPLAY and WAYLAND_DISPLAY are unset), and the console opens a window: run npm start in a desktop session, or under a virtual display with `xvfb-run npm start`; the command line needs none (`npm run cli -- --help`).'
}
