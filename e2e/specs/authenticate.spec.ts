import { expect, keepScreenshot, test } from '../fixtures'
import { readClipboard } from '../pages/clipboard'
import { openScreen } from '../pages/console'
import { arrangeUser } from '../pages/console-api'

function decodeClaims(jwt: string): Record<string, unknown> {
  const payload = jwt.split('.')[1] ?? ''
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
}

test('authenticate issues a JWT whose sub is the userHash, with a live countdown', async ({
  app,
}) => {
  await arrangeUser(app, { token: 'auth-1', status: 2 })
  await openScreen(app, 'Authenticate')
  await app.getByRole('textbox', { name: 'User identifier' }).fill('auth-1')
  await app.getByLabel('Use this installationGuid').check()
  await app
    .getByRole('textbox', { name: 'installationGuid' })
    .fill('3f2b8c1e-9a4d-4f6b-8e2a-1c5d7e9f0a2b')
  await app.getByRole('button', { name: 'Authenticate', exact: true }).click()

  const session = app.getByRole('region', { name: 'Session' })
  await expect(session).toBeVisible()
  const values = session.locator('dd code')
  const jwt = (await values.nth(0).textContent()) ?? ''
  const userHash = (await values.nth(1).textContent()) ?? ''
  expect(decodeClaims(jwt).sub).toBe(userHash)
  expect(decodeClaims(jwt).installationGuid).toBe('3f2b8c1e-9a4d-4f6b-8e2a-1c5d7e9f0a2b')
  await expect(values.nth(3)).toHaveText(/^[0-9a-f]{64}$/)

  const countdown = app.getByTestId('expiry-countdown')
  await expect(countdown).toContainText('Expires in')
  const first = await countdown.textContent()
  await expect(countdown).not.toHaveText(first ?? '')
  await expect(app.getByRole('region', { name: 'JWT claims' })).toContainText(userHash)
  const kid = (
    JSON.parse(Buffer.from(jwt.split('.')[0] ?? '', 'base64url').toString()) as {
      kid: string
    }
  ).kid
  await expect(app.getByRole('status').filter({ hasText: 'Verified with key' })).toContainText(
    `Verified with key ${kid} (ES256)`,
  )

  await session.getByRole('button', { name: 'Copy JWT' }).click()
  await expect.poll(() => readClipboard(app)).toBe(jwt)
  await keepScreenshot(app, 'authenticate', test.info())
})

test('a No Access user is refused, with the reason explained', async ({ app }) => {
  await arrangeUser(app, { token: 'blocked-1', status: 3 })
  await openScreen(app, 'Authenticate')
  await app.getByRole('textbox', { name: 'User identifier' }).fill('blocked-1')
  await app.getByRole('button', { name: 'Authenticate', exact: true }).click()
  const alert = app.getByRole('alert').filter({ hasText: 'Access refused for this user' })
  await expect(alert).toBeVisible()
  // The service's reason once, then what to do: not the same reason told twice.
  await expect(alert.locator('p')).toHaveText(
    'The service refused: The user has status 3 (No Access) and cannot start a session. To let this user start a session, change their status to Free or Premium.',
  )
  await keepScreenshot(app, 'authenticate-no-access', test.info())
})

test('the session comes into view, its times read as dates, and any pasted JWT is decoded and verified', async ({
  app,
}) => {
  await app.setViewportSize({ width: 1024, height: 700 })
  await arrangeUser(app, { token: 'auth-view', status: 2 })
  await openScreen(app, 'Authenticate')
  await app.getByRole('textbox', { name: 'User identifier' }).fill('auth-view')
  // A fixed installationGuid starts as a fresh one, not as an empty field and an error.
  await app.getByLabel('Use this installationGuid').check()
  await expect(app.getByRole('textbox', { name: 'installationGuid' })).toHaveValue(
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  )
  await app.getByRole('button', { name: 'Authenticate', exact: true }).click()

  const session = app.getByRole('region', { name: 'Session' })
  await expect(session.getByRole('heading', { name: 'Session' })).toBeInViewport()
  await expect(app.getByTestId('expiry-countdown')).toHaveText(/^Expires in \d+:\d\d(:\d\d)? \(/)
  const jwt = (await session.locator('dd code').first().textContent()) ?? ''
  const { iat } = decodeClaims(jwt) as { iat: number }
  const decoded = app.getByRole('region', { name: 'Decoded JWT' })
  await expect(decoded.getByText('Issued at (iat)')).toBeVisible()
  await expect(decoded).toContainText(String(iat))

  const decoder = app.getByRole('region', { name: 'Decode and verify a JWT' })
  await decoder.getByLabel('JWT', { exact: true }).fill(jwt)
  await decoder.getByRole('button', { name: 'Decode and verify' }).click()
  await expect(decoder.getByRole('status').filter({ hasText: 'Verified with key' })).toBeVisible()
  await expect(decoder.getByRole('region', { name: 'JWT claims' })).toContainText(
    '"installationGuid"',
  )
  const tampered = `${jwt.slice(0, -2)}${jwt.endsWith('AA') ? 'BB' : 'AA'}`
  await decoder.getByLabel('JWT', { exact: true }).fill(tampered)
  await decoder.getByRole('button', { name: 'Decode and verify' }).click()
  // The verdict comes first, as an error: claims are worth only what their signature is.
  const verdict = decoder.getByRole('alert', { name: 'Signature invalid: do not trust this token' })
  await expect(verdict).toBeInViewport()
  // A long claim wraps inside its box at 1024 wide: read whole, never cut at the edge.
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const scope = `https://integrator.example.com/scopes/${'read-write-'.repeat(30)}end`
  await decoder
    .getByLabel('JWT', { exact: true })
    .fill(`${part({ alg: 'ES256', kid: 'k' })}.${part({ sub: 'u', scope })}.c2ln`)
  await decoder.getByRole('button', { name: 'Decode and verify' }).click()
  const claims = decoder.getByRole('region', { name: 'JWT claims' }).locator('pre')
  await expect(claims).toContainText('end"')
  expect(await claims.evaluate((pre) => pre.scrollWidth <= pre.clientWidth)).toBe(true)
  await keepScreenshot(app, 'authenticate-decoder', test.info())
})
