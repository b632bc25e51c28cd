import { readFileSync } from 'node:fs'
import { startSandbox, type RunningSandbox } from '../../src-sandbox/server'
import { expect, test } from '../fixtures'
import { addEnvironment, setSecret } from '../pages/environments'
import { giveFile, pickFile } from '../pages/files'

let staging: RunningSandbox
test.beforeAll(async () => {
  staging = await startSandbox({ port: 0, databasePath: ':memory:' })
})
test.afterAll(async () => {
  await staging.close()
})

test('share an environment through a file: no secret in it, nothing replaced unasked, its secrets asked for again', async ({
  app,
}, testInfo) => {
  await addEnvironment(app, 'Team staging', staging.baseUrl, 'staging')
  await setSecret(app, 'Team staging', 'API key', staging.credentials.apiKey)
  await setSecret(app, 'Team staging', 'Secret key', staging.credentials.secretKey)

  await app.getByRole('button', { name: 'Export…' }).click()
  const exporting = app.getByRole('region', { name: 'Export environments' })
  const path = testInfo.outputPath('team.json')
  await giveFile(app, 'File to write', path)
  await exporting.getByRole('button', { name: 'Export', exact: true }).click()
  await expect(exporting.getByRole('status')).toHaveText(
    'Exported 1 environment to team.json. No secret is in the file.',
  )
  const written = readFileSync(path, 'utf8')
  expect(written).toContain(staging.baseUrl)
  for (const secret of [staging.credentials.apiKey, staging.credentials.secretKey])
    expect(written).not.toContain(secret)
  await exporting.getByRole('button', { name: 'Close' }).click()

  // Imported over itself: already the same, so there is nothing to import.
  await app.getByRole('button', { name: 'Import…' }).click()
  const importing = app.getByRole('region', { name: 'Import environments' })
  await pickFile(app, 'File of environments', path)
  await importing.getByRole('button', { name: 'Review' }).click()
  await expect(importing.getByRole('row', { name: /Team staging/ })).toContainText(
    'Already here, the same',
  )
  await expect(importing.getByRole('button', { name: 'Import', exact: true })).toBeDisabled()

  // Gone from here, it comes back from the file, and asks for the secrets it did not carry.
  const card = app.getByRole('region', { name: 'Team staging' })
  await card.getByRole('button', { name: 'Delete Team staging' }).click()
  await card.getByRole('button', { name: 'Delete environment' }).click()
  await expect(card).toHaveCount(0)
  await importing.getByRole('button', { name: 'Review' }).click()
  await expect(importing.getByRole('row', { name: /Team staging/ })).toContainText('New here')
  await importing.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(importing.getByRole('status')).toHaveText(
    '1 environment was imported. Nothing else changed.',
  )
  const secrets = importing.getByRole('region', { name: 'Secrets of Team staging' })
  await expect(secrets.getByLabel('API key status')).toHaveText('Not set')
  await secrets.getByLabel('API key', { exact: true }).fill(staging.credentials.apiKey)
  await secrets.getByRole('button', { name: 'Save API key' }).click()
  await expect(secrets.getByLabel('API key status')).toHaveText('Set')
  await expect(app.getByRole('region', { name: 'Team staging' }).first()).toBeVisible()
})
