// The window's security settings as plain data and pure functions, so tests can assert them
// without starting Electron. index.ts and the browser shell apply them; nothing else decides them.

import { isAppUrl } from './core/page/app-url'

export function secureWebPreferences(preloadPath: string, allowDevTools: boolean) {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
    devTools: allowDevTools,
  } as const
}

/** The only permission the page gets: writing text to the clipboard for its copy buttons. */
export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write'])

export function isPermissionAllowed(
  permission: string,
  requestingUrl: string,
  appUrl: string,
): boolean {
  return ALLOWED_PERMISSIONS.has(permission) && isAppUrl(requestingUrl, appUrl)
}

/**
 * The Electron window's page is served over this scheme by protocol.handle, never from file://.
 * Registered as standard and secure, so the page is a secure context with its own origin.
 */
export const APP_SCHEME = 'integrator-console'
export const APP_URL = `${APP_SCHEME}://app/index.html`

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/**
 * The Vite dev server's URL when the app may use it: never in a packaged build (whoever sets the
 * variable would choose the page that gets the whole API), and only on a loopback address.
 */
export function developmentServerUrl(
  value: string | undefined,
  packaged: boolean,
): string | undefined {
  if (packaged || !value) return undefined
  try {
    const url = new URL(value)
    const web = url.protocol === 'http:' || url.protocol === 'https:'
    return web && LOOPBACK_HOSTS.has(url.hostname) ? url.href : undefined
  } catch {
    return undefined
  }
}

export interface SenderFrame {
  url: string
  /** null for the top frame. */
  parent: unknown
}

/** IPC is answered only for the app's own top-level page, never a subframe or another page. */
export function isTrustedSender(frame: SenderFrame | null | undefined, appUrl: string): boolean {
  if (!frame) return false
  return frame.parent === null && isAppUrl(frame.url, appUrl)
}
