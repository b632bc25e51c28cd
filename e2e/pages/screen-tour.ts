import { writeFileSync } from 'node:fs'
import { expect, type Page, type TestInfo } from '@playwright/test'
import type { RunningSandbox } from '../../src-sandbox/server'
import { arrangeEnvironmentOn } from './console-api'
import { createUser, lookUp, openScreen } from './console'
import { giveFile } from './files'

/** A screen in one of its states, reached from a fresh console the way a user gets there. */
export interface ScreenState {
  name: string
  /**
   * Needs the tour's https sandbox: a production environment must use https, and a state can slow
   * it or change the keys it publishes (the spec turns its faults off after each state).
   */
  httpsSandbox?: boolean
  reach(app: Page, testInfo: TestInfo, sandbox?: RunningSandbox): Promise<void>
  /**
   * Shows the state again after a language switch, where what it shows was worded when it opened
   * (a dialog): found by role and place, not by words, which are now the other language's.
   */
  again?(app: Page): Promise<void>
}

async function bulkFile(app: Page, testInfo: TestInfo): Promise<void> {
  const file = testInfo.outputPath('empleados.csv')
  writeFileSync(
    file,
    ['Token;Estado;Nombre;DNI', 'tour-1;2;Begoña;12345678Z', 'tour-2;9;José;12345678A'].join(
      '\r\n',
    ),
  )
  await openScreen(app, 'Bulk')
  await app.getByLabel('Action', { exact: true }).selectOption('create')
  await giveFile(app, 'CSV file', file)
  await app.getByRole('button', { name: 'Read file' }).click()
  await expect(app.getByLabel('Field for column DNI')).toHaveValue('nid_number')
}

async function bulkPlan(app: Page, testInfo: TestInfo): Promise<void> {
  await bulkFile(app, testInfo)
  await app.getByRole('button', { name: 'Check every row' }).click()
  await expect(app.getByRole('table', { name: 'Invalid rows' })).toBeVisible()
}

function needed(sandbox: RunningSandbox | undefined): RunningSandbox {
  if (!sandbox) throw new Error('this state needs the https sandbox')
  return sandbox
}

async function onStaging(app: Page, sandbox: RunningSandbox): Promise<void> {
  await arrangeEnvironmentOn(app, sandbox, { name: 'Tour staging', kind: 'staging' })
}

/**
 * A run of 150 creates under way that cannot end by itself, however fast or slow this machine:
 * after 45 rows the sandbox refuses every call with a Retry-After of five minutes, and the run
 * waits it out (a pause or a cancel still acts at once). `tokens` keeps each state's users apart
 * on the shared sandbox.
 */
async function bulkRunning(
  app: Page,
  testInfo: TestInfo,
  sandbox: RunningSandbox,
  tokens: string,
): Promise<void> {
  await onStaging(app, sandbox)
  const file = testInfo.outputPath('altas.csv')
  const rows = Array.from({ length: 150 }, (_, i) => `${tokens}-${i},2`)
  writeFileSync(file, ['token,status', ...rows].join('\n'))
  await openScreen(app, 'Bulk')
  await giveFile(app, 'CSV file', file)
  await app.getByRole('button', { name: 'Read file' }).click()
  await app.getByRole('button', { name: 'Check every row' }).click()
  sandbox.setFaults({ rateLimitAfter: 45, retryAfterSeconds: 300 })
  await app.getByRole('button', { name: 'Create: send 150 rows' }).click()
  await expect(
    app.getByText('The service is rate limiting calls: waiting 300 s.', { exact: true }),
  ).toBeVisible()
  await expect(app.getByRole('progressbar')).toHaveAttribute('value', '45')
}

async function bulkCancelled(
  app: Page,
  testInfo: TestInfo,
  sandbox: RunningSandbox,
  tokens: string,
): Promise<void> {
  await bulkRunning(app, testInfo, sandbox, tokens)
  await app.getByRole('button', { name: 'Cancel' }).click()
  await expect(app.getByText('Cancelled', { exact: true })).toBeVisible()
}

async function authenticated(app: Page): Promise<void> {
  await createUser(app, { token: 'tour-user', status: '2' })
  await openScreen(app, 'Authenticate')
  await app.getByRole('textbox', { name: 'User identifier' }).fill('tour-user')
  await app.getByRole('button', { name: 'Authenticate', exact: true }).click()
  await expect(app.getByRole('status').filter({ hasText: 'Verified with key' })).toBeVisible()
}

/** Every screen, empty, filled, in error, with its dialogs and the bulk steps. */
export const SCREEN_STATES: ScreenState[] = [
  { name: 'look-up', reach: (app) => openScreen(app, 'Look up') },
  {
    name: 'look-up-found',
    reach: async (app) => {
      await createUser(app, { token: 'tour-found', firstname: 'Begoña', email: 'b@example.com' })
      await lookUp(app, 'tour-found')
      await expect(app.getByRole('region', { name: 'User', exact: true })).toBeVisible()
    },
  },
  {
    name: 'look-up-unknown',
    reach: async (app) => {
      await lookUp(app, 'nobody-has-this-token')
      await expect(app.getByRole('alert')).toBeVisible()
    },
  },
  { name: 'create', reach: (app) => openScreen(app, 'Create') },
  {
    name: 'create-invalid',
    reach: async (app) => {
      await openScreen(app, 'Create')
      await app.getByLabel('ID number (DNI/NIE)').fill('12345678A')
      await app.getByLabel('Email').fill('not-an-email')
      await app.getByLabel('Birthdate').fill('1990-02-30')
      await app.getByLabel('Mobile phone').fill('+44 7700 900123')
      await app.getByRole('button', { name: 'Create user' }).click()
      await expect(app.getByLabel('ID number (DNI/NIE)')).toHaveAttribute('aria-invalid', 'true')
    },
  },
  {
    name: 'create-duplicate',
    reach: async (app) => {
      await createUser(app, { token: 'tour-dup' })
      await app.getByRole('button', { name: 'Create another' }).click()
      await app.getByRole('textbox', { name: 'Token', exact: true }).fill('tour-dup')
      await app.getByRole('button', { name: 'Create user' }).click()
      await expect(app.getByRole('alert').filter({ hasText: 'Already exists' })).toBeVisible()
    },
  },
  { name: 'create-done', reach: (app) => createUser(app, { token: 'tour-done' }) },
  {
    name: 'edit',
    reach: async (app) => {
      await createUser(app, { token: 'tour-edit', firstname: 'Ana' })
      await app
        .getByRole('region', { name: 'Stored record' })
        .getByRole('link', { name: 'Edit' })
        .click()
      await expect(app.getByLabel('First name')).toHaveValue('Ana')
    },
  },
  {
    name: 'edit-review-saved',
    reach: async (app) => {
      await createUser(app, { token: 'tour-review', firstname: 'Ana', status: '2' })
      await app
        .getByRole('region', { name: 'Stored record' })
        .getByRole('link', { name: 'Edit' })
        .click()
      await app.getByLabel('First name').fill('Eva')
      await app.getByLabel('Status').selectOption('0')
      await app.getByRole('button', { name: 'Review changes' }).click()
      await expect(app.getByRole('table', { name: 'Changes to save' })).toBeVisible()
      await app.getByRole('button', { name: 'Save changes' }).click()
      await expect(app.getByText('Saved.')).toBeVisible()
    },
  },
  {
    name: 'edit-review',
    reach: async (app) => {
      await createUser(app, { token: 'tour-review', firstname: 'Ana', status: '2' })
      await app
        .getByRole('region', { name: 'Stored record' })
        .getByRole('link', { name: 'Edit' })
        .click()
      await app.getByLabel('First name').fill('Eva')
      await app.getByRole('button', { name: 'Review changes' }).click()
      await expect(app.getByRole('table', { name: 'Changes to save' })).toBeVisible()
    },
  },
  { name: 'authenticate', reach: (app) => openScreen(app, 'Authenticate') },
  {
    name: 'authenticate-refused',
    reach: async (app) => {
      await createUser(app, { token: 'tour-blocked', status: '3' })
      await openScreen(app, 'Authenticate')
      await app.getByRole('textbox', { name: 'User identifier' }).fill('tour-blocked')
      await app.getByRole('button', { name: 'Authenticate', exact: true }).click()
      await expect(app.getByRole('alert')).toBeVisible()
    },
  },
  { name: 'authenticate-session', reach: authenticated },
  {
    name: 'authenticate-not-verified',
    httpsSandbox: true,
    reach: async (app, _testInfo, sandbox) => {
      const rotated = needed(sandbox)
      await onStaging(app, rotated)
      rotated.setFaults({ jwks: 'rotated' })
      await createUser(app, { token: 'tour-rotated', status: '2' })
      await openScreen(app, 'Authenticate')
      await app.getByRole('textbox', { name: 'User identifier' }).fill('tour-rotated')
      await app.getByRole('button', { name: 'Authenticate', exact: true }).click()
      await expect(app.getByRole('status').filter({ hasText: 'Not verified:' })).toBeVisible()
    },
  },
  { name: 'environments', reach: (app) => openScreen(app, 'Environments') },
  {
    name: 'environments-add',
    reach: async (app) => {
      await openScreen(app, 'Environments')
      await app.getByRole('button', { name: 'Add environment' }).click()
      const form = app.getByRole('form', { name: 'New environment' })
      await form.getByLabel('Base URL').fill('http://example.com')
      await form.getByRole('button', { name: 'Add environment' }).click()
      await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true')
    },
  },
  {
    name: 'environments-delete',
    reach: async (app) => {
      await openScreen(app, 'Environments')
      await app.getByRole('button', { name: 'Add environment' }).click()
      const form = app.getByRole('form', { name: 'New environment' })
      await form.getByLabel('Name').fill('Tour staging')
      await form.getByLabel('Base URL').fill('http://127.0.0.1:9')
      await form.getByLabel('Kind').selectOption('staging')
      await form.getByRole('button', { name: 'Add environment' }).click()
      await app.getByRole('button', { name: 'Delete Tour staging' }).click()
      await expect(app.getByRole('alertdialog')).toBeVisible()
    },
  },
  { name: 'activity-empty', reach: (app) => openScreen(app, 'Activity') },
  {
    name: 'activity',
    reach: async (app) => {
      await authenticated(app)
      await openScreen(app, 'Activity')
    },
  },
  { name: 'bulk', reach: (app) => openScreen(app, 'Bulk') },
  { name: 'bulk-mapping', reach: bulkFile },
  { name: 'bulk-dry-run', reach: bulkPlan },
  {
    name: 'bulk-finished',
    reach: async (app, testInfo) => {
      await bulkPlan(app, testInfo)
      await app.getByRole('button', { name: 'Create: send 1 row' }).click()
      await expect(app.getByText('Finished', { exact: true })).toBeVisible()
    },
  },
  {
    name: 'bulk-waiting',
    httpsSandbox: true,
    reach: (app, testInfo, sandbox) => bulkRunning(app, testInfo, needed(sandbox), 'tour-waiting'),
  },
  {
    name: 'bulk-paused',
    httpsSandbox: true,
    reach: async (app, testInfo, sandbox) => {
      await bulkRunning(app, testInfo, needed(sandbox), 'tour-paused')
      await app.getByRole('button', { name: 'Pause' }).click()
      await expect(app.getByRole('button', { name: 'Resume' })).toBeVisible()
    },
  },
  {
    name: 'bulk-cancelled',
    httpsSandbox: true,
    reach: (app, testInfo, sandbox) =>
      bulkCancelled(app, testInfo, needed(sandbox), 'tour-cancelled'),
  },
  {
    name: 'bulk-unfinished-runs',
    httpsSandbox: true,
    reach: async (app, testInfo, sandbox) => {
      await bulkCancelled(app, testInfo, needed(sandbox), 'tour-unfinished')
      await app.getByRole('button', { name: 'Start another' }).click()
      await expect(app.getByRole('region', { name: 'Unfinished runs' })).toContainText(
        'on Tour staging',
      )
    },
  },
  {
    name: 'production-confirmation',
    httpsSandbox: true,
    reach: async (app, _testInfo, sandbox) => {
      const production = needed(sandbox)
      await arrangeEnvironmentOn(app, production, { name: 'Tour production', kind: 'production' })
      await openScreen(app, 'Create')
      await app.getByRole('textbox', { name: 'Token', exact: true }).fill('tour-prod')
      await app.getByRole('button', { name: 'Create user' }).click()
      await expect(app.getByRole('alertdialog', { name: 'Write to production?' })).toBeVisible()
    },
    again: async (app) => {
      await app.keyboard.press('Escape')
      await expect(app.getByRole('alertdialog')).toBeHidden()
      await app.locator('main form button[type="submit"]').click()
      await expect(app.getByRole('alertdialog')).toBeVisible()
    },
  },
]
