// Hostile input at the IPC boundary. Every face hands the page's payload to core.dispatch after a
// structured clone, so every channel is sent generated payloads through one, and every answer
// must still be a small contract envelope that left Object.prototype as it was.
//
// This file holds what concerns the channel list as a whole: the valid samples every channel's
// fuzz starts from, and channel names the contract does not know. The channels themselves are
// fuzzed by group in the other *.property.test.ts files here; fuzz-runs.ts says how long.
import fc from 'fast-check'
import { expect, it } from 'vitest'
import { CHANNELS, contract } from '../../src-shared/ipc'
import { describeWithTestKeyring } from '../helpers/test-keyring'
import { expectNoPrototypePollution, MAX_ANSWER_CHARS, serializedSize } from './contract-answer'
import { useFuzzCore } from './fuzz-fixture'
import { FUZZ_RUNS, parameters } from './fuzz-runs'
import { hostileValue, PROTOTYPE_KEYS } from './hostile-values'
import { validInputs } from './valid-inputs'

describeWithTestKeyring('every IPC channel under hostile input', () => {
  const fuzz = useFuzzCore()

  it('starts from valid samples that the contract accepts', () => {
    const inputs = validInputs(fuzz.fixture)
    for (const channel of CHANNELS) {
      const arbitrary: fc.Arbitrary<unknown> = inputs[channel]
      for (const sample of fc.sample(arbitrary, 20)) {
        const parsed = contract[channel].input.safeParse(sample)
        expect(parsed.success, `${channel} sample ${JSON.stringify(sample)}`).toBe(true)
      }
    }
  })

  it('answers a channel name it does not know, Object.prototype members included, with INTERNAL', async () => {
    const unknownChannel = fc
      .oneof(
        fc.constantFrom(
          ...PROTOTYPE_KEYS,
          'users',
          'users:',
          ':create',
          'USERS:CREATE',
          'users:create ',
        ),
        fc.string({ maxLength: 40 }),
      )
      .filter((name) => !(CHANNELS as readonly string[]).includes(name))
    await fc.assert(
      fc.asyncProperty(unknownChannel, hostileValue, async (name, payload) => {
        const answer = await fuzz.t.core.dispatch(name, structuredClone(payload))
        expectNoPrototypePollution()
        expect(answer).toMatchObject({ ok: false, error: { code: 'INTERNAL' } })
        expect(serializedSize(answer)).toBeLessThan(MAX_ANSWER_CHARS)
      }),
      parameters(FUZZ_RUNS),
    )
  })
})
