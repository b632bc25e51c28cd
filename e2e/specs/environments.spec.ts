import { startSandbox, type RunningSandbox } from '../../src-sandbox/server'
import { startHttpsSandbox } from '../harness/https-sandbox'
import { expect, keepScreenshot, test } from '../fixtures'
import { lookUp, openScreen } from '../pages/console'
import { arrangeUser } from '../pages/console-api'
import { addEnvironment, setSecret, switchEnvironment } from '../pages/environments'
import { chooseLanguage } from '../pages/language'

let staging: RunningSandbox
let production: RunningSandbox
test.beforeAll(async () => {
  staging = await startSandbox({ port: 0, databasePath: ':memory:' })
  production = await startHttpsSandbox()
})
test.afterAll(async () => {
  await staging.close()
  await production.close()
})

test('add an environment, set its secrets write-only, and test the connection', async ({ app }) => {
  await addEnvironment(app, 'Staging', staging.baseUrl, 'staging')
  const card = app.getByRole('region', { name: 'Staging' })
  await card.getByRole('button', { name: 'Test connection to Staging' }).click()
  // Nothing was sent, so nothing was refused: not set, and where to set them.
  const notSet = card.getByRole('status').filter({ hasText: 'Credentials not set' })
  await expect(notSet).toBeVisible()
  await expect(card.getByRole('list', { name: 'Connection steps' })).toContainText(
    'API key and Secret key of "Staging" are not set',
  )
  await expect(card).not.toContainText('Credentials refused')

  await setSecret(app, 'Staging', 'API key', staging.credentials.apiKey)
  await setSecret(app, 'Staging', 'Secret key', 'definitely-wrong-secret')
  await card.getByRole('button', { name: 'Test connection to Staging' }).click()
  await expect(card.getByRole('status').filter({ hasText: 'Credentials refused' })).toBeVisible()

  await setSecret(app, 'Staging', 'Secret key', staging.credentials.secretKey)
  await card.getByRole('button', { name: 'Test connection to Staging' }).click()
  const connected = card.getByRole('status').filter({ hasText: 'Connection OK' })
  await expect(connected).toBeVisible()
  // Connected, but not ready for everything: the secret Authenticate hashes with is not set.
  await expect(connected).toContainText('Still not set: the userToken secret.')
  await setSecret(app, 'Staging', 'userToken secret', staging.credentials.userTokenSecret)
  await card.getByRole('button', { name: 'Test connection to Staging' }).click()
  await expect(connected).not.toContainText('Still not set')

  // In Activity the probe's 404 reads as the answer it looked for, not as a failure.
  await openScreen(app, 'Activity')
  const probe = app
    .getByRole('list', { name: 'Calls' })
    .getByRole('listitem')
    .filter({ hasText: 'Test connection' })
    .first()
  await expect(probe).toContainText('(the answer a connection test looks for)')
  await expect(probe.locator('.badge-ok')).toHaveText('404')
  await openScreen(app, 'Environments')

  for (const label of ['API key', 'Secret key']) {
    await expect(card.getByLabel(label, { exact: true })).toHaveValue('')
  }
  const page = await app.content()
  expect(page).not.toContain(staging.credentials.apiKey)
  expect(page).not.toContain(staging.credentials.secretKey)
  await keepScreenshot(app, 'environments', test.info())
})

test('switching environments shows each its own data', async ({ app }) => {
  await arrangeUser(app, { token: 'only-local', status: 0, firstname: 'Local' })
  await addEnvironment(app, 'Staging', staging.baseUrl, 'staging')
  await setSecret(app, 'Staging', 'API key', staging.credentials.apiKey)
  await setSecret(app, 'Staging', 'Secret key', staging.credentials.secretKey)

  await switchEnvironment(app, 'Staging')
  await expect(app.getByRole('region', { name: 'Active environment' })).toContainText('staging')
  await lookUp(app, 'only-local')
  await expect(app.getByRole('alert').filter({ hasText: 'No user with this token' })).toBeVisible()

  await switchEnvironment(app, 'Local sandbox')
  await lookUp(app, 'only-local')
  await expect(app.getByRole('region', { name: 'User', exact: true })).toContainText('Local')
})

test('a production environment is marked and asks for its typed name before a write', async ({
  app,
}) => {
  // That a production environment must use https, and that the question sends nothing until its
  // name is typed exactly, are the form's and the guard's component tests
  // (environment-form-rules.test.tsx, write-guard.test.tsx): here, the whole way to a write.
  await addEnvironment(app, 'Production', production.baseUrl, 'production')
  await setSecret(app, 'Production', 'API key', production.credentials.apiKey)
  await setSecret(app, 'Production', 'Secret key', production.credentials.secretKey)
  await app
    .getByRole('region', { name: 'Production' })
    .getByRole('button', { name: 'Use Production' })
    .click()
  const bar = app.getByRole('region', { name: 'Active environment' })
  await expect(bar).toContainText('Production: writes affect real users')
  // Said once (no Production badge beside it), and the top bar still one line at 1024 wide.
  await expect(bar.locator('.badge')).toHaveCount(0)
  await app.setViewportSize({ width: 1024, height: 700 })
  await chooseLanguage(app, 'es')
  await expect(app.locator('.environment-bar')).toContainText('Producción')
  expect((await app.getByRole('banner').boundingBox())?.height).toBeLessThan(72)
  await chooseLanguage(app, 'en')

  await openScreen(app, 'Create')
  await app.getByRole('textbox', { name: 'Token', exact: true }).fill('prod-user-1')
  await app.getByRole('button', { name: 'Create user' }).click()
  const dialog = app.getByRole('alertdialog', { name: 'Write to production?' })
  await expect(dialog).toBeVisible()
  await keepScreenshot(app, 'production-confirmation', test.info())
  await dialog.getByLabel('Environment name').fill('Production')
  await dialog.getByRole('button', { name: 'Confirm write' }).click()
  await expect(app.getByText('User created.')).toBeVisible()
})

test('a new address or proxy says before saving that the secrets go, and they do', async ({
  app,
}) => {
  await addEnvironment(app, 'Moving', staging.baseUrl, 'staging')
  await setSecret(app, 'Moving', 'API key', staging.credentials.apiKey)
  await setSecret(app, 'Moving', 'Secret key', staging.credentials.secretKey)
  const card = app.getByRole('region', { name: 'Moving' })
  await card.getByRole('button', { name: 'Edit Moving' }).click()
  const form = app.getByRole('form', { name: 'Edit Moving' })
  await expect(form.getByRole('button', { name: 'Save environment' })).toBeVisible()
  // Another proxy is another route: the form says so at once, and takes it back with the choice.
  await form.getByLabel('Proxy', { exact: true }).selectOption('none')
  await expect(form.getByRole('button', { name: 'Save and remove secrets' })).toBeVisible()
  await form.getByLabel('Proxy', { exact: true }).selectOption('system')
  await expect(form.getByRole('button', { name: 'Save environment' })).toBeVisible()
  // The same sandbox by another name: another origin, so the secrets go, and the connection test
  // reaches it, to find them not set.
  await form.getByLabel('Base URL').fill(staging.baseUrl.replace('127.0.0.1', 'localhost'))
  await expect(form.getByRole('status')).toContainText(
    "A new address, kind, proxy, CA file or client certificate removes this environment's secrets",
  )
  await keepScreenshot(app, 'environment-drops-secrets', test.info())
  await form.getByRole('button', { name: 'Save and remove secrets' }).click()
  // The form closes once core has saved the profile and removed the secrets.
  await expect(form).toBeHidden()
  await card.getByRole('button', { name: 'Test connection to Moving' }).click()
  await expect(
    card.getByRole('status').filter({ hasText: 'API key and Secret key of "Moving" are not set' }),
  ).toBeVisible()
})
