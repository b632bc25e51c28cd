// Hostile input at the IPC boundary, users:* and sessions:* channels: generated payloads through
// a structured clone, as every face sends them, and the known worst cases of a create request.
// Shared arbitraries, run counts and checks: see channel-fuzz.ts and its neighbours.
import { it } from 'vitest'
import type { CreateUserRequest } from '../../src-shared/service'
import { describeWithTestKeyring } from '../helpers/test-keyring'
import { channelsIn, fuzzEachChannel } from './channel-fuzz'
import { useFuzzCore, usersCreateInput } from './fuzz-fixture'
import { withOwnKeys } from './hostile-values'
import {
  expectSmallValidationAnswer,
  protoKeyed,
  UNKNOWN_KEY_COUNT,
  unknownKeys,
} from './worst-cases'

describeWithTestKeyring('every IPC channel under hostile input: users and sessions', () => {
  const fuzz = useFuzzCore()

  fuzzEachChannel(channelsIn(['users', 'sessions']), fuzz)

  // Known worst cases, kept as plain tests so they run every time whatever the seed.

  it(`users:create: ${UNKNOWN_KEY_COUNT} unknown keys answer VALIDATION, under 64 KiB`, async () => {
    const valid: CreateUserRequest = { token: 'fuzz-many-keys', status: 2 }
    const request = withOwnKeys(valid, unknownKeys())
    await expectSmallValidationAnswer(fuzz, 'users:create', usersCreateInput(request))
    await expectSmallValidationAnswer(fuzz, 'users:create', withOwnKeys({}, unknownKeys()))
  })

  it('users:create: an own __proto__ key answers VALIDATION, under 64 KiB', async () => {
    const request = protoKeyed({ token: 'fuzz-proto-key', status: 2 }) as CreateUserRequest
    await expectSmallValidationAnswer(fuzz, 'users:create', usersCreateInput(request))
    await expectSmallValidationAnswer(fuzz, 'users:create', protoKeyed({}))
  })
})
