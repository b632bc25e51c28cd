// `npm run bench`, the sandbox at the scale of a test suite: 20,000 users in a database file.
// 1. The first Authenticate after a start, the sandbox's first request, beside the later ones (the
//    userToken index must not make a start, or a first call, pay for every user).
// 2. Retrieve under 50 concurrent connections (autocannon), the sandbox beside a minimal
//    node:http + libsql server on the same database settings, alternated in the same run; the
//    ratio of their throughput and each one's p99.
import { spawn, type ChildProcess } from 'node:child_process'
import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import autocannon from 'autocannon'
import { startSandbox } from '../src-sandbox/server'
import { sized, SMOKE } from './bench-process'

const USERS = sized(20_000, 200)
const LATER_CALLS = sized(20, 2)
const STARTS = sized(5, 1)
const ROUNDS = sized(3, 1)
const SECONDS = sized(5, 1)
const SERVER = resolve('out/bench/bench-throughput-server.mjs')

const secret = () => randomBytes(18).toString('base64url')
const credentials = { apiKey: secret(), secretKey: secret(), userTokenSecret: secret() }
const headers = { apiKey: credentials.apiKey, secretKey: credentials.secretKey }
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0

async function started(
  kind: string,
  databasePath: string,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [
      SERVER,
      kind,
      databasePath,
      credentials.apiKey,
      credentials.secretKey,
      credentials.userTokenSecret,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const port = await new Promise<string>((found, fail) => {
    child.stdout.once('data', (chunk: Buffer) => found(chunk.toString().trim()))
    child.once('exit', (code) => fail(new Error(`the ${kind} server exited (${code})`)))
  })
  return { child, url: `http://127.0.0.1:${port}` }
}

async function stopped(child: ChildProcess): Promise<void> {
  const exited = new Promise((done) => child.once('exit', done))
  child.kill('SIGKILL')
  await exited
}

async function authenticateCall(url: string, user: number) {
  const userToken = createHmac('sha256', credentials.userTokenSecret)
    .update(`bench-${user}`)
    .digest('hex')
  const query = new URLSearchParams({ installationGuid: randomUUID(), userToken })
  const began = performance.now()
  const answer = await fetch(`${url}/2/authenticate?${query.toString()}`, { headers })
  await answer.arrayBuffer()
  return { ms: performance.now() - began, status: answer.status }
}

async function authenticate(url: string, user: number): Promise<number> {
  const { ms, status } = await authenticateCall(url, user)
  if (status !== 200) throw new Error(`authenticate answered ${status}`)
  return ms
}

/** One call with a JSON answer the size of a session's, to a server in this process. */
async function warmClient(): Promise<void> {
  const server = createServer((_, response) => {
    const body = JSON.stringify({ jwt: 'x'.repeat(600), userHash: randomUUID() })
    response.writeHead(200, { 'content-type': 'application/json' }).end(body)
  })
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
  try {
    const { port } = server.address() as AddressInfo
    await (await fetch(`http://127.0.0.1:${port}/`)).arrayBuffer()
  } finally {
    server.closeAllConnections()
    server.close()
  }
}

/** The first Authenticate after a start and the ones after it, in one started sandbox. */
async function afterAStart(
  databasePath: string,
  users: number,
): Promise<{ first: number; later: number[] }> {
  const { child, url } = await started('sandbox', databasePath)
  try {
    // The bench's own first call (its HTTP client's start, its first JSON answer read) is not
    // the sandbox's: a call to a server of the bench's own takes it first. Nothing goes to the
    // sandbox before the measured call: its first request is the user's first Authenticate.
    await warmClient()
    const first = await authenticate(url, users - 1)
    const later: number[] = []
    for (let i = 0; i < LATER_CALLS; i++) later.push(await authenticate(url, (i * 997) % users))
    return { first, later }
  } finally {
    await stopped(child)
  }
}

async function firstAuthenticate(databasePath: string, users: number): Promise<string> {
  const firsts: number[] = []
  const later: number[] = []
  for (let start = 0; start < STARTS; start++) {
    const figures = await afterAStart(databasePath, users)
    firsts.push(figures.first)
    later.push(...figures.later)
  }
  const [first, then] = [median(firsts), median(later)]
  return `  ${String(users).padStart(6)} users: first Authenticate after a start ${first.toFixed(1)} ms, later ones ${then.toFixed(1)} ms (medians of ${STARTS} starts): ${(first / then).toFixed(1)}x\n`
}

async function retrieveLoad(kind: string, databasePath: string) {
  const { child, url } = await started(kind, databasePath)
  try {
    let next = 0
    const run = (seconds: number) =>
      autocannon({
        url,
        connections: 50,
        duration: seconds,
        headers,
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              path: `/api/v3/pendingCompanyUsers/bench-${(next++ * 7919) % USERS}`,
            }),
          },
        ],
      })
    if (!SMOKE) await run(1)
    const result = await run(SECONDS)
    if (result.non2xx > 0) throw new Error(`${kind}: ${result.non2xx} answers were not 2xx`)
    return { perSecond: result.requests.average, p99: result.latency.p99 }
  } finally {
    await stopped(child)
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'ic-bench-sandbox-'))
  try {
    const seeded = async (users: number) => {
      const databasePath = join(dir, `sandbox-${users}.db`)
      const seed = Array.from({ length: users }, (_, i) => ({
        token: `bench-${i}`,
        status: 2 as const,
        firstname: 'Ana',
        email: `user${i}@example.com`,
      }))
      await (await startSandbox({ port: 0, databasePath, seed, credentials })).close()
      return databasePath
    }
    const databasePath = await seeded(USERS)
    // The same at 100 users: what is left of a first call is the new process's own warming up,
    // which does not grow with the users.
    let report = `\nSandbox from a database file (separate processes, loopback):\n`
    report += await firstAuthenticate(await seeded(100), 100)
    report += await firstAuthenticate(databasePath, USERS)
    report += `  target: the first at ${USERS} users within 2x a later one\n`
    const figures = {
      sandbox: [] as number[],
      minimal: [] as number[],
      p99: { sandbox: 0, minimal: 0 },
    }
    for (let round = 0; round < ROUNDS; round++) {
      // Each goes first in turn: neither gains from the machine's state the other left.
      const order =
        round % 2 === 0 ? (['minimal', 'sandbox'] as const) : (['sandbox', 'minimal'] as const)
      for (const kind of order) {
        const { perSecond, p99 } = await retrieveLoad(kind, databasePath)
        process.stdout.write(
          `    round ${round + 1} ${kind}: ${perSecond.toFixed(0)} req/s, p99 ${p99} ms\n`,
        )
        figures[kind].push(perSecond)
        figures.p99[kind] = Math.max(figures.p99[kind], p99)
      }
    }
    const [sandbox, minimal] = [median(figures.sandbox), median(figures.minimal)]
    report +=
      `  Retrieve at ${USERS} users, 50 connections, ${SECONDS} s x ${ROUNDS} rounds each, alternated:\n` +
      `    minimal node:http + libsql  ${minimal.toFixed(0)} req/s, p99 ${figures.p99.minimal} ms\n` +
      `    sandbox                     ${sandbox.toFixed(0)} req/s, p99 ${figures.p99.sandbox} ms\n` +
      `    ratio ${(sandbox / minimal).toFixed(2)}x the minimal server (target 0.9x; p99 target under 10 ms)\n`
    process.stdout.write(report)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
