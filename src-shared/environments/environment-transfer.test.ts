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
  trust: null,
}
const CA = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ0E=\n-----END CERTIFICATE-----\n'
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
    expect(Object.keys(sharedEnvironment(stored(staging), null)).sort()).toEqual(
      Object.keys(staging).sort(),
    )
  })

  it('compares the CAs a file brings or removes, and keeps the importer’s own where it says nothing', () => {
    const trusting = { ...staging, trust: { caCertificates: CA, caOnly: false } }
    const current = [stored(trusting)]
    const older: SharedEnvironment = { ...staging }
    delete older.trust
    expect(importPlan(current, [older])).toEqual([{ name: 'Staging', action: 'same', fields: [] }])
    expect(importPlan(current, [staging])).toEqual([
      { name: 'Staging', action: 'update', fields: ['trust'] },
    ])
    expect(
      importPlan(current, [{ ...trusting, trust: { caCertificates: CA, caOnly: true } }]),
    ).toEqual([{ name: 'Staging', action: 'update', fields: ['trust'] }])
    expect(importPlan([stored(staging)], [trusting])).toEqual([
      { name: 'Staging', action: 'update', fields: ['trust'] },
    ])
  })
})

describe('a file of environments', () => {
  const file = { format: ENVIRONMENTS_FILE_FORMAT, version: 1, environments: [staging] }

  it('is read when it is one, and refused, saying why, when it is not', () => {
    expect(environmentsFileSchema.safeParse(file).success).toBe(true)
    const trusting = { ...staging, trust: { caCertificates: CA + CA, caOnly: true } }
    expect(environmentsFileSchema.safeParse({ ...file, environments: [trusting] }).success).toBe(
      true,
    )
    // A file from before trust was shared says nothing of it.
    const older = Object.fromEntries(Object.entries(staging).filter(([key]) => key !== 'trust'))
    expect(
      environmentsFileSchema.parse({ ...file, environments: [older] }).environments[0],
    ).not.toHaveProperty('trust')
    const refusals = [
      [{ ...file, format: 'postman' }, 'this is not a file of environments'],
      [{ ...file, version: 2 }, 'export it again from this version'],
      [
        { ...file, environments: [staging, { ...staging, name: 'staging' }] },
        'names "staging" twice',
      ],
      [{ ...file, environments: [{ ...staging, apiKey: 'x' }] }, 'apiKey'],
      [
        {
          ...file,
          environments: [
            {
              ...staging,
              trust: {
                caCertificates: `${CA}-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n`,
                caOnly: false,
              },
            },
          ],
        },
        'environments.0.trust.caCertificates caCertificates must hold PEM certificates and nothing else',
      ],
      [
        {
          ...file,
          environments: [{ ...staging, trust: { caFile: '/etc/ssl/ca.pem', caOnly: false } }],
        },
        'caFile',
      ],
    ] as const
    for (const [body, why] of refusals) {
      const parsed = environmentsFileSchema.safeParse(body)
      const said = parsed.error?.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`)
      expect(said?.join('\n')).toContain(why)
    }
  })
})
