/**
 * Whether a URL is the app's own page: the same scheme and host as the app URL. http(s) app URLs
 * (the development server, the browser shell's intercepted origin) compare whole origins.
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
  if (app.protocol === 'http:' || app.protocol === 'https:') return url.origin === app.origin
  return url.protocol === app.protocol && url.host === app.host && url.host !== ''
}
