// Known worst cases, kept as plain tests so they run every time whatever the seed: thousands of
// unknown keys, and an own __proto__ key as JSON.parse makes one.
import { expect } from 'vitest'
import type { Channel } from '../../src-shared/ipc'
import type { FuzzCore } from './fuzz-fixture'
import { isRecord } from './mutations'

export const UNKNOWN_KEY_COUNT = 16_000

export const unknownKeys = () =>
  Array.from({ length: UNKNOWN_KEY_COUNT }, (_, index) => [`unknown${index}`, index] as const)

/** Built by JSON.parse, as a page or a file would, so __proto__ is an own key, not a prototype. */
export const protoKeyed = (fields: Record<string, unknown>): Record<string, unknown> => {
  const rest = JSON.stringify(fields).slice(1, -1)
  const parsed: unknown = JSON.parse(
    `{"__proto__":{"polluted":"yes"}${rest === '' ? '' : `,${rest}`}}`,
  )
  if (!isRecord(parsed) || !Object.hasOwn(parsed, '__proto__'))
    throw new Error('JSON.parse did not make __proto__ an own key')
  return parsed
}

export async function expectSmallValidationAnswer(
  fuzz: FuzzCore,
  channel: Channel,
  payload: unknown,
): Promise<void> {
  const answer = await fuzz.answer(channel, payload)
  expect(answer).toMatchObject({ ok: false, error: { code: 'VALIDATION' } })
}
