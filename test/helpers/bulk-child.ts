// A bulk Create in a process of its own, for the test that kills it mid-run with SIGKILL: the
// same core as every face, on the data folder and keychain service the test gives it.
import { createCore } from '../../src-main/core/create-core'

const { BULK_DATA, BULK_KEYCHAIN, BULK_FILE } = process.env
if (!BULK_DATA || !BULK_KEYCHAIN || !BULK_FILE)
  throw new Error('BULK_DATA, BULK_KEYCHAIN, BULK_FILE')

const core = createCore({
  dataDirectory: BULK_DATA,
  version: '0.0.0-test',
  // The command line's face: the file is the path this process was given, as a user types one.
  face: 'cli',
  keychainService: BULK_KEYCHAIN,
  log: () => undefined,
})

async function ok(channel: string, input: unknown): Promise<Record<string, unknown>> {
  const result = await core.dispatch(channel, input)
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.said.text}`)
  return result.data as Record<string, unknown>
}

const file = await ok('files:typed', { purpose: 'open', format: 'csv', path: BULK_FILE })
const plan = await ok('bulk:dryRun', {
  file: file.handle,
  mode: 'create',
  mapping: ['token', 'status', 'firstname'],
})
const run = await ok('bulk:start', { planId: plan.planId, concurrency: 4 })
process.stdout.write(`started ${String(run.runId)}\n`)
await core.bulk.settled(String(run.runId))
process.stdout.write('finished\n')
