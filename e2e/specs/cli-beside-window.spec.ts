import { faceEnv, runBuiltCli } from '../../test/helpers/cli-process'
import { expect, test } from '../fixtures'

test('the window follows an environment added and chosen on the command line', async ({
  app,
  faceSetting,
}) => {
  test.skip(!faceSetting, 'the command line shares the data folder of the renderer project core')
  if (!faceSetting) return
  const env = faceEnv(faceSetting)
  const active = app.getByLabel('Environment', { exact: true }).locator('option:checked')
  await expect(active).toHaveText('Local sandbox')

  const added = await runBuiltCli(
    ['env', 'add', 'From the CLI', '--base-url', 'http://127.0.0.1:4999'],
    { env },
  )
  expect(added.code).toBe(0)
  expect((await runBuiltCli(['env', 'use', 'From the CLI'], { env })).code).toBe(0)

  await expect(active).toHaveText('From the CLI')
})
