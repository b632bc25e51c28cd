import type { EnvironmentProfile } from '../../../src-shared/environments'

/**
 * What a proxy password is for: the proxy's origin and the user name it is given with. The
 * keychain holds the password with this in front of it, so a password set for one proxy is never
 * sent to another: a page that points an environment at its own proxy finds no password there.
 */
export function proxyPasswordBinding(profile: EnvironmentProfile): string | null {
  const proxy = profile.proxy
  return proxy.mode === 'url' && proxy.username !== null ? `${proxy.url} ${proxy.username}` : null
}

// A secret holds no control character (secretValueSchema), so a line break cannot be part of it.
const SEPARATOR = '\n'

/** The keychain's value for a proxy password set for this binding. */
export function sealProxyPassword(binding: string, password: string): string {
  return `${binding}${SEPARATOR}${password}`
}

/** The password, if the keychain's value was set for this binding; null otherwise. */
export function openProxyPassword(binding: string | null, stored: string | null): string | null {
  if (binding === null || stored === null) return null
  const prefix = `${binding}${SEPARATOR}`
  return stored.startsWith(prefix) ? stored.slice(prefix.length) : null
}
