import { expect, type Page } from '@playwright/test'
import { BULK_TOURS } from './bulk-states'
import { arrangeEnvironmentOn, arrangeUser } from './console-api'
import { createUser, lookUp, openScreen } from './console'
import { needed, onStaging, type ScreenTour } from './screen-state'

/** Authenticates an existing user from the Authenticate screen; what follows is the state's. */
async function authenticate(app: Page, token: string): Promise<void> {
  await openScreen(app, 'Authenticate')
  await app.getByRole('textbox', { name: 'User identifier' }).fill(token)
  await app.getByRole('button', { name: 'Authenticate', exact: true }).click()
}

/**
 * Every screen, empty, filled, in error, with its dialogs and the bulk steps, in tours of states
 * one leads to the next.
 * Users and environments a state only reads are arranged through the console's API: the forms
 * that make them are what other states here (and the flows' own specs) are about.
 */
export const SCREEN_TOURS: readonly ScreenTour[] = [
  ...BULK_TOURS,
  {
    states: [
      { name: 'authenticate', reach: (app) => openScreen(app, 'Authenticate') },
      {
        name: 'authenticate-refused',
        reach: async (app) => {
          await arrangeUser(app, { token: 'tour-blocked', status: 3 })
          await authenticate(app, 'tour-blocked')
          await expect(app.getByRole('alert')).toBeVisible()
        },
      },
      {
        name: 'authenticate-session',
        reach: async (app) => {
          await arrangeUser(app, { token: 'tour-user', status: 2 })
          await authenticate(app, 'tour-user')
          await expect(
            app.getByRole('status').filter({ hasText: 'Verified with key' }),
          ).toBeVisible()
        },
      },
      { name: 'activity', reach: (app) => openScreen(app, 'Activity') },
    ],
  },
  {
    states: [
      { name: 'activity-empty', reach: (app) => openScreen(app, 'Activity') },
      { name: 'environments', reach: (app) => openScreen(app, 'Environments') },
      {
        name: 'environments-add',
        reach: async (app) => {
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
          // The form the state before left open, refusing its missing name.
          const form = app.getByRole('form', { name: 'New environment' })
          await form.getByLabel('Name').fill('Tour staging')
          await form.getByLabel('Base URL').fill('http://127.0.0.1:9')
          await form.getByLabel('Kind').selectOption('staging')
          await form.getByRole('button', { name: 'Add environment' }).click()
          await app.getByRole('button', { name: 'Delete Tour staging' }).click()
          await expect(app.getByRole('alertdialog')).toBeVisible()
        },
      },
    ],
  },
  {
    states: [
      { name: 'look-up', reach: (app) => openScreen(app, 'Look up') },
      {
        name: 'look-up-unknown',
        reach: async (app) => {
          await lookUp(app, 'nobody-has-this-token')
          await expect(app.getByRole('alert')).toBeVisible()
        },
      },
      {
        name: 'look-up-found',
        reach: async (app) => {
          await arrangeUser(app, {
            token: 'tour-found',
            status: 0,
            firstname: 'Begoña',
            email: 'b@example.com',
          })
          await lookUp(app, 'tour-found')
          await expect(app.getByRole('region', { name: 'User', exact: true })).toBeVisible()
        },
      },
    ],
  },
  {
    states: [
      {
        name: 'edit',
        reach: async (app) => {
          await arrangeUser(app, { token: 'tour-review', firstname: 'Ana', status: 2 })
          await lookUp(app, 'tour-review')
          await app
            .getByRole('region', { name: 'User', exact: true })
            .getByRole('link', { name: 'Edit' })
            .click()
          await expect(app.getByLabel('First name')).toHaveValue('Ana')
        },
      },
      {
        name: 'edit-review',
        reach: async (app) => {
          await app.getByLabel('First name').fill('Eva')
          await app.getByLabel('Status').selectOption('0')
          await app.getByRole('button', { name: 'Review changes' }).click()
          await expect(app.getByRole('table', { name: 'Changes to save' })).toBeVisible()
        },
      },
      {
        name: 'edit-review-saved',
        reach: async (app) => {
          await app.getByRole('button', { name: 'Save changes' }).click()
          await expect(app.getByText('Saved.')).toBeVisible()
        },
      },
    ],
  },
  {
    httpsSandbox: true,
    states: [
      {
        name: 'authenticate-not-verified',
        reach: async (app, _testInfo, sandbox) => {
          const rotated = needed(sandbox)
          await onStaging(app, rotated)
          rotated.setFaults({ jwks: 'rotated' })
          await arrangeUser(app, { token: 'tour-rotated', status: 2 })
          await authenticate(app, 'tour-rotated')
          await expect(
            app.getByRole('alert', { name: 'Signed with a key this environment does not publish' }),
          ).toBeVisible()
        },
      },
      {
        name: 'environments-route-change',
        reach: async (app) => {
          await openScreen(app, 'Environments')
          await app.getByRole('button', { name: 'Edit Tour staging' }).click()
          const form = app.getByRole('form', { name: 'Edit Tour staging' })
          await form.getByLabel('Proxy', { exact: true }).selectOption('none')
          await expect(form.getByRole('button', { name: 'Save and remove secrets' })).toBeVisible()
        },
      },
    ],
  },
  {
    states: [
      { name: 'create', reach: (app) => openScreen(app, 'Create') },
      {
        name: 'create-invalid',
        reach: async (app) => {
          await app.getByLabel('ID number (DNI/NIE)').fill('12345678A')
          await app.getByLabel('Email').fill('not-an-email')
          await app.getByLabel('Birthdate').fill('1990-02-30')
          await app.getByLabel('Mobile phone').fill('+44 7700 900123')
          await app.getByRole('button', { name: 'Create user' }).click()
          await expect(app.getByLabel('ID number (DNI/NIE)')).toHaveAttribute(
            'aria-invalid',
            'true',
          )
        },
      },
    ],
  },
  {
    states: [
      { name: 'create-done', reach: (app) => createUser(app, { token: 'tour-dup' }) },
      {
        name: 'create-duplicate',
        reach: async (app) => {
          await app.getByRole('button', { name: 'Create another' }).click()
          await app.getByRole('textbox', { name: 'Token', exact: true }).fill('tour-dup')
          await app.getByRole('button', { name: 'Create user' }).click()
          await expect(app.getByRole('alert').filter({ hasText: 'Already exists' })).toBeVisible()
        },
      },
    ],
  },
  {
    states: [
      { name: 'find-off', reach: (app) => openScreen(app, 'Find') },
      {
        name: 'find-found',
        reach: async (app) => {
          await app
            .getByRole('checkbox', { name: 'Keep a list of the users this console sees' })
            .check()
          await arrangeUser(app, {
            token: 'tour-known',
            status: 0,
            firstname: 'Begoña',
            email: 'b@example.com',
          })
          await app.getByRole('searchbox', { name: 'Email, DNI/NIE or name' }).fill('begona')
          await expect(app.getByRole('table', { name: 'Known users' })).toContainText('tour-known')
        },
      },
    ],
  },
  {
    httpsSandbox: true,
    states: [
      {
        name: 'production-confirmation',
        reach: async (app, _testInfo, sandbox) => {
          await arrangeEnvironmentOn(app, needed(sandbox), {
            name: 'Tour production',
            kind: 'production',
          })
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
    ],
  },
]
