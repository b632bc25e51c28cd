import type { ProxySettingInput, SecretName } from '../../src-shared/environments'
import type { ConnectionTest, DiagnosisStepName } from '../../src-shared/ipc'
import type { TestCore } from './core'

/** The TLS files of an environment, as paths the user typed (the command line's way). */
export interface TlsFiles {
  caFile?: string
  caOnly?: boolean
  client?: { certFile: string; keyFile: string } | { pkcs12: string }
}

/**
 * Saves a staging environment on `baseUrl` with this proxy and these TLS files, each given to the
 * core as a typed path (files:typed), and sets the secrets given; its id. The core must be a
 * command-line one (`face: 'cli'`), whose files are typed.
 */
export async function networkEnvironment(
  t: TestCore,
  baseUrl: string,
  options: {
    name?: string
    proxy?: ProxySettingInput
    tls?: TlsFiles
    secrets?: Partial<Record<SecretName, string>>
    timeoutMs?: number
  },
): Promise<string> {
  const tls = options.tls ?? {}
  const client = tls.client
  const saved = await t.ok('environments:save', {
    name: options.name ?? 'Company network',
    baseUrl,
    kind: 'staging',
    userTokenScheme: 'hmac-sha256-hex',
    timeoutMs: options.timeoutMs ?? 5000,
    proxy: options.proxy ?? { mode: 'none' },
    tls: {
      caFile: tls.caFile === undefined ? null : await t.file(tls.caFile, 'open', 'pem'),
      caOnly: tls.caOnly ?? false,
      clientCertificate:
        client === undefined
          ? null
          : 'pkcs12' in client
            ? { format: 'pkcs12', file: await t.file(client.pkcs12, 'open', 'pkcs12') }
            : {
                format: 'pem',
                certFile: await t.file(client.certFile, 'open', 'pem'),
                keyFile: await t.file(client.keyFile, 'open', 'pem'),
              },
    },
  })
  for (const [name, value] of Object.entries(options.secrets ?? {}))
    await t.ok('environments:setSecret', { id: saved.id, name: name as SecretName, value })
  return saved.id
}

/** Each step's outcome, by name: what a test reads at a glance. */
export function outcomes(test: ConnectionTest): Record<DiagnosisStepName, string> {
  return Object.fromEntries(test.steps.map(({ step, outcome }) => [step, outcome])) as Record<
    DiagnosisStepName,
    string
  >
}

/** The step of that name. */
export function stepOf(test: ConnectionTest, name: DiagnosisStepName) {
  const step = test.steps.find((candidate) => candidate.step === name)
  if (step === undefined) throw new Error(`the connection test has no ${name} step`)
  return step
}
