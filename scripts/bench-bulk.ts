// `npm run bench`, third part: bulk work. A 10,000-row import through the core's bulk engine at
// the default concurrency, beside a bare concurrent Create loop (node:http, the core's own client,
// same concurrency) to the same embedded sandbox in the same run, wall and CPU; then the dry run
// (bench-dry-run.ts) and the dry-run table in Chromium. Runs inside the throwaway keyring, bundled
// as the app's main process is.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { Agent } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CONCURRENCY } from '../src-shared/bulk'
import { LOCAL_SANDBOX_ID } from '../src-shared/environments'
import type { Channel, ChannelInput, ChannelOutput, Result } from '../src-shared/ipc'
import { chromium, type Browser } from 'playwright-core'
import { attachConsole, openConsole } from '../src-main/browser-shell/attach-console'
import { findBrowser } from '../src-main/browser-shell/find-browser'
import { createCore, type Core } from '../src-main/core/create-core'
import { keyringBackend } from '../src-main/core/keychain/keyring-backend'
import { rawRequest } from './bench-measure'
import { dryRunFigures } from './bench-dry-run'
import { cpuNow, sized } from './bench-process'
import { usersFile, USERS_FILE_MAPPING } from './bench-users-file'

const IMPORT_ROWS = sized(10_000, 20)
const ROUNDS = sized(5, 1)
/** Rows each side sends first, unmeasured, so that neither is timed while its code is still cold. */
const WARM_UP_ROWS = sized(1_000, 5)
const TABLE_ROWS = sized(10_000, 200)

/**
 * The dry-run table in Chromium through the browser shell (the built renderer): from the click
 * on "Check every row" to the first row on screen, for a file of `rows` rows.
 */
async function tableFirstRender(
  core: Core,
  instance: Browser,
  path: string,
): Promise<{ ms: number }> {
  // A context of its own: nothing cached from the file before, as in a browser just started.
  const context = await instance.newContext()
  try {
    const page = await context.newPage()
    await attachConsole(page, {
      dispatch: core.dispatch,
      subscribe: core.subscribe,
      rendererRoot: join('out', 'renderer'),
      pageBridgeSource: readFileSync(join('out', 'browser-shell', 'page-bridge.js'), 'utf8'),
    })
    await openConsole(page)
    await page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('link', { name: 'Bulk' })
      .click()
    await page.getByRole('textbox', { name: 'CSV file' }).fill(path)
    await page.getByRole('button', { name: 'Read file' }).click()
    const check = page.getByRole('button', { name: 'Check every row' })
    await check.waitFor()
    const started = performance.now()
    await check.click()
    await page
      .getByRole('table', { name: 'Rows of the file' })
      .getByRole('row')
      .nth(1)
      .getByRole('cell')
      .first()
      .waitFor()
    return { ms: performance.now() - started }
  } finally {
    await context.close()
  }
}

async function main(): Promise<void> {
  if (process.env.INTEGRATOR_CONSOLE_TEST_KEYRING !== '1')
    throw new Error('bench-bulk uses the keychain: run it with `npm run bench`')
  const dir = mkdtempSync(join(tmpdir(), 'ic-bench-bulk-'))
  const keychainService = `integrator-console-bench-${randomUUID()}`
  const core = createCore({
    // The console's data apart from the files it reads: it takes none from its own folder.
    dataDirectory: join(dir, 'data'),
    version: '0.0.0-bench',
    // Files named as the command line names them: the path as typed.
    face: 'cli',
    keychainService,
    log: () => undefined,
  })
  async function call<C extends Channel>(channel: C, input?: ChannelInput<C>) {
    const result = (await core.dispatch(channel, input)) as Result<ChannelOutput<C>>
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.said.text}`)
    return result.data
  }
  try {
    const { environments } = await call('environments:list')
    const baseUrl = environments.find((e) => e.id === LOCAL_SANDBOX_ID)?.baseUrl ?? ''
    const keychain = keyringBackend(keychainService)
    const signal = new AbortController().signal
    const headers = {
      apiKey: (await keychain.get(`${LOCAL_SANDBOX_ID}/apiKey`, signal)) ?? '',
      secretKey: (await keychain.get(`${LOCAL_SANDBOX_ID}/secretKey`, signal)) ?? '',
    }
    // Node's own client on a keep-alive agent, as the core's service client uses.
    const agent = new Agent({ keepAlive: true })

    process.stdout.write(
      `\nBulk import: ${IMPORT_ROWS.toLocaleString('en')} rows into the embedded sandbox (${baseUrl}), ${CONCURRENCY.default} calls at once, ${ROUNDS} rounds each after ${WARM_UP_ROWS.toLocaleString('en')} unmeasured rows each, alternating which goes first.\n` +
        'Engine = dry run excluded, run from start to finished (ledger, Create reconciliation, progress). Raw = the same Creates with node:http on a keep-alive agent from as many loops.\n\n',
    )
    const engine: number[] = []
    const raw: number[] = []
    // CPU of this process (the embedded sandbox's share included, alike on both sides) per side.
    const cpu = { engine: 0, raw: 0 }
    async function engineRound(round: number | 'warm-up', rows = IMPORT_ROWS): Promise<void> {
      const path = usersFile(dir, `import-${round}.csv`, `engine-${round}`, rows)
      const plan = await call('bulk:dryRun', {
        file: (await call('files:typed', { purpose: 'open', format: 'csv', path })).handle,
        mode: 'create',
        mapping: [...USERS_FILE_MAPPING],
      })
      // Each side starts its round with the garbage of what came before collected.
      global.gc?.()
      const started = performance.now()
      const cpuBefore = cpuNow()
      const run = await call('bulk:start', {
        planId: plan.planId,
        concurrency: CONCURRENCY.default,
      })
      const end = await core.bulk.settled(run.runId)
      if (end.counts.created !== rows) throw new Error(`engine created ${end.counts.created}`)
      if (round === 'warm-up') return
      engine.push(rows / ((performance.now() - started) / 1000))
      cpu.engine += cpuNow() - cpuBefore
    }
    async function rawRound(round: number | 'warm-up', rows = IMPORT_ROWS): Promise<void> {
      global.gc?.()
      const started = performance.now()
      const cpuBefore = cpuNow()
      await Promise.all(
        Array.from({ length: CONCURRENCY.default }, async (_, worker) => {
          for (let i = worker; i < rows; i += CONCURRENCY.default) {
            await rawRequest(
              `${baseUrl}/api/v3/pendingCompanyUsers`,
              agent,
              headers,
              JSON.stringify({
                token: `raw-${round}-${i}`,
                status: 2,
                firstname: 'Begoña',
                lastname: 'Muñoz Peña',
                nid_number: '12345678Z',
                mobile_phone: '612345678',
                birthdate: '1990-05-17',
              }),
            )
          }
        }),
      )
      if (round === 'warm-up') return
      raw.push(rows / ((performance.now() - started) / 1000))
      cpu.raw += cpuNow() - cpuBefore
    }
    await engineRound('warm-up', WARM_UP_ROWS)
    await rawRound('warm-up', WARM_UP_ROWS)
    // The sandbox's database grows with every round: the order alternates so neither side always
    // writes into the larger one.
    for (let round = 0; round < ROUNDS; round++) {
      if (round % 2 === 0) {
        await engineRound(round)
        await rawRound(round)
      } else {
        await rawRound(round)
        await engineRound(round)
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0
    // Each round's two sides run back to back: their ratio is taken under the same conditions,
    // while this machine's speed drifts by a fifth between rounds.
    const paired = engine.map((rate, round) => rate / (raw[round] ?? Number.NaN))
    process.stdout.write(
      `engine ${median(engine).toFixed(0)} rows/s, raw ${median(raw).toFixed(0)} rows/s (median of ${ROUNDS}; rounds: engine ${engine.map((v) => v.toFixed(0)).join(', ')}, raw ${raw.map((v) => v.toFixed(0)).join(', ')})\n` +
        `ratio of the medians ${(median(engine) / median(raw)).toFixed(2)}x; median of the ${ROUNDS} rounds' ratios ${median(paired).toFixed(2)}x (${paired.map((v) => v.toFixed(2)).join(', ')}); target at least 0.90x\n` +
        `CPU per row: engine ${((cpu.engine / ROUNDS / IMPORT_ROWS) * 1000).toFixed(0)} µs, raw ${((cpu.raw / ROUNDS / IMPORT_ROWS) * 1000).toFixed(0)} µs = ${(cpu.engine / cpu.raw).toFixed(2)}x\n`,
    )

    process.stdout.write(dryRunFigures())

    process.stdout.write(
      '\nDry-run table in Chromium (browser shell, built renderer): click to first row shown.\n',
    )
    // One browser start for both files: the figure starts at the click, not at the start.
    const browser = findBrowser(undefined)
    if ('missing' in browser) throw new Error(browser.missing)
    const instance = await chromium.launch({ executablePath: browser.path })
    let baseline: { ms: number }
    let table: { ms: number }
    try {
      baseline = await tableFirstRender(
        core,
        instance,
        usersFile(dir, 'table-100.csv', 'table-100', 100),
      )
      table = await tableFirstRender(
        core,
        instance,
        usersFile(dir, `table-${TABLE_ROWS}.csv`, `table-${TABLE_ROWS}`, TABLE_ROWS),
      )
    } finally {
      await instance.close()
    }
    process.stdout.write(
      `    100 rows: ${baseline.ms.toFixed(0)} ms\n ${TABLE_ROWS.toLocaleString('en')} rows: ${table.ms.toFixed(0)} ms (${(table.ms / baseline.ms).toFixed(1)}x the 100-row file, dry run included)\n`,
    )
    agent.destroy()
  } finally {
    await core.dispose()
    rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
