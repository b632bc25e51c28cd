import { startTestSandbox, type TestSandbox } from '../../test/helpers/sandbox'
import { expect, keepScreenshot, test } from '../fixtures'
import { bulkParts, dryRun, expectRunEnded, sendRows, writeCsv } from '../pages/bulk'
import { lookUp, openScreen } from '../pages/console'
import { arrangeEnvironmentOn } from '../pages/console-api'
import { countingProxy, type CountingProxy } from '../harness/counting-proxy'

// A service of the test's own, so a change "made elsewhere" goes straight to it: no call of the
// console's makes it, and none shows in the console's Activity.
let service: TestSandbox
// The same service behind a proxy that, after the first read of `racing`, lets a colleague change
// it before the console gets the answer: the moment a blind bulk write would undo that change.
let racing = ''
let proxy: CountingProxy
test.beforeAll(async () => {
  service = await startTestSandbox()
  proxy = await countingProxy(service.baseUrl, async (method, path) => {
    if (racing === '' || method !== 'GET' || path !== userPath(racing)) return
    const token = racing
    racing = ''
    await changeLastnameElsewhere(token, 'Gil')
  })
})
test.afterAll(async () => {
  await proxy.close()
  await service.stop()
})

const userPath = (token: string) => `/api/v3/pendingCompanyUsers/${token}`

async function createElsewhere(token: string): Promise<void> {
  const answer = await service.call('POST', '/api/v3/pendingCompanyUsers', {
    json: { token, status: 2, firstname: 'Ana', lastname: 'Ruiz' },
  })
  expect(answer.status).toBe(201)
}

/** A colleague, a script or the integrator's backend changes the user's last name. */
async function changeLastnameElsewhere(token: string, lastname: string): Promise<void> {
  const answer = await service.call('PUT', userPath(token), {
    json: { status: 2, firstname: 'Ana', lastname },
  })
  expect(answer.status).toBe(200)
}

async function stored(token: string): Promise<unknown> {
  return (await service.call('GET', userPath(token))).body
}

test('Save over a user changed by someone else sends nothing, shows both values, and keeps both changes', async ({
  app,
}) => {
  await app.setViewportSize({ width: 1024, height: 700 })
  await arrangeEnvironmentOn(app, service, { name: 'Shared staging', kind: 'staging' })
  await createElsewhere('conflict-1')
  await lookUp(app, 'conflict-1')
  await app
    .getByRole('region', { name: 'User', exact: true })
    .getByRole('link', { name: 'Edit' })
    .click()
  await expect(app.getByLabel('First name')).toHaveValue('Ana')
  await app.getByLabel('First name').fill('Eva')

  await changeLastnameElsewhere('conflict-1', 'Gil')
  await app.getByRole('button', { name: 'Review changes' }).click()
  // The review is over what core reads now: the colleague's last name, not the one opened.
  const review = app.getByRole('table', { name: 'Changes to save' })
  await expect(review.getByRole('row', { name: /Last name/ }).getByRole('cell')).toHaveText([
    'Gil',
    'Ruiz',
  ])
  await app.getByRole('button', { name: 'Save changes' }).click()

  const conflict = app.getByRole('table', { name: 'Changed since you opened the user' })
  await expect(app.getByRole('heading', { name: 'Someone else changed this user' })).toBeFocused()
  const lastname = conflict.getByRole('row', { name: /Last name/ })
  await expect(lastname).toContainText('changed by someone else')
  await expect(lastname.getByRole('cell')).toHaveText([
    'Ruiz',
    'Gil',
    'Ruiz',
    /The service's.*Mine/,
  ])
  await expect(conflict.getByRole('row', { name: /First name/ }).getByRole('cell')).toHaveText([
    'Ana',
    'Ana',
    'Eva',
    'Yours',
  ])
  // At 1024 wide the Keep column and its choice are whole, not scrolled out of the card.
  await expect(conflict.getByRole('columnheader', { name: 'Keep' })).toBeInViewport({ ratio: 1 })
  await expect(lastname.getByRole('radio', { name: 'Mine' })).toBeInViewport({ ratio: 1 })
  const box = await conflict.evaluate((table) => {
    const scroller = table.parentElement ?? table
    return { scrolls: scroller.scrollWidth, shows: scroller.clientWidth }
  })
  expect(box.scrolls).toBeLessThanOrEqual(box.shows)
  // Nothing was sent: the service holds the other change only.
  expect(await stored('conflict-1')).toMatchObject({ firstname: 'Ana', lastname: 'Gil' })
  await keepScreenshot(app, 'edit-conflict', test.info())

  await expect(lastname.getByRole('radio', { name: "The service's" })).toBeChecked()
  await app.getByRole('button', { name: 'Review again' }).click()
  const summary = app.getByRole('table', { name: 'Changes to save' })
  await expect(summary.getByRole('row')).toHaveCount(2)
  await expect(summary).toContainText('First name')
  await expect(app.getByLabel('Last name')).toHaveValue('Gil')
  await app.getByRole('button', { name: 'Save changes' }).click()
  await expect(app.getByText('Saved.')).toBeInViewport()
  expect(await stored('conflict-1')).toMatchObject({ firstname: 'Eva', lastname: 'Gil' })
})

test('a look-up is a read every time: the same token again shows a change made in between', async ({
  app,
}) => {
  await arrangeEnvironmentOn(app, service, { name: 'Shared staging', kind: 'staging' })
  await createElsewhere('reread-1')
  await lookUp(app, 'reread-1')
  const details = app.getByRole('region', { name: 'User', exact: true })
  await expect(details).toContainText('Ruiz')
  await expect(details).toContainText(/Read from the service at \d/)

  await changeLastnameElsewhere('reread-1', 'Gil')
  await app.getByRole('button', { name: 'Look up' }).click()
  await expect(details).toContainText('Gil')
  await changeLastnameElsewhere('reread-1', 'Sanz')
  await details.getByRole('button', { name: 'Refresh' }).click()
  await expect(details).toContainText('Sanz')

  await openScreen(app, 'Activity')
  const retrieves = app
    .getByRole('list', { name: 'Calls' })
    .getByRole('listitem')
    .filter({ hasText: 'Retrieve user' })
  await expect(retrieves).toHaveCount(3)
})

test('a bulk Update row whose user changed between its read and its write is not overwritten', async ({
  app,
}, testInfo) => {
  await arrangeEnvironmentOn(
    app,
    { ...service, baseUrl: proxy.url },
    { name: 'Raced staging', kind: 'staging' },
  )
  await createElsewhere('race-1')
  const file = writeCsv(testInfo, 'race.csv', ['token,status,firstname', 'race-1,2,Eva', ''])
  await dryRun(app, file, { action: 'update' })
  racing = 'race-1'
  await sendRows(app, 'Update only: send 1 row')
  await expectRunEnded(app)
  const row = bulkParts(app).results.getByRole('row').nth(1)
  await expect(row).toContainText('Failed')
  await expect(row).toContainText('The user changed on the service after it was read (lastname)')
  // Nothing was written: the colleague's change stands, and no Update reached the service.
  expect(await stored('race-1')).toMatchObject({ firstname: 'Ana', lastname: 'Gil' })
  expect(proxy.count('PUT', userPath('race-1'))).toBe(0)
})
