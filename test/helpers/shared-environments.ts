import type { TestCore } from './core'

/** A staging environment as a file of environments carries it, with what `fields` changes. */
export function sharedEnvironment(name: string, fields: Record<string, unknown> = {}) {
  return {
    name,
    baseUrl: `https://${name.toLowerCase().replace(/\W+/g, '-')}.example.test`,
    kind: 'staging',
    userTokenScheme: 'hmac-sha256-hex',
    timeoutMs: 5000,
    maxResponseKiB: 4096,
    proxy: { mode: 'none' },
    ...fields,
  }
}

/**
 * Imports environments as the browser shell's page hands main a file of them (the browser's
 * chooser, no gesture needed from a hostile page): adds them, replaces none.
 */
export async function importShared(t: TestCore, environments: readonly unknown[]): Promise<void> {
  const shared = { format: 'integrator-console/environments', version: 1, environments }
  const upload = await t.ok('files:upload', {
    upload: null,
    format: 'json',
    name: 'team.json',
    data: Buffer.from(JSON.stringify(shared)).toString('base64'),
    last: true,
  })
  await t.ok('environments:import', { file: upload.file?.handle ?? '', replace: [] })
}
