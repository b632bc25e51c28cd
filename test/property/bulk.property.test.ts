// Hostile input at the IPC boundary, bulk:* channels: generated payloads through a structured
// clone, as every face sends them, against a real dry-run plan and real file grants.
// Shared arbitraries, run counts and checks: see channel-fuzz.ts and its neighbours.
import { describeWithTestKeyring } from '../helpers/test-keyring'
import { channelsIn, fuzzEachChannel } from './channel-fuzz'
import { useFuzzCore } from './fuzz-fixture'

describeWithTestKeyring('every IPC channel under hostile input: bulk', () => {
  fuzzEachChannel(channelsIn(['bulk']), useFuzzCore())
})
