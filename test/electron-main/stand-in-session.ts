// The stand-in's `protocol` and `session`: the app scheme's handler and the permission handlers,
// kept so the test can send the page's requests and permission asks through them, and the
// system's proxies as the test scripts them.
import { isReady, record, requireReady, violation } from './stand-in-recording'

type ProtocolHandler = (request: Request) => Response | Promise<Response>
const protocolHandlers = new Map<string, ProtocolHandler>()
let schemesRegistered = false

export const protocol = {
  registerSchemesAsPrivileged(schemes: unknown): void {
    record('protocol.registerSchemesAsPrivileged', schemes)
    if (isReady()) violation('protocol.registerSchemesAsPrivileged after the app is ready')
    if (schemesRegistered) violation('protocol.registerSchemesAsPrivileged called twice')
    schemesRegistered = true
  },
  handle(scheme: string, handler: ProtocolHandler): void {
    record('protocol.handle', scheme, handler)
    requireReady('protocol.handle')
    if (protocolHandlers.has(scheme)) violation(`The scheme '${scheme}' is already handled`)
    protocolHandlers.set(scheme, handler)
  },
}

export function protocolHandlerFor(scheme: string): ProtocolHandler | undefined {
  return protocolHandlers.get(scheme)
}

interface PermissionContents {
  getURL(): string
}
type PermissionRequestHandler = (
  contents: PermissionContents,
  permission: string,
  callback: (granted: boolean) => void,
  details: Record<string, unknown>,
) => void
type PermissionCheckHandler = (
  contents: PermissionContents | null,
  permission: string,
  requestingOrigin: string,
  details: Record<string, unknown>,
) => boolean

let permissionRequestHandler: PermissionRequestHandler | null = null
let permissionCheckHandler: PermissionCheckHandler | null = null

/** The handlers the main process set on the default session, null where it set none. */
export function permissionHandlers(): {
  request: PermissionRequestHandler | null
  check: PermissionCheckHandler | null
} {
  return { request: permissionRequestHandler, check: permissionCheckHandler }
}

const systemProxies = new Map<string, string>()

/** What resolveProxy answers for these URLs, in Chromium's PAC form ("PROXY host:port"). */
export function answerSystemProxies(answers: Readonly<Record<string, string>>): void {
  for (const [url, answer] of Object.entries(answers)) systemProxies.set(url, answer)
}

const defaultSession = {
  setPermissionRequestHandler(handler: PermissionRequestHandler | null): void {
    record('session.setPermissionRequestHandler', handler)
    permissionRequestHandler = handler
  },
  setPermissionCheckHandler(handler: PermissionCheckHandler | null): void {
    record('session.setPermissionCheckHandler', handler)
    permissionCheckHandler = handler
  },
  /** A URL the test scripted no answer for goes straight, as on a computer with no proxy set. */
  resolveProxy(url: string): Promise<string> {
    record('session.resolveProxy', url)
    return Promise.resolve(systemProxies.get(url) ?? 'DIRECT')
  },
}

export const session = {
  get defaultSession(): typeof defaultSession {
    requireReady('session.defaultSession')
    return defaultSession
  },
}
