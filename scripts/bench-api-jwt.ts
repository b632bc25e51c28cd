// `npm run bench`, the Node API: a session JWT through `createClient(...).issueJwt` (what the
// Playwright fixture's `jwtFor` calls) beside the same Authenticate made by hand in the same
// process against the same sandbox: with fetch, and with node:http on a keep-alive agent (the
// client the core itself uses). The package as a suite installs it (out/cli/api.mjs), the sandbox
// in the process as the fixture starts it. Steady calls interleaved call by call; then the first
// call as a user meets it, each in a fresh process: from a started sandbox to the first JWT in
// hand (the client's making included; the baseline's HTTP client loads on its first call too).
import { spawnSync } from 'node:child_process'
import { createHmac, randomUUID } from 'node:crypto'
import { Agent, request } from 'node:http'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type * as Api from '../src-main/api'
import { medianCost, ratioLine, sized, timedCall, type Cost } from './bench-process'

const WARM_UP = sized(200, 5)
const CALLS = sized(2_000, 10)
const FIRSTS = sized(7, 1)
const USER = 'bench-user'
const SIDES = ['api', 'fetch', 'http'] as const
type Side = (typeof SIDES)[number]

const api = (await import(pathToFileURL(resolve('out/cli/api.mjs')).href)) as typeof Api

/** One Authenticate for USER, as a side makes it; throws unless a JWT came back. */
function sides(sandbox: Api.Sandbox): Record<Side, () => Promise<void>> {
  const { url, credentials } = sandbox
  const headers = { apiKey: credentials.apiKey, secretKey: credentials.secretKey }
  // The userToken hashed on every call, on every side, as the core does.
  const target = () => {
    const userToken = createHmac('sha256', credentials.userTokenSecret).update(USER).digest('hex')
    return `${url}/2/authenticate?installationGuid=${randomUUID()}&userToken=${userToken}`
  }
  const agent = new Agent({ keepAlive: true })
  let client: Api.Client | undefined
  return {
    async api() {
      client ??= await api.createClient({ url, ...credentials })
      if (!(await client.issueJwt(USER)).jwt) throw new Error('no JWT')
    },
    async fetch() {
      const answer = await fetch(target(), { headers })
      const body = (await answer.json()) as { jwt?: string }
      if (answer.status !== 200 || !body.jwt) throw new Error(`fetch: ${answer.status}`)
    },
    http: () =>
      new Promise<void>((done, fail) => {
        request(target(), { agent, headers }, (answer) => {
          const chunks: Buffer[] = []
          answer.on('data', (chunk: Buffer) => chunks.push(chunk))
          answer.once('end', () => {
            const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { jwt?: string }
            if (answer.statusCode === 200 && body.jwt) done()
            else fail(new Error(`node:http: ${answer.statusCode}`))
          })
        })
          .once('error', fail)
          .end()
      }),
  }
}

const startSandbox = () => api.startSandbox({ seed: [{ token: USER, status: 2 }] })

/** In a fresh process: the first JWT one side gets, printed as JSON. */
async function firstCall(side: Side): Promise<void> {
  const sandbox = await startSandbox()
  const cost = await timedCall(sides(sandbox)[side])
  process.stdout.write(`${JSON.stringify(cost)}\n`)
  process.exit(0)
}

async function steady(): Promise<Record<Side, Cost>> {
  const sandbox = await startSandbox()
  try {
    const call = sides(sandbox)
    for (let i = 0; i < WARM_UP; i++) for (const side of SIDES) await call[side]()
    const costs: Record<Side, Cost[]> = { api: [], fetch: [], http: [] }
    for (let i = 0; i < CALLS; i++) {
      // Each side leads in turn: none always runs on the heels of another.
      const order = [...SIDES.slice(i % 3), ...SIDES.slice(0, i % 3)]
      for (const side of order) costs[side].push(await timedCall(call[side]))
    }
    return {
      api: medianCost(costs.api),
      fetch: medianCost(costs.fetch),
      http: medianCost(costs.http),
    }
  } finally {
    await sandbox.close()
  }
}

/** Each side's first call, each in a process of its own, the sides taking turns. */
function firsts(): Record<Side, Cost> {
  const costs: Record<Side, Cost[]> = { api: [], fetch: [], http: [] }
  for (let i = 0; i < FIRSTS; i++)
    for (const side of SIDES) {
      const child = spawnSync(process.execPath, [process.argv[1] ?? '', '--first', side], {
        encoding: 'utf8',
      })
      if (child.status !== 0) throw new Error(`first ${side} call failed: ${child.stderr}`)
      costs[side].push(JSON.parse(child.stdout) as Cost)
    }
  return {
    api: medianCost(costs.api),
    fetch: medianCost(costs.fetch),
    http: medianCost(costs.http),
  }
}

const first = process.argv.indexOf('--first')
if (first >= 0) await firstCall(process.argv[first + 1] as Side)
else {
  const steadily = await steady()
  const atFirst = firsts()
  process.stdout.write(
    `\nNode API, a session JWT (createClient().issueJwt, as the fixture's jwtFor) beside a raw Authenticate, same process, same in-process sandbox:\n` +
      ratioLine(
        `steady, median of ${CALLS} interleaved, vs fetch`,
        steadily.api,
        steadily.fetch,
        1.2,
      ) +
      ratioLine('steady, vs node:http (keep-alive)', steadily.api, steadily.http) +
      ratioLine(
        `first call in a fresh process (median of ${FIRSTS}), vs fetch`,
        atFirst.api,
        atFirst.fetch,
        1.2,
      ) +
      ratioLine('first call, vs node:http', atFirst.api, atFirst.http),
  )
}
