// Valid inputs, one generator per channel: the starting points the mutations change, kept to
// loopback hosts and to the fixture's own profiles, user, plan and files.
import { join } from 'node:path'
import fc from 'fast-check'
import { ROWS_PAGE_LIMIT } from '../../src-shared/bulk'
import { LOCAL_SANDBOX_ID, SECRET_NAMES, TIMEOUT_LIMITS } from '../../src-shared/environments'
import type { Channel, ChannelInput } from '../../src-shared/ipc'
import { RETENTION_DAYS } from '../../src-shared/known-users'
import { GENDERS, USER_STATUSES } from '../../src-shared/service'
import { FUZZ_USER, usersCreateInput, type Fixture } from './fuzz-fixture'

const tokenArb = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,30}[a-z0-9]$/)
const nameArb = fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,20}[A-Za-z]$/)

export function validInputs(f: Fixture): { [C in Channel]: fc.Arbitrary<ChannelInput<C>> } {
  return {
    'app:info': fc.constant(undefined),
    'preferences:get': fc.constant(undefined),
    'preferences:set': fc.record(
      {
        language: fc.constantFrom('en' as const, 'es' as const, null),
        theme: fc.constantFrom('system' as const, 'light' as const, 'dark' as const),
      },
      // A change names either choice, or both.
      { requiredKeys: [] },
    ),
    'environments:list': fc.constant(undefined),
    'environments:save': fc.record({
      // Always the scratch profile: a draft without an id would add a profile per run.
      id: fc.constant(f.scratchId),
      // Loopback only: a hostile change must never send the fuzz to a real host. Moving the
      // profile between origins and kinds drops its secrets.
      baseUrl: fc.constantFrom(f.stagingBaseUrl, f.otherBaseUrl),
      kind: fc.constantFrom('staging', 'sandbox'),
      userTokenScheme: fc.constantFrom('hmac-sha256-hex', 'plain'),
      // Never the built-in's name, and never another profile's: a clash is a VALIDATION answer.
      name: nameArb.map((name) => `Fuzz scratch ${name}`),
      timeoutMs: fc.integer({ min: TIMEOUT_LIMITS.min, max: TIMEOUT_LIMITS.max }),
    }),
    'environments:delete': fc.record({ id: fc.constantFrom(f.doomedId, 'no-such-environment') }),
    // The active environment stays the Local sandbox, so user calls never leave loopback.
    'environments:select': fc.constant({ id: LOCAL_SANDBOX_ID }),
    'environments:setSecret': fc.record({
      id: fc.constant(f.scratchId),
      name: fc.constantFrom(...SECRET_NAMES),
      value: fc.stringMatching(/^[!-~]{8,64}$/),
    }),
    'environments:clearSecret': fc.record({
      id: fc.constant(f.scratchId),
      name: fc.constantFrom(...SECRET_NAMES),
    }),
    'environments:testConnection': fc.record({
      id: fc.constantFrom(f.targetId, f.echoId, LOCAL_SANDBOX_ID),
    }),
    'users:create': fc
      .record(
        {
          token: tokenArb.map((token) => `fuzz-${token}`),
          status: fc.constantFrom(...USER_STATUSES),
          firstname: nameArb,
          gender: fc.constantFrom(...GENDERS),
          mobile_phone: fc.stringMatching(/^\d{9}$/),
        },
        { requiredKeys: ['token', 'status'] },
      )
      .map(usersCreateInput),
    'users:update': fc.record({
      token: fc.constant(FUZZ_USER),
      changes: fc.record(
        { status: fc.constantFrom(...USER_STATUSES), lastname: fc.option(nameArb) },
        { requiredKeys: ['status'] },
      ),
      // A base the service may or may not still hold: written, or refused as a conflict.
      base: fc.record({
        token: fc.constant(FUZZ_USER),
        status: fc.constantFrom(...USER_STATUSES),
        lastname: fc.option(nameArb),
      }),
    }),
    'users:retrieve': fc.record({ token: fc.constantFrom(FUZZ_USER, 'fuzz-nobody') }),
    'users:find': fc.record({ text: fc.string({ maxLength: 40 }) }),
    'users:knownSettings': fc.constant(undefined),
    'users:setKnownSettings': fc.record({
      enabled: fc.boolean(),
      retentionDays: fc.constantFrom(...RETENTION_DAYS),
    }),
    'users:forgetKnown': fc.constant(undefined),
    'sessions:authenticate': fc.oneof(
      fc.record(
        { identifier: fc.constantFrom(FUZZ_USER, 'fuzz-nobody'), installationGuid: fc.uuid() },
        { requiredKeys: ['identifier'] },
      ),
      fc.record(
        { userToken: fc.stringMatching(/^[0-9a-f]{64}$/), installationGuid: fc.uuid() },
        { requiredKeys: ['userToken'] },
      ),
    ),
    'sessions:verify': fc.record({
      jwt: fc.oneof(
        // The contract trims the token first: a blank one is refused, not a valid sample.
        fc.string({ minLength: 1, maxLength: 200 }).filter((text) => text.trim() !== ''),
        fc
          .tuple(fc.base64String(), fc.base64String(), fc.base64String())
          .map((parts) => parts.join('.')),
      ),
    }),
    'activity:list': fc.constant(undefined),
    'activity:clear': fc.constant(undefined),
    // A grant the user gave, or a handle nobody gave: a forged one is refused.
    // The fixture's grants are CSV ones: a file of environments is refused for its format, a
    // forged handle for being one; the round trip itself is in test/cli.
    'environments:export': fc.record({
      file: fc.oneof(fc.constantFrom(...f.saveFiles), fc.uuid()),
      ids: fc.constant([f.scratchId]),
    }),
    'environments:importPlan': fc.record({ file: fc.oneof(fc.constant(f.csvFile), fc.uuid()) }),
    'environments:import': fc.record({
      file: fc.oneof(fc.constant(f.csvFile), fc.uuid()),
      replace: fc.array(nameArb, { maxLength: 2 }),
    }),
    'bulk:inspect': fc.record({ file: fc.oneof(fc.constant(f.csvFile), fc.uuid()) }),
    'bulk:dryRun': fc.record({
      file: fc.oneof(fc.constant(f.csvFile), fc.uuid()),
      mode: fc.constantFrom('create', 'createOrUpdate', 'update'),
      mapping: fc.constant<('token' | 'status' | 'firstname')[]>(['token', 'status', 'firstname']),
    }),
    'bulk:rows': fc.record({
      planId: fc.oneof(fc.constant(f.planId), fc.uuid()),
      offset: fc.nat({ max: 10 }),
      limit: fc.integer({ min: 1, max: ROWS_PAGE_LIMIT }),
      only: fc.constantFrom('all', 'invalid'),
    }),
    'bulk:saveInvalid': fc.record({
      planId: fc.constant(f.planId),
      // A save grant writes once; a read grant or a forged handle never writes.
      file: fc.constantFrom(...f.saveFiles, f.csvFile),
    }),
    'bulk:start': fc.record({
      planId: fc.constant(f.planId),
      concurrency: fc.integer({ min: 1, max: 4 }),
    }),
    'bulk:control': fc.record({
      runId: fc.uuid(),
      action: fc.constantFrom('pause', 'resume', 'cancel'),
    }),
    'bulk:progress': fc.record({ runId: fc.uuid() }),
    'bulk:current': fc.constant(undefined),
    'bulk:saveResults': fc.record({
      runId: fc.uuid(),
      file: fc.oneof(fc.constantFrom(...f.saveFiles), fc.uuid()),
    }),
    'bulk:results': fc.record({
      runId: fc.uuid(),
      show: fc.constantFrom('all', 'attention', 'succeeded', 'invalid'),
      offset: fc.nat(),
      limit: fc.integer({ min: 1, max: 500 }),
    }),
    'bulk:rerun': fc.record({ runId: fc.uuid(), concurrency: fc.integer({ min: 1, max: 4 }) }),
    'bulk:resumable': fc.constant(undefined),
    'bulk:resume': fc.record(
      {
        runId: fc.uuid(),
        concurrency: fc.integer({ min: 1, max: 4 }),
        file: fc.oneof(fc.constant(f.csvFile), fc.uuid()),
      },
      { requiredKeys: ['runId', 'concurrency'] },
    ),
    'bulk:discard': fc.record({ runId: fc.uuid() }),
    'files:choose': fc.record(
      {
        purpose: fc.constantFrom('open', 'save'),
        format: fc.constantFrom('csv', 'json'),
        suggestedName: tokenArb.map((name) => `${name}.csv`),
        allFilesName: fc.constantFrom('All files', 'Todos los archivos'),
      },
      { requiredKeys: ['purpose', 'format', 'allFilesName'] },
    ),
    // The window takes no typed path: every one is refused, whatever it names.
    'files:typed': fc.record({
      purpose: fc.constantFrom('open', 'save'),
      format: fc.constantFrom('csv', 'json'),
      path: fc.oneof(
        tokenArb.map((name) => join(f.outDir, `${name}.csv`)),
        fc.constantFrom(f.csvPath, '/etc/passwd', join(f.outDir, '.bashrc')),
      ),
    }),
    'files:upload': fc.record({
      upload: fc.constant(null),
      format: fc.constantFrom('csv' as const, 'json' as const),
      name: fc.constantFrom('rows.csv', 'notes.txt', 'team.json', 'x.exe'),
      data: fc.base64String({ maxLength: 64 }),
      last: fc.boolean(),
    }),
  }
}
