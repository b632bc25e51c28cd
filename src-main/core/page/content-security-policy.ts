// The page's Content-Security-Policy: injected into index.html at build, and sent again as a
// header by the file server that both the Electron window and the browser shell use.

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
