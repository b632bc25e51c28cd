import { describe, expect, it } from 'vitest'
import {
  ENVIRONMENTS_FILE_FORMAT,
  environmentsFileSchema,
  importPlan,
  sharedEnvironment,
  type SharedEnvironment,
} from './environment-transfer'
import { DEFAULT_TLS } from './tls-setting'

const staging: SharedEnvironment = {
  name: 'Staging',
  baseUrl: 'https://staging.example.com',
  kind: 'staging',
  userTokenScheme: 'hmac-sha256-hex',
  timeoutMs: 15_000,
  maxResponseKiB: 4096,
  proxy: { mode: 'system' },
}
const stored = (shared: SharedEnvironment, builtIn = false) => ({
  ...shared,
  id: shared.name.toLowerCase(),
  tls: DEFAULT_TLS,
  builtIn,
})

describe('importPlan', () => {
  it('adds what is new, leaves what is the same, names the fields an update would change', () => {
    const current = [stored(staging), stored({ ...staging, name: 'Local sandbox' }, true)]
    expect(
      importPlan(current, [
        { ...staging, name: 'STAGING', timeoutMs: 20_000, proxy: { mode: 'none' } },
        { ...staging, name: 'Production', kind: 'production' },
        { ...staging, name: 'local sandbox' },
      ]),
    ).toEqual([
      // Matched in any case; the file's spelling of the name is a change too.
      { name: 'STAGING', action: 'update', fields: ['name', 'timeoutMs', 'proxy'] },
      { name: 'Production', action: 'add', fields: [] },
      { name: 'local sandbox', action: 'builtIn', fields: [] },
    ])
    expect(importPlan(current, [staging])).toEqual([
      { name: 'Staging', action: 'same', fields: [] },
    ])
  })

  it('shares exactly the fields of the file: no id, no TLS files, no secret status', () => {
    expect(Object.keys(sharedEnvironment(stored(staging))).sort()).toEqual(
      Object.keys(staging).sort(),
    )
  })
})

describe('a file of environments', () => {
  const file = { format: ENVIRONMENTS_FILE_FORMAT, version: 1, environments: [staging] }

  it('is read when it is one, and refused, saying why, when it is not', () => {
    expect(environmentsFileSchema.safeParse(file).success).toBe(true)
    const refusals = [
      [{ ...file, format: 'postman' }, 'this is not a file of environments'],
      [{ ...file, version: 2 }, 'export it again from this version'],
      [
        { ...file, environments: [staging, { ...staging, name: 'staging' }] },
        'names "staging" twice',
      ],
      [{ ...file, environments: [{ ...staging, apiKey: 'x' }] }, 'apiKey'],
    ] as const
    for (const [body, why] of refusals) {
      const parsed = environmentsFileSchema.safeParse(body)
      const said = parsed.error?.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`)
      expect(said?.join('\n')).toContain(why)
    }
  })
})
