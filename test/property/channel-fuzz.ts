// The two properties every channel is held to: hostile payloads, and a valid input with one
// hostile change. Each test file fuzzes its own group of channels against a core of its own.
import fc from 'fast-check'
import { it } from 'vitest'
import { CHANNELS, splitChannel, type Channel } from '../../src-shared/ipc'
import type { FuzzCore } from './fuzz-fixture'
import { COSTLY, parameters, runsFor, timeoutFor } from './fuzz-runs'
import { hostileValue } from './hostile-values'
import { mutate, mutation } from './mutations'
import { validInputs } from './valid-inputs'

/**
 * The groups (the part of a channel's name before the colon) that a file of their own fuzzes.
 * other-channels.property.test.ts fuzzes every channel outside them, so a new group is never
 * left out.
 */
const GROUPS_WITH_OWN_FILES = ['environments', 'users', 'sessions', 'bulk']

const groupOf = (channel: Channel) => splitChannel(channel)[0]

/** The channels of the given groups, in the contract's order. */
export function channelsIn(groups: readonly string[]): Channel[] {
  return CHANNELS.filter((channel) => groups.includes(groupOf(channel)))
}

/** Every channel whose group has no fuzz file of its own. */
export function channelsOfOtherGroups(): Channel[] {
  return CHANNELS.filter((channel) => !GROUPS_WITH_OWN_FILES.includes(groupOf(channel)))
}

/** Registers, for each channel, its hostile-payload and its one-hostile-change tests. */
export function fuzzEachChannel(channels: readonly Channel[], fuzz: FuzzCore): void {
  for (const channel of channels) {
    const hostileRuns = runsFor(channel, 'hostile')
    it(
      `${channel}: hostile payloads`,
      async () => {
        await fc.assert(
          fc.asyncProperty(hostileValue, async (payload) => {
            await fuzz.answer(channel, payload)
          }),
          parameters(hostileRuns),
        )
      },
      timeoutFor(hostileRuns, false),
    )

    const mutationRuns = runsFor(channel, 'mutation')
    it(
      `${channel}: a valid input with one hostile change`,
      async () => {
        const valid: fc.Arbitrary<unknown> = validInputs(fuzz.fixture)[channel]
        const mutated = fc
          .tuple(valid, fc.nat(), fc.nat(), mutation)
          .map(([input, where, which, change]) => mutate(input, where, which, change))
        await fc.assert(
          fc.asyncProperty(mutated, async (payload) => {
            await fuzz.answer(channel, payload)
          }),
          parameters(mutationRuns),
        )
      },
      timeoutFor(mutationRuns, COSTLY.has(channel)),
    )
  }
}
