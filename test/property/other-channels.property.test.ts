// Hostile input at the IPC boundary, every channel whose group has no fuzz file of its own (app,
// preferences, activity, files, and any group added later): generated payloads through a
// structured clone, as every face sends them.
// Shared arbitraries, run counts and checks: see channel-fuzz.ts and its neighbours.
import { describeWithTestKeyring } from '../helpers/test-keyring'
import { channelsOfOtherGroups, fuzzEachChannel } from './channel-fuzz'
import { useFuzzCore } from './fuzz-fixture'

describeWithTestKeyring('every IPC channel under hostile input: the other groups', () => {
  fuzzEachChannel(channelsOfOtherGroups(), useFuzzCore())
})
