// Hostile input at the IPC boundary, environments:* channels: generated payloads through a
// structured clone, as every face sends them, and the known worst cases of a profile draft.
// Shared arbitraries, run counts and checks: see channel-fuzz.ts and its neighbours.
import { expect, it } from 'vitest'
import { describeWithTestKeyring } from '../helpers/test-keyring'
import { channelsIn, fuzzEachChannel } from './channel-fuzz'
import { useFuzzCore } from './fuzz-fixture'
import { withOwnKeys } from './hostile-values'
import { isRecord } from './mutations'
import {
  expectSmallValidationAnswer,
  protoKeyed,
  UNKNOWN_KEY_COUNT,
  unknownKeys,
} from './worst-cases'

describeWithTestKeyring('every IPC channel under hostile input: environments', () => {
  const fuzz = useFuzzCore()

  fuzzEachChannel(channelsIn(['environments']), fuzz)

  // Known worst cases, kept as plain tests so they run every time whatever the seed.

  it('answers no form of a secret a service echoed: its connection test, the activity log', async () => {
    await fuzz.answer('environments:testConnection', { id: fuzz.fixture.echoId })
    const log = await fuzz.answer('activity:list', undefined)
    expect(JSON.stringify(log)).toContain('$API_KEY:$SECRET_KEY')
  })

  it(`environments:save: ${UNKNOWN_KEY_COUNT} unknown keys answer VALIDATION, under 64 KiB`, async () => {
    await expectSmallValidationAnswer(fuzz, 'environments:save', withOwnKeys({}, unknownKeys()))
    await expectSmallValidationAnswer(
      fuzz,
      'environments:save',
      withOwnKeys({ name: 'Fuzz many keys', kind: 'staging' }, unknownKeys()),
    )
  })

  it('environments:save: an own __proto__ key answers VALIDATION, under 64 KiB', async () => {
    await expectSmallValidationAnswer(fuzz, 'environments:save', protoKeyed({}))
    await expectSmallValidationAnswer(
      fuzz,
      'environments:save',
      protoKeyed({ name: 'Fuzz proto key', kind: 'staging' }),
    )
  })

  // The draft schema drops unknown fields instead of refusing them: a complete draft carrying
  // them is saved, without them. What matters here is that the answer stays small and clean.
  it('environments:save: a complete draft with unknown keys and __proto__ saves only its fields', async () => {
    const draft = {
      id: fuzz.fixture.scratchId,
      name: 'Fuzz scratch',
      baseUrl: fuzz.fixture.stagingBaseUrl,
      kind: 'staging',
      userTokenScheme: 'hmac-sha256-hex',
      timeoutMs: 5000,
    }
    for (const payload of [withOwnKeys({ ...draft }, unknownKeys()), protoKeyed(draft)]) {
      const answer = await fuzz.answer('environments:save', payload)
      expect(answer).toMatchObject({ ok: true, data: { id: fuzz.fixture.scratchId } })
      if (isRecord(answer) && isRecord(answer.data)) {
        expect(Object.hasOwn(answer.data, '__proto__')).toBe(false)
        expect(Object.hasOwn(answer.data, 'unknown0')).toBe(false)
      }
    }
  })
})
