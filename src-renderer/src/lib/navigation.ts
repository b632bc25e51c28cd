import { useSyncExternalStore } from 'react'
import { SCREEN_ORDER, type Screen } from './screens'

export type { Screen }
export interface Route {
  screen: Screen
  token: string | null
}

function parse(hash: string): Route {
  const [name = '', token] = hash.replace(/^#\/?/, '').split('/')
  const screen = SCREEN_ORDER.find((s) => s === name) ?? 'lookup'
  return { screen, token: token ? decodeURIComponent(token) : null }
}

export function hrefFor(screen: Screen, token?: string | null): string {
  return `#/${screen}${token ? `/${encodeURIComponent(token)}` : ''}`
}

export function navigate(screen: Screen, token?: string | null): void {
  window.location.hash = hrefFor(screen, token)
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange)
  return () => window.removeEventListener('hashchange', onChange)
}

let cached: { hash: string; route: Route } | undefined
/** The route the address names now. */
export function currentRoute(): Route {
  const hash = window.location.hash
  if (cached?.hash !== hash) cached = { hash, route: parse(hash) }
  return cached.route
}

/** The hash is the route: screens are bookmarkable and Back works, with no router library. */
export function useRoute(): Route {
  return useSyncExternalStore(subscribe, currentRoute)
}
