import * as z from 'zod'
import { leftMidCall } from './keychain-restart'

/** What the keychain host is asked: one call of the keyring. */
export type Request =
  | { op: 'get' | 'delete'; service: string; account: string }
  | { op: 'set'; service: string; account: string; value: string }
  | { op: 'find'; service: string }

/** A call asked of the keychain thread, waiting in line or sent to the host. */
export interface Call {
  request: Request & { id: number }
  resolve(value: unknown): void
  reject(reason: unknown): void
  signal: AbortSignal
  onAbort: () => void
}

const REPLY = z.union([
  z.object({ id: z.number(), ok: z.literal(true), value: z.unknown() }),
  z.object({ id: z.number(), ok: z.literal(false), message: z.string() }),
])
export const PASSWORD = z.string().nullable()
export const CREDENTIALS = z.array(z.object({ account: z.string(), password: z.string() }))

/** What a host's message means for the call it answers, and whether the host must be replaced. */
export type Reading =
  { ok: true; value: unknown } | { ok: false; error: Error; replaceHost: boolean }

export function readReply(message: unknown, id: number): Reading {
  const reply = REPLY.safeParse(message)
  if (!reply.success || reply.data.id !== id)
    // Not this call's answer: none of the host's answers can be matched to a call any more, so
    // it is replaced (it answered, so it is not inside the keyring). The vault tells the call's
    // failure as the keychain being unusable.
    return {
      ok: false,
      error: new Error('The keychain host answered out of step.'),
      replaceHost: true,
    }
  if (reply.data.ok) return { ok: true, value: reply.data.value }
  const error = new Error(reply.data.message)
  // Its sessions belong to a keyring process that is gone: a call asked again needs new ones.
  return { ok: false, error, replaceHost: leftMidCall(error) }
}

/** The entry (service and account) a request uses in the host; a search uses none. */
export const entryOf = (request: Request): string | undefined =>
  request.op === 'find' ? undefined : `${request.service}\u0000${request.account}`

/** What to do with the next call in line. */
export type NextStep = 'refuse' | 'replace-host' | 'send'

export function nextStep(
  line: { stuck: boolean; hostHolds: ReadonlySet<string> | undefined; maxEntries: number },
  entry: string | undefined,
): NextStep {
  // A host is stuck inside the keyring: another would wait on the same keyring.
  if (line.stuck) return 'refuse'
  const holds = line.hostHolds
  if (holds && entry !== undefined && !holds.has(entry) && holds.size >= line.maxEntries)
    return 'replace-host'
  return 'send'
}

export function settle(call: Call, how: () => void): void {
  call.signal.removeEventListener('abort', call.onAbort)
  how()
}

/** Why a call was given up: its signal's reason. */
export function givenUp(signal: AbortSignal): Error {
  const reason: unknown = signal.reason
  return reason instanceof Error ? reason : new Error('The keychain call was given up.')
}
