// What every answer must be: a small contract envelope, never INTERNAL, no secret in any form,
// and Object.prototype left as it was.
import { expect } from 'vitest'
import type * as z from 'zod'
import { ACTIVITY_LIMITS } from '../../src-main/core/activity/activity-log'
import type { Core } from '../../src-main/core/create-core'
import { CHANNELS, contract, resultSchema, type Channel } from '../../src-shared/ipc'
import { secretLeaks } from '../helpers/secret-leaks'
import { isRecord } from './mutations'

/** The largest serialized answer any input may cause. */
export const MAX_ANSWER_CHARS = 64 * 1024
/**
 * activity:list answers with the call history, not with anything of its input: its size is
 * bounded by the log's own limits (200 entries, bodies clipped at 20,000 characters), and a long
 * fuzz fills that log with real calls. Its refusals are held to the common bound.
 */
const MAX_ACTIVITY_LIST_CHARS = ACTIVITY_LIMITS.entries * (2 * ACTIVITY_LIMITS.bodyChars + 4096)

const answerSchemas = new Map<Channel, z.ZodType>(
  CHANNELS.map((channel) => [channel, resultSchema(contract[channel].output)]),
)

const prototypeKeysAtStart = Object.getOwnPropertyNames(Object.prototype)

export function serializedSize(answer: unknown): number {
  try {
    return JSON.stringify(answer).length
  } catch {
    // Beyond V8's longest string: far too large in any case.
    return Number.POSITIVE_INFINITY
  }
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}

export function expectNoPrototypePollution(): void {
  const added = Object.getOwnPropertyNames(Object.prototype).filter(
    (key) => !prototypeKeysAtStart.includes(key),
  )
  const polluted = ({} as Record<string, unknown>).polluted
  // Put right before failing, so shrinking (and every later test) starts from a clean prototype.
  for (const key of added) Reflect.deleteProperty(Object.prototype, key)
  expect(added, 'new own keys on Object.prototype').toEqual([])
  expect(polluted, '({}).polluted').toBeUndefined()
}

/**
 * Sends one payload as IPC would (through a structured clone) and checks the answer; returns it
 * for further checks. `secrets` are the credentials no form of which may be answered.
 */
export async function expectContractAnswer(
  core: Core,
  secrets: readonly string[],
  channel: Channel,
  payload: unknown,
): Promise<unknown> {
  const sent: unknown = structuredClone(payload)
  let answer: unknown
  try {
    answer = await core.dispatch(channel, sent)
  } catch (error) {
    expectNoPrototypePollution()
    throw new Error(`${channel}: dispatch rejected instead of answering (${describeError(error)})`)
  }
  expectNoPrototypePollution()
  const parsed = answerSchemas.get(channel)?.safeParse(answer)
  expect(parsed?.success, `${channel}: the answer is not a contract envelope`).toBe(true)
  const size = serializedSize(answer)
  const limit =
    channel === 'activity:list' && isRecord(answer) && answer.ok === true
      ? MAX_ACTIVITY_LIST_CHARS
      : MAX_ANSWER_CHARS
  expect(size, `${channel}: serialized answer size`).toBeLessThan(limit)
  // The answer crosses IPC back the same way.
  expect(() => structuredClone(answer)).not.toThrow()
  // INTERNAL says the console has a defect: any input, however hostile, has a code of its own.
  expect(answer, `${channel}: answered INTERNAL`).not.toMatchObject({
    ok: false,
    error: { code: 'INTERNAL' },
  })
  expect(secretLeaks(JSON.stringify(answer), secrets), `${channel}: a secret in any form`).toEqual(
    [],
  )
  return answer
}
