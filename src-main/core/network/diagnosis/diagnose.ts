import { isIP } from 'node:net'
import type { Duplex } from 'node:stream'
import type { SecureContext } from 'node:tls'
import type { TlsSetting } from '../../../../src-shared/environments'
import type { ConnectionTest, DiagnosisStep } from '../../../../src-shared/ipc'
import { said, type Said } from '../../../../src-shared/messages'
import { tunnelRefusal } from '../proxy-failure'
import type { Route } from '../route'
import { connectFailure, lookupFailure, tunnelFailure } from './network-failures'
import { becauseOf, planOf, targetOf, whichOf, type DiagnosisPlan, type ProxyHop } from './plan'
import { handshake } from './handshake-probe'
import { lookupHost, openSocket, openTunnel, secureToProxy } from './probes'
import { socksProbe } from './socks-probe'
import {
  connectionTestOf,
  credentialsNotSet,
  failed,
  passed,
  skipped,
  type CallAnswer,
} from './steps'
import {
  acceptedSaid,
  handshakeFailure,
  judgeCertificate,
  lateRefusal,
  trustOf,
} from './tls-judgement'

/** Made of the environment's settings and files, or why it could not be: the step it fails. */
export type Prepared<T> = { ok: true; value: T } | { ok: false; said: Said }

/** What the probes need of an environment: where it goes, how, with what trust, how long. */
export interface DiagnosisSubject {
  baseUrl: string
  timeoutMs: number
  tls: TlsSetting
  /** Fails the proxy step when it could not be made (a system proxy the console cannot use). */
  route: Prepared<Route>
  /** Fails the TLS step when it could not be made (a CA file or a client key unusable). */
  secureContext: Prepared<SecureContext | undefined>
  /** What an https:// proxy's certificate is checked with: the environment's trust. */
  proxyTrust: Prepared<SecureContext | undefined>
}

/** The one real call, or the credentials it needs and that are not set (it is not made). */
export type RealCall = { send: () => Promise<CallAnswer> } | { missing: Said }

interface Probing {
  subject: DiagnosisSubject
  plan: DiagnosisPlan
  seconds: number
  /** Every connection the probes open, each destroyed once they are done. */
  opened: Duplex[]
}

type Reached = { steps: DiagnosisStep[]; carrier: Duplex | null }

const stop = (steps: DiagnosisStep[]): Reached => ({ steps, carrier: null })

/** The name of the first host contacted, and a TCP connection to it. */
async function reachFirstHop(probing: Probing): Promise<Reached> {
  const { plan, subject, seconds } = probing
  const hop = plan.proxy?.endpoint ?? plan.service
  const which = whichOf(plan)
  const addresses = await lookupHost(hop.host, subject.timeoutMs)
  if (!addresses.ok)
    return stop([failed('resolve', lookupFailure(addresses.code, hop.host, which, seconds))])
  const address = addresses.value.join(', ')
  const resolved =
    isIP(hop.host) === 0
      ? said('resolved', { host: hop.host, address })
      : said('nothingToResolve', { host: hop.host })
  const steps = [passed('resolve', resolved)]
  if (plan.proxy === null)
    steps.push(skipped('proxy', said('direct', { because: becauseOf(plan) })))
  const socket = await openSocket(hop.host, hop.port, subject.timeoutMs)
  if (!socket.ok) {
    const failure = connectFailure(socket.code, targetOf(hop), which, seconds)
    return stop([...steps, failed(plan.proxy === null ? 'connect' : 'proxy', failure)])
  }
  const target = targetOf({ host: socket.value.remoteAddress ?? hop.host, port: hop.port })
  probing.opened.push(socket.value)
  if (plan.proxy === null) steps.push(passed('connect', said('connectedTo', { target })))
  return { steps, carrier: socket.value }
}

/** Through a proxy: TLS to it if it is an https one, then its answer to CONNECT. */
async function throughProxy(probing: Probing, proxy: ProxyHop, carrier: Duplex): Promise<Reached> {
  const { plan, subject, seconds } = probing
  const because = becauseOf(plan)
  const target = targetOf(plan.service)
  const which = whichOf(plan)
  if (proxy.socks !== null) {
    const answer = await socksProbe(carrier, proxy.socks, plan.service, subject.timeoutMs)
    if (!answer.ok)
      return stop([failed('proxy', tunnelFailure(answer.code, proxy.shownAs, which, seconds))])
    if ('refused' in answer.value) {
      const { refused: reason } = answer.value
      const url = subject.baseUrl
      return stop([
        failed('proxy', said('proxySocksRefused', { proxy: proxy.shownAs, url, reason })),
      ])
    }
    return opened(proxy, because, target, answer.value.tunnel)
  }
  let toProxy = carrier
  if (proxy.secure) {
    if (!subject.proxyTrust.ok) return stop([failed('proxy', subject.proxyTrust.said)])
    const trust = subject.proxyTrust.value
    const secured = await secureToProxy(carrier, proxy.endpoint.host, trust, subject.timeoutMs)
    if (!secured.ok) {
      const where = { host: proxy.endpoint.host, target: targetOf(proxy.endpoint) }
      return stop([failed('proxy', handshakeFailure(secured.code, where, false, seconds))])
    }
    probing.opened.push(secured.value)
    toProxy = secured.value
  }
  // The service is an https one: plain http never goes through a proxy (route.ts).
  const answer = await openTunnel(toProxy, target, proxy.authorization, subject.timeoutMs)
  if (!answer.ok)
    return stop([failed('proxy', tunnelFailure(answer.code, proxy.shownAs, which, seconds))])
  const { status, tunnel, offered } = answer.value
  probing.opened.push(tunnel)
  if (status < 200 || status > 299) {
    const refusal = tunnelRefusal({
      status,
      proxy: proxy.shownAs,
      target,
      sentCredentials: proxy.authorization !== null,
      offered,
    })
    return stop([failed('proxy', refusal)])
  }
  return opened(proxy, because, target, tunnel)
}

function opened(proxy: ProxyHop, because: Said, target: string, tunnel: Duplex): Reached {
  return {
    steps: [
      passed('proxy', said('proxyOpened', { proxy: proxy.shownAs, because, target })),
      passed('connect', said('connectedThroughTunnel', { target })),
    ],
    carrier: tunnel,
  }
}

/** The handshake, judged by the environment's trust; then the first read, for a late refusal. */
async function secureChannel(probing: Probing, carrier: Duplex): Promise<DiagnosisStep> {
  const { plan, subject, seconds } = probing
  const host = plan.service.host
  const trustedBy = trustOf(subject.tls)
  const judge = (seen: Parameters<typeof judgeCertificate>[0]) =>
    judgeCertificate(seen, host, trustedBy)
  const where = { host, target: targetOf(plan.service) }
  const hasClientCertificate = subject.tls.clientCertificate !== null
  const secureContext = subject.secureContext
  if (!secureContext.ok) return failed('tls', secureContext.said)
  const shaken = await handshake(
    carrier,
    { host, hostHeader: plan.service.hostHeader, secureContext: secureContext.value },
    (seen) => judge(seen).failure === null,
    subject.timeoutMs,
  )
  if (!shaken.ok)
    return failed('tls', handshakeFailure(shaken.code, where, hasClientCertificate, seconds))
  const { finding, failure } = judge(shaken.value.seen)
  if (failure !== null) return failed('tls', failure, finding)
  const late = shaken.value.refusedAfter
  return late === null
    ? passed('tls', acceptedSaid(finding, host), finding)
    : failed(
        'tls',
        lateRefusal(late, where, hasClientCertificate, shaken.value.closedOnCertificate, seconds),
        finding,
      )
}

/** The probes' steps, up to the first that failed: each opens what the next one uses. */
async function probe(probing: Probing): Promise<DiagnosisStep[]> {
  const { plan } = probing
  const first = await reachFirstHop(probing)
  if (first.carrier === null) return first.steps
  let reached = first
  if (plan.proxy !== null) {
    const tunnelled = await throughProxy(probing, plan.proxy, first.carrier)
    reached = { steps: [...first.steps, ...tunnelled.steps], carrier: tunnelled.carrier }
  }
  const steps = reached.steps
  if (steps.some((step) => step.outcome === 'failed')) return steps
  if (!plan.service.secure) return [...steps, skipped('tls', said('tlsNotUsed'))]
  if (reached.carrier === null) return steps
  return [...steps, await secureChannel(probing, reached.carrier)]
}

/** The probes' steps along the route, each connection they opened closed once they are done. */
async function probeRoute(subject: DiagnosisSubject, route: Route): Promise<DiagnosisStep[]> {
  const probing: Probing = {
    subject,
    plan: planOf(subject.baseUrl, route),
    seconds: subject.timeoutMs / 1000,
    opened: [],
  }
  try {
    return await probe(probing)
  } finally {
    for (const connection of probing.opened) connection.destroy()
  }
}

/**
 * Test connection, step by step: the name of the first host contacted, the proxy (which, why,
 * and its answer), the TCP connection, the TLS handshake, each probed on a connection of its own
 * that carries no secret and is closed before the next part; then, when they all passed, the one
 * real call (a Retrieve through the environment's exchange) for HTTP and the credentials, unless
 * they are not set. Without a route there is no first host to look up: the proxy step says why.
 */
export async function diagnoseConnection(
  subject: DiagnosisSubject,
  call: RealCall,
): Promise<Omit<ConnectionTest, 'missingSecrets'>> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  const probed = subject.route.ok
    ? await probeRoute(subject, subject.route.value)
    : [skipped('resolve', said('resolveAwaitsProxy')), failed('proxy', subject.route.said)]
  if (probed.some((step) => step.outcome === 'failed'))
    return connectionTestOf(probed, null, elapsed())
  if ('missing' in call) return credentialsNotSet(probed, call.missing, elapsed())
  return connectionTestOf(probed, await call.send(), elapsed())
}
