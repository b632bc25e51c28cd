import { readFileSync, writeFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { startSandbox, type RunningSandbox } from '../../src-sandbox/server'
import { expect, keepScreenshot, test } from '../fixtures'
import { arrangeUser } from '../pages/console-api'
import { giveFile } from '../pages/files'

// A support person whose system speaks Spanish: the console opens in Spanish by itself, and
// every word below is what they read.
test.use({ locale: 'es-ES' })

let staging: RunningSandbox
test.beforeAll(async () => {
  staging = await startSandbox({ port: 0, databasePath: ':memory:' })
})
test.afterAll(() => staging.close())

async function abrir(app: Page, pantalla: string, titulo: string): Promise<void> {
  await expect(app.locator('html')).toHaveAttribute('lang', 'es-ES')
  await app
    .getByRole('navigation', { name: 'Pantallas' })
    .getByRole('link', { name: pantalla, exact: true })
    .click()
  await expect(app.getByRole('heading', { level: 1 })).toHaveText(titulo)
}

test('autenticar: sesión, verificación con la clave publicada y cuenta atrás en español', async ({
  app,
}) => {
  await abrir(app, 'Crear', 'Crear un usuario')
  await app.getByRole('textbox', { name: 'Token', exact: true }).fill('es-auth')
  await app.getByRole('button', { name: 'Crear usuario' }).click()
  await expect(app.getByText('Usuario creado.')).toBeVisible()

  await abrir(app, 'Autenticar', 'Autenticar')
  await app.getByRole('textbox', { name: 'Identificador del usuario' }).fill('es-auth')
  await app.getByRole('button', { name: 'Autenticar', exact: true }).click()
  await expect(app.getByRole('region', { name: 'Sesión' })).toBeVisible()
  await expect(app.getByRole('status').filter({ hasText: 'Verificado con la clave' })).toBeVisible()
  await expect(app.getByTestId('expiry-countdown')).toContainText('Caduca en')
  await keepScreenshot(app, 'autenticar', test.info())
})

test('en lote: una fila con un DNI mal se explica en español, el resto se envía al sandbox local y los resultados se guardan en español', async ({
  app,
}, testInfo) => {
  await arrangeUser(app, { token: 'lote-ya', status: 2 })
  const file = testInfo.outputPath('altas.csv')
  writeFileSync(
    file,
    [
      'token;status;nid_number',
      'lote-1;2;12345678Z',
      'lote-2;2;12345678A',
      'lote-ya;2;00000000T',
    ].join('\n'),
  )
  await abrir(app, 'En lote', 'En lote')
  await giveFile(app, 'Archivo CSV', file)
  await app.getByRole('button', { name: 'Leer archivo' }).click()
  await app.getByRole('button', { name: 'Comprobar todas las filas' }).click()
  await expect(app.getByRole('table', { name: 'Filas con errores' })).toContainText(
    'con la letra de control correcta',
  )
  // The file to fix in a spreadsheet says its rules in Spanish too.
  const corrige = testInfo.outputPath('corrige.csv')
  await giveFile(app, 'Guardar las filas con errores en', corrige)
  await app.getByRole('button', { name: 'Guardar filas con errores' }).click()
  await expect(app.getByText(/^Se ha guardado 1 fila en/)).toBeVisible()
  expect(readFileSync(corrige, 'utf8')).toContain('con la letra de control correcta')
  await app.getByRole('button', { name: 'Crear: enviar 2 filas' }).click()
  await expect(app.getByText('Terminada', { exact: true })).toBeVisible()
  // The built-in environment is named in the console's words, not by its stored English name.
  await expect(app.getByRole('heading', { name: 'Crear en Pruebas locales' })).toBeVisible()
  await expect(app.getByLabel('Resultados', { exact: true })).toContainText('Creados1')

  // The results file says each row's outcome message in Spanish; its columns keep their names.
  const resultados = testInfo.outputPath('resultados.csv')
  await giveFile(app, 'Guardar los resultados en', resultados)
  await app.getByRole('button', { name: 'Guardar resultados' }).click()
  await expect(app.getByText(/^Se han guardado 3 resultados en/)).toBeVisible()
  const guardado = readFileSync(resultados, 'utf8')
  expect(guardado).toMatch(/^\uFEFF?row,token,outcome,status,message\r?\n/)
  expect(guardado).toMatch(
    /^3,lote-2,invalid,,"El campo «nid_number» no es válido: debe ser un DNI español/m,
  )
  expect(guardado).toMatch(/^4,lote-ya,failed,409,Ya existe un usuario con este token\./m)
})
