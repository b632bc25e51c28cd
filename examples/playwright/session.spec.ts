import { execFileSync } from 'node:child_process'
import { expect, test } from '@playwright/test'
import { SANDBOX_URL } from './global-setup'

const headers = { apiKey: 'e2e-api-key', secretKey: 'e2e-secret-key' }

test('the session JWT made in global setup verifies against the sandbox keys', () => {
  const verified = execFileSync(
    'npx',
    [
      'integrator-console',
      'jwt',
      'verify',
      process.env.INTEGRATOR_JWT ?? '',
      '--env',
      'E2E sandbox',
      '--credentials-from-env',
    ],
    {
      encoding: 'utf8',
      env: {
        ...process.env,
        INTEGRATOR_API_KEY: headers.apiKey,
        INTEGRATOR_SECRET_KEY: headers.secretKey,
      },
    },
  )
  expect(verified).toContain('verified with key')
})

test('a reset between runs leaves only the seed', async ({ request }) => {
  const users = `${SANDBOX_URL}/api/v3/pendingCompanyUsers`
  await request.post(users, { headers, data: { token: 'temporary@example.com', status: 0 } })
  expect((await request.post(`${SANDBOX_URL}/_sandbox/reset`, { headers })).ok()).toBe(true)
  expect((await request.get(`${users}/temporary@example.com`, { headers })).status()).toBe(404)
  expect(await (await request.get(`${users}/ana@example.com`, { headers })).json()).toMatchObject({
    firstname: 'Ana',
  })
})
