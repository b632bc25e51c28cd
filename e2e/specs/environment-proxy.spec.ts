import { expect, keepScreenshot, test } from '../fixtures'
import { consoleApi } from '../pages/console-api'
import { openScreen } from '../pages/console'

const PROXY = 'http://proxy.acme.example:3128'

test('an environment’s proxy is shown, kept through an edit, and changed in the window', async ({
  app,
}) => {
  const api = consoleApi(app)
  const saved = await api.environments.save({
    name: 'Behind ACME',
    baseUrl: 'https://staging.acme.example',
    kind: 'staging',
    userTokenScheme: 'hmac-sha256-hex',
    timeoutMs: 15_000,
    proxy: { mode: 'url', url: PROXY },
  })
  expect(saved.ok).toBe(true)
  await openScreen(app, 'Environments')
  const card = app.getByRole('region', { name: 'Behind ACME' })
  await card.getByRole('button', { name: 'Edit Behind ACME' }).click()
  const form = app.getByRole('form', { name: 'Edit Behind ACME' })
  await expect(form.getByLabel('Proxy', { exact: true })).toHaveValue('url')
  await expect(form.getByLabel('Proxy URL')).toHaveValue(PROXY)
  await keepScreenshot(app, 'environment-proxy', test.info())

  await form.getByLabel('Timeout (ms)').fill('20000')
  await form.getByRole('button', { name: 'Save environment' }).click()
  await expect(form).toBeHidden()
  const kept = async () => {
    const list = await api.environments.list()
    if (!list.ok) throw new Error(list.error.said.text)
    return list.data.environments.find((e) => e.name === 'Behind ACME')
  }
  expect(await kept()).toMatchObject({ timeoutMs: 20_000, proxy: { mode: 'url', url: PROXY } })

  await card.getByRole('button', { name: 'Edit Behind ACME' }).click()
  await form.getByLabel('Proxy', { exact: true }).selectOption('system')
  await expect(form.getByLabel('Proxy URL')).toBeHidden()
  await form.getByRole('button', { name: 'Save environment' }).click()
  await expect(form).toBeHidden()
  expect(await kept()).toMatchObject({ proxy: { mode: 'system' } })
})
