// The table of proxy variables the console's rules are held to, held in turn to the real curl:
// each case's variables and URL given to Debian's curl, and where its connection went (to one of
// two proxies, or straight to the service) seen by listeners on loopback.
import { spawn } from 'node:child_process'
import { createServer, type Server } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { proxyOfVariables } from '../../src-main/core/network/proxy-variables'
import { VARIABLES_CASES, type Where } from '../helpers/proxy-variable-cases'

/** A listener that counts connections and closes each at once. */
async function listener(): Promise<{ server: Server; port: number; seen: () => number }> {
  let seen = 0
  const server = createServer((socket) => {
    seen++
    socket.destroy()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  return { server, port: address.port, seen: () => seen }
}

let a: Awaited<ReturnType<typeof listener>>
let b: Awaited<ReturnType<typeof listener>>
let service: Awaited<ReturnType<typeof listener>>
beforeAll(async () => {
  ;[a, b, service] = await Promise.all([listener(), listener(), listener()])
})
afterAll(() => {
  for (const { server } of [a, b, service]) server.close()
})

/** {A} and {B} in a case's variables stand for the two proxies' host:port. */
function filled(variables: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(variables).map(([name, value]) => [
      name,
      value.replaceAll('{A}', `127.0.0.1:${a.port}`).replaceAll('{B}', `127.0.0.1:${b.port}`),
    ]),
  )
}

async function curlGoes(url: string, variables: Record<string, string>): Promise<Where> {
  const [beforeA, beforeB, beforeStraight] = [a.seen(), b.seen(), service.seen()]
  // Every connection made straight lands on the service's listener, whatever the URL's host.
  const args = ['-q', '-sS', '-o', '/dev/null', '--max-time', '10']
  args.push('--connect-to', `::127.0.0.1:${service.port}`, url)
  await new Promise<void>((resolve, reject) => {
    const curl = spawn('curl', args, { env: variables, stdio: 'ignore' })
    curl.once('error', reject)
    curl.once('close', () => resolve())
  })
  const [toA, toB, straight] = [
    a.seen() - beforeA,
    b.seen() - beforeB,
    service.seen() - beforeStraight,
  ]
  if (toA === 1 && toB === 0 && straight === 0) return 'proxy A'
  if (toA === 0 && toB === 1 && straight === 0) return 'proxy B'
  if (toA === 0 && toB === 0 && straight === 1) return 'straight'
  throw new Error(`curl made ${toA} + ${toB} + ${straight} connections for ${url}`)
}

it(`curl goes where the table says in all ${VARIABLES_CASES.length} forms of the variables`, async () => {
  const differences: string[] = []
  for (const { what, url, variables, curl } of VARIABLES_CASES) {
    const went = await curlGoes(url, filled(variables))
    if (went !== curl) differences.push(`${what}: curl went to ${went}, the table says ${curl}`)
  }
  expect(differences).toEqual([])
})

/** The port curl tries first for the proxy, from its own account of the transfer (-v). */
async function portCurlTries(proxy: string): Promise<number | null> {
  const args = ['-q', '-sv', '-o', '/dev/null', '--max-time', '5', 'https://svc.corp.example/']
  const said = await new Promise<string>((resolve, reject) => {
    let text = ''
    const curl = spawn('curl', args, {
      env: { https_proxy: proxy },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    curl.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()))
    curl.once('error', reject)
    curl.once('close', () => resolve(text))
  })
  const port = /Trying [^\n]*:(\d+)\.\.\./.exec(said)?.[1]
  return port === undefined ? null : Number(port)
}

it('puts a proxy that names no port where curl does', async () => {
  const differences: string[] = []
  for (const proxy of [
    '127.0.0.1',
    'http://127.0.0.1',
    'http://127.0.0.1:80',
    'https://127.0.0.1',
  ]) {
    const ours = proxyOfVariables('https://svc.corp.example/', { https_proxy: proxy })
    const url = ours === null ? null : new URL(ours)
    const port = url === null ? null : Number(url.port || (url.protocol === 'https:' ? 443 : 80))
    const curls = await portCurlTries(proxy)
    if (port !== curls) differences.push(`${proxy}: curl tries ${curls}, the console ${port}`)
  }
  expect(differences).toEqual([])
})
