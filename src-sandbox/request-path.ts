/** A request's target as the server reads it: a path, whatever the client sent. */
export function requestTarget(raw: string | undefined): string {
  return raw?.startsWith('/') ? raw : '/'
}

/** The target as a URL: prefixing the origin keeps a path such as '//host/x' a path. */
export function urlOf(target: string): URL {
  return new URL(`http://127.0.0.1${target}`)
}

// A path URL parsing leaves as it is: only characters it never encodes, no dot (no dot segment
// to resolve), no query or fragment, no percent-encoded dot.
const PLAIN_PATH = /^(?:[A-Za-z0-9\-_~!$&'()*+,;=:@/]|%(?!2[eE])[0-9A-Fa-f]{2})*$/

/**
 * The path of most calls, read without building a URL (a test holds it to URL parsing); null
 * when URL parsing must decide it.
 */
export function plainPath(target: string): string | null {
  return PLAIN_PATH.test(target) && !target.startsWith('//') ? target : null
}
