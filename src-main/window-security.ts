// The window's security settings as plain data and pure functions, so tests can assert them
// without starting Electron. index.ts applies them; nothing else decides them.

/** The page makes no network calls and loads nothing remote: every call goes through IPC. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
].join('; ')

/** Development only: Vite's dev server needs its inline preamble and its HMR socket. */
export function developmentContentSecurityPolicy(devServerOrigin: string): string {
  const ws = devServerOrigin.replace(/^http/, 'ws')
  return CONTENT_SECURITY_POLICY.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
    .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
    .replace("connect-src 'none'", `connect-src ${devServerOrigin} ${ws}`)
}

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
 * Whether a URL is the app's own page. file: pages must be the very same file (any query or
 * fragment); http pages (development server) the same origin.
 */
export function isAppUrl(candidate: string, appUrl: string): boolean {
  let url: URL
  let app: URL
  try {
    url = new URL(candidate)
    app = new URL(appUrl)
  } catch {
    return false
  }
  if (app.protocol === 'file:') return url.protocol === 'file:' && url.pathname === app.pathname
  return url.origin === app.origin
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
