import { randomUUID } from 'node:crypto'
import { afterEach, expect, it } from 'vitest'
import { MIN_SECRET_CHARS } from '../../src-shared/activity'
import type { Channel, ChannelInput } from '../../src-shared/ipc'
import { startTestCore, type TestCore } from '../../test/helpers/core'
import { describeWithTestKeyring } from '../../test/helpers/test-keyring'

// Inputs that once answered INTERNAL, which says the console has a defect: each has its own code.

const LONE_SURROGATE = 'user-\ud800'

describeWithTestKeyring(
  'inputs that are not defects of the console answer with their own code',
  () => {
    let t: TestCore
    afterEach(() => t.stop())

    it('bulk:discard of a run it never had: NOT_FOUND, before and after any run folder exists', async () => {
      t = startTestCore()
      for (let time = 0; time < 2; time++)
        expect(await t.call('bulk:discard', { runId: randomUUID() })).toMatchObject({
          ok: false,
          error: {
            code: 'NOT_FOUND',
            said: expect.objectContaining({ text: expect.stringContaining('no longer there') }),
          },
        })
    })

    it.each<[Channel, string, unknown]>([
      ['users:retrieve', 'token', { token: LONE_SURROGATE }],
      ['users:update', 'token', { token: LONE_SURROGATE, changes: { status: 2 } }],
      [
        'users:create',
        'user.firstname',
        { user: { token: 'u-1', status: 2, firstname: '\udfff' } },
      ],
      ['sessions:authenticate', 'identifier', { identifier: LONE_SURROGATE }],
      ['sessions:authenticate', 'userToken', { userToken: `ab\udc00cd` }],
    ])(
      '%s with a lone surrogate in %s: VALIDATION naming the field',
      async (channel, field, input) => {
        t = startTestCore()
        const answer = await t.call(channel, input as ChannelInput<typeof channel>)
        expect(answer).toMatchObject({
          ok: false,
          error: {
            code: 'VALIDATION',
            fieldErrors: { [field]: [expect.objectContaining({ id: 'rule.unpairedSurrogate' })] },
          },
        })
      },
    )

    it(`refuses a secret shorter than ${MIN_SECRET_CHARS} characters, saying why`, async () => {
      t = startTestCore()
      const { id } = await t.ok('environments:save', {
        name: 'Short secrets',
        baseUrl: 'http://127.0.0.1:9',
        kind: 'staging',
        userTokenScheme: 'hmac-sha256-hex',
        timeoutMs: 5000,
      })
      for (const value of ['x'.repeat(MIN_SECRET_CHARS - 1), 'ab\ud800cdefgh'])
        expect(await t.call('environments:setSecret', { id, name: 'apiKey', value })).toMatchObject(
          {
            ok: false,
            error: {
              code: 'VALIDATION',
              fieldErrors: {
                value: [expect.objectContaining({ id: expect.stringMatching(/^rule\.secret/) })],
              },
            },
          },
        )
      const short = await t.call('environments:setSecret', { id, name: 'apiKey', value: 'short' })
      expect(short.ok ? '' : short.error.said.text).toContain(
        `at least ${MIN_SECRET_CHARS} characters: a shorter one could not be told apart`,
      )
    })
  },
)
