import { mkdirSync } from 'node:fs'
import { makePrivateCa } from '../../test/helpers/private-ca'
import { expect, keepScreenshot, test } from '../fixtures'
import { typeTlsFile } from '../pages/environments'
import { chooseLanguage, type Language } from '../pages/language'

/** What a support person reads, in each language, on the way. */
const WORDS = {
  en: {
    environments: 'Environments',
    add: 'Add environment',
    newForm: 'New environment',
    name: 'Name',
    baseUrl: 'Base URL',
    proxy: 'Proxy',
    proxyUrl: 'Proxy URL',
    proxyUser: 'Proxy user name',
    caFile: 'CA file',
    alsoTrusts: 'Also trusts',
    validUntil: 'valid until',
    as: 'as',
    proxyPassword: 'Proxy password',
    edit: (name: string) => `Edit ${name}`,
    certificates: 'Certificates in CA file',
  },
  es: {
    environments: 'Entornos',
    add: 'Añadir entorno',
    newForm: 'Nuevo entorno',
    name: 'Nombre',
    baseUrl: 'URL base',
    proxy: 'Proxy',
    proxyUrl: 'URL del proxy',
    proxyUser: 'Usuario del proxy',
    caFile: 'Archivo de CA',
    alsoTrusts: 'Confía además en',
    validUntil: 'válido hasta el',
    as: 'como',
    proxyPassword: 'Contraseña del proxy',
    edit: (name: string) => `Editar ${name}`,
    certificates: 'Certificados de Archivo de CA',
  },
} as const

for (const language of ['en', 'es'] as Language[]) {
  test(`${language}: an environment behind a company proxy, trusting the company's CA file`, async ({
    app,
  }, testInfo) => {
    test.skip(
      testInfo.project.name === 'electron',
      "the window's files come from main's dialog; this spec types a path, as the browser shell asks",
    )
    const words = WORDS[language]
    const folder = testInfo.outputPath('ca')
    mkdirSync(folder, { recursive: true })
    const ca = makePrivateCa(folder, 'ACME Test Root')
    const name = language === 'en' ? 'Behind ACME' : 'Tras ACME'

    await chooseLanguage(app, language)
    await app.getByRole('link', { name: words.environments, exact: true }).click()
    await app.getByRole('button', { name: words.add }).click()
    const form = app.getByRole('form', { name: words.newForm })
    const textbox = (label: string) => form.getByRole('textbox', { name: label, exact: true })
    await textbox(words.name).fill(name)
    await textbox(words.baseUrl).fill('https://staging.acme.example')
    await form.getByRole('combobox', { name: words.proxy, exact: true }).selectOption('url')
    await textbox(words.proxyUrl).fill('http://proxy.acme.example:3128')
    await textbox(words.proxyUser).fill('ana')
    await typeTlsFile(form, words.caFile, ca.certPath)
    await keepScreenshot(app, `environment-network-form-${language}`, testInfo)
    await form.getByRole('button', { name: words.add }).click()

    // The card says the proxy's user and the CA file, with whom its certificate names and until when.
    const card = app.getByRole('region', { name })
    await expect(form).toBeHidden()
    await expect(
      card.getByRole('definition').filter({ hasText: 'http://proxy.acme.example:3128' }),
    ).toHaveText(`http://proxy.acme.example:3128 ${words.as} ana`)
    await expect(card.getByRole('term').filter({ hasText: words.alsoTrusts })).toBeVisible()
    const trust = card.getByRole('definition').filter({ hasText: 'acme-test-root-ca.pem' })
    await expect(trust).toContainText('CN=ACME Test Root, O=Integrator Console tests')
    await expect(trust).toContainText(words.validUntil)
    // A user name for the proxy: its password can now be set beside the other secrets.
    await expect(card.getByLabel(words.proxyPassword, { exact: true })).toBeVisible()

    // Edited, the form lists what main read in the file.
    await card.getByRole('button', { name: words.edit(name) }).click()
    const certificates = card.getByRole('list', { name: words.certificates })
    await expect(certificates).toContainText('CN=ACME Test Root, O=Integrator Console tests')
    await expect(certificates).toContainText(words.validUntil)
    await keepScreenshot(app, `environment-network-card-${language}`, testInfo)
  })
}
