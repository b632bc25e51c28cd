import type { IncomingMessage, ServerResponse } from 'node:http'
import { SANDBOX_MESSAGES } from '../src-shared/messages/sandbox-messages'
import { checkCredentials } from './credentials'
import { faultBeforeCall, lateError, type FaultInjection } from './fault-injection'
import { sendJson, sendProblem } from './http-io'
import type { SandboxCredentials } from './options'
import { answerOwnRoute, OWN_PATHS, type OwnRoutes } from './own-routes'
import { ProblemError } from './problem'
import { plainPath, requestTarget, urlOf } from './request-path'
import { refuseForeignSender, type Sender } from './request-sender'
import { matchRoute } from './router'
import type { RouteContext } from './routes/context'

/** What every request is answered with: the sandbox's parts and settings. */
export interface Answering {
  sender: Sender
  credentials: SandboxCredentials
  own: OwnRoutes
  faults: FaultInjection
  /** What each route is given besides its request. */
  routes: Omit<RouteContext, 'request' | 'url' | 'params'>
}

async function handle(
  request: IncomingMessage,
  response: ServerResponse,
  sandbox: Answering,
): Promise<void> {
  refuseForeignSender(request.headers, sandbox.sender)
  const method = request.method ?? 'GET'
  const target = requestTarget(request.url)
  const pathname = plainPath(target) ?? urlOf(target).pathname
  if (OWN_PATHS.has(pathname) && (await answerOwnRoute(request, response, pathname, sandbox.own)))
    return
  const route = matchRoute(method, pathname)
  if (route.authenticated) checkCredentials(request.headers, sandbox.credentials)

  await sandbox.faults.waitOutHold()
  // A client that gave up while held is not answered, and its call is not made.
  if (request.socket.destroyed) return
  await sandbox.faults.delay()
  const fault = sandbox.faults.decide()
  const before = faultBeforeCall(fault, sandbox.faults.current())
  if (before) throw before

  let url: URL | undefined
  const result = await route.handler({
    ...sandbox.routes,
    request,
    // Only Authenticate reads its query: the other calls never build a URL.
    get url() {
      return (url ??= urlOf(target))
    },
    params: route.params,
  })
  if (fault === 'drop') {
    response.socket?.destroy()
    return
  }
  if (fault === 'late-error') throw lateError()
  sendJson(response, result.status, result.body, result.headers)
}

/** The server's listener: each request answered, a failure as a problem if one can be sent. */
export function listenerOf(sandbox: Answering) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    handle(request, response, sandbox).catch((error: unknown) => {
      if (response.headersSent || response.destroyed) return
      if (error instanceof ProblemError) {
        // An oversized body is left unread: close the connection rather than drain it.
        if (error.problem.status === 413) error.headers.connection = 'close'
        sendProblem(response, error.problem, error.headers)
        return
      }
      console.error(`sandbox: ${request.method} failed: ${describe(error)}`)
      sendProblem(response, {
        type: '/problems/internal',
        title: 'Internal error',
        status: 500,
        detail: SANDBOX_MESSAGES.failed.message,
      })
    })
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
