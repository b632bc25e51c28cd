import { expect, it } from 'vitest'
import { useStagingSandbox } from '../helpers/core'
import { describeWithTestKeyring } from '../helpers/test-keyring'
import { testCertificate } from '../helpers/tls-certificate'
import { useHostilePage } from './hostile-page'

describeWithTestKeyring('a page running hostile script: secrets and production', () => {
  const page = useHostilePage()

  it('cannot send a secret to another origin: a changed address or kind drops the secrets', async () => {
    const t = page.start('electron')
    const id = await useStagingSandbox(t, page.sandbox())
    const { environments } = await t.ok('environments:list')
    const stored = environments.find((e) => e.id === id)
    // Pointed at the attacker's server, same kind: the secrets go, nothing is sent.
    const moved = await t.hostile('environments:save', {
      ...stored,
      baseUrl: page.attacker().baseUrl,
    })
    expect(moved).toMatchObject({
      ok: true,
      data: { secrets: { apiKey: false, secretKey: false } },
    })
    // Its network is tried (a TCP connection at most); no request, so no secret, reaches it.
    const probe = await t.hostile('environments:testConnection', { id })
    expect(probe).toMatchObject({ ok: true, data: { outcome: 'credentialsNotSet' } })
    const authenticated = await t.hostile('sessions:authenticate', { identifier: 'someone' })
    expect(authenticated).toMatchObject({ ok: false, error: { code: 'SECRET_MISSING' } })
    // Put back: the secrets do not come back with the address.
    await t.hostile('environments:save', stored)
    expect(await t.hostile('environments:testConnection', { id })).toMatchObject({
      ok: true,
      data: { outcome: 'credentialsNotSet', said: { id: 'core.credentialsMissing' } },
    })
    expect(page.attacker().seen).toEqual([])
  })

  it('cannot write to production without main’s own confirmation, nor by demoting it', async () => {
    const t = page.start('electron')
    const saved = await t.ok('environments:save', {
      name: 'Production',
      // Nothing listens on the discard port: a write that got past the guard fails as not sent.
      baseUrl: 'https://127.0.0.1:9',
      kind: 'production',
      userTokenScheme: 'hmac-sha256-hex',
      timeoutMs: 5000,
    })
    for (const name of ['apiKey', 'secretKey'] as const)
      await t.ok('environments:setSecret', {
        id: saved.id,
        name,
        value: `production-${name}-value`,
      })
    await t.ok('environments:select', { id: saved.id })
    // The page reads the name it must type from the list, and types it.
    const write = { user: { token: 'victim', status: 3 }, confirmEnvironment: 'Production' }
    page.userConfirms(false)
    expect(await t.hostile('users:create', write)).toMatchObject({
      ok: false,
      error: { code: 'CONFIRMATION_REQUIRED' },
    })
    expect(page.asked.at(-1)).toEqual({ environment: 'Production', count: 1 })
    page.userConfirms(true)
    expect(await t.hostile('users:create', write)).toMatchObject({
      ok: false,
      error: { code: 'NETWORK' },
    })

    // Demoted to staging, secrets kept by id: they are dropped, so no write goes anywhere.
    page.userConfirms(false)
    const asks = page.asked.length
    const demoted = await t.hostile('environments:save', { ...saved, kind: 'staging' })
    expect(demoted).toMatchObject({
      ok: true,
      data: { secrets: { apiKey: false, secretKey: false } },
    })
    expect(await t.hostile('users:create', write)).toMatchObject({
      ok: false,
      error: { code: 'SECRET_MISSING' },
    })
    expect(page.asked.length).toBe(asks)
  })

  it('cannot make an environment trust a CA of its own and keep its keys', async () => {
    const shell = page.start('browser-shell')
    const saved = await shell.ok('environments:save', {
      name: 'Production',
      baseUrl: 'https://api.example.com',
      kind: 'production',
      userTokenScheme: 'hmac-sha256-hex',
      timeoutMs: 5000,
    })
    for (const name of ['apiKey', 'secretKey'] as const)
      await shell.ok('environments:setSecret', { id: saved.id, name, value: `kept-${name}` })
    // The page hands main bytes of its own, with no gesture: a file of environments that makes
    // Production trust the attacker's CA (a proxy with it could then read every call).
    const { name, baseUrl, kind, userTokenScheme, timeoutMs, maxResponseKiB, proxy } = saved
    const shared = {
      format: 'integrator-console/environments',
      version: 1,
      environments: [
        {
          ...{ name, baseUrl, kind, userTokenScheme, timeoutMs, maxResponseKiB, proxy },
          trust: { caCertificates: testCertificate().cert, caOnly: true },
        },
      ],
    }
    const upload = await shell.ok('files:upload', {
      upload: null,
      format: 'json',
      name: 'innocent.json',
      data: Buffer.from(JSON.stringify(shared)).toString('base64'),
      last: true,
    })
    const file = upload.file?.handle ?? ''
    expect(await shell.hostile('environments:importPlan', { file })).toMatchObject({
      ok: true,
      data: { changes: [{ name: 'Production', action: 'update', fields: ['trust'] }] },
    })
    expect(
      await shell.hostile('environments:import', { file, replace: ['Production'] }),
    ).toMatchObject({
      ok: true,
      data: {
        secretsToSet: [{ name: 'Production', secrets: ['apiKey', 'secretKey', 'userTokenSecret'] }],
      },
    })
    const listed = await shell.ok('environments:list', undefined)
    expect(listed.environments.find((e) => e.id === saved.id)?.secrets).toMatchObject({
      apiKey: false,
      secretKey: false,
    })
  })
})
