import type { EnvironmentKind } from './environment'
import type { ProxySetting } from './proxy-setting'
import type { TlsDraft, TlsSetting, TlsView } from './tls-setting'

/** What a call's route is made of: where it goes, as what, through which proxy, trusting whom. */
export interface Route {
  kind: EnvironmentKind
  baseUrl: string
  proxy: ProxySetting
  tls: TlsSetting
}

const originOf = (baseUrl: string) => (URL.canParse(baseUrl) ? new URL(baseUrl).origin : baseUrl)

function proxyParts(proxy: ProxySetting): (string | null)[] {
  return proxy.mode === 'url' ? [proxy.mode, proxy.url, proxy.username] : [proxy.mode]
}

function clientParts(tls: TlsSetting): (string | null)[] {
  const client = tls.clientCertificate
  if (client === null) return [null]
  return client.format === 'pem'
    ? [client.format, client.certFile, client.keyFile]
    : [client.format, client.file]
}

/**
 * A CA file as a binding names it: one the importer keeps is named by its digest, as the settings
 * file names it, so that a data folder moved or copied elsewhere keeps its environments' keys.
 */
function caFilePart(caFile: string | null): string | null {
  const digest =
    caFile === null ? undefined : /[\\/]shared-ca-([0-9a-f]{32})\.pem$/.exec(caFile)?.[1]
  return digest === undefined ? caFile : `shared-ca:${digest}`
}

/**
 * What an environment's secrets were set for: the whole route a call takes with them. Its kind
 * (a production key must not outlive the production mark), its origin (scheme, host, port), its
 * proxy (mode, address, user name) and its trust (CA file, CA-only, client certificate): whoever
 * could change any of them could read the keys in transit, so a change of any drops them.
 */
export function secretBinding(route: Route): string {
  const parts = [
    ...proxyParts(route.proxy),
    caFilePart(route.tls.caFile),
    route.tls.caOnly,
    ...clientParts(route.tls),
  ]
  return `${legacySecretBinding(route)} ${JSON.stringify(parts)}`
}

/**
 * The binding consoles before this one wrote: kind and origin alone. A keychain entry holding
 * it is taken as set for the route the environment has when first read, and rewritten at once.
 */
export function legacySecretBinding(route: { kind: EnvironmentKind; baseUrl: string }): string {
  return `${route.kind} ${originOf(route.baseUrl)}`
}

/** Whether saving `after` over `before` keeps the secrets (the same route, see secretBinding). */
export function keepsSecrets(before: Route, after: Route): boolean {
  return secretBinding(before) === secretBinding(after)
}

/** A route as an edit form holds it: the stored environment's files known by name only. */
export interface RouteDraft {
  kind: EnvironmentKind
  baseUrl: string
  proxy: { mode: ProxySetting['mode']; url?: string; username?: string | null }
  tls: TlsDraft | undefined
}

const proxyUrlOf = (value: string | undefined) =>
  value !== undefined && URL.canParse(value.trim()) ? new URL(value.trim()).origin : value
const userOf = (value: string | null | undefined) =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim()

/**
 * Whether a form's save keeps the environment's secrets, judged as core judges it: the same
 * kind, origin and proxy, every TLS file kept as it is (a file chosen anew counts as a change,
 * even the same one) and the same CA-only choice.
 */
export function draftKeepsSecrets(
  before: { kind: EnvironmentKind; baseUrl: string; proxy: ProxySetting; tls: TlsView },
  draft: RouteDraft,
): boolean {
  if (legacySecretBinding(before) !== legacySecretBinding(draft)) return false
  const proxy = before.proxy
  if (proxy.mode !== draft.proxy.mode) return false
  if (
    proxy.mode === 'url' &&
    (proxy.url !== proxyUrlOf(draft.proxy.url) || proxy.username !== userOf(draft.proxy.username))
  )
    return false
  const tls = draft.tls
  if (tls === undefined) return true
  if (
    (tls.caFile === null) !== (before.tls.caFile === null) ||
    (tls.caFile !== null && tls.caFile !== 'keep')
  )
    return false
  if (tls.caOnly !== before.tls.caOnly) return false
  const client = tls.clientCertificate
  const held = before.tls.clientCertificate
  if (client === null || held === null) return client === held
  if (client.format !== held.format) return false
  const files = client.format === 'pem' ? [client.certFile, client.keyFile] : [client.file]
  return files.every((file) => file === 'keep')
}
