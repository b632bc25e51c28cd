// The baseline of the example suite's bench (scripts/bench-example-suite.ts): a stand-in for the
// `integrator-console` package that answers what the example's tests and app need with no
// sandbox at all, as a suite that stubs the service would (msw-style, in-process). Users live in
// a Map; the factory, jwtFor and the client touch it directly; only what the app itself calls over
// HTTP (the service's Retrieve and its JWKS) is a bare node:http server. Session JWTs are ES256,
// signed here with a key of each stand-in's own, so the app's real verification runs unchanged.
// Bundled with @playwright/test and jose left as imports: they resolve from the suite's folder.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test as base } from '@playwright/test'
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose'
import { fromFolderOf } from '../src-main/api/worker-options'

export { expect } from '@playwright/test'

interface Member {
  token: string
  status: number
  firstname?: string | null
  lastname?: string | null
  nid_number?: string | null
}

/** Fails as the package's client does: a code and an HTTP status, a field's problem by name. */
class StubError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message)
  }
}

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE'

/** The one service rule the example exercises: a DNI's letter must match its number. */
function checked(member: Member): Member {
  const nid = member.nid_number
  if (nid && DNI_LETTERS[Number(nid.slice(0, 8)) % 23] !== nid[8]?.toUpperCase())
    throw new StubError('invalid', 'VALIDATION', 400, { nid_number: ['letter does not match'] })
  return { ...member }
}

/** A seed or users file: JSON, or `;`-separated CSV with a header row. */
function readMembers(path: string): Member[] {
  const text = readFileSync(path, 'utf8')
  if (!path.endsWith('.csv')) return JSON.parse(text) as Member[]
  const [header = '', ...rows] = text.trim().split(/\r?\n/)
  const names = header.split(';')
  return rows.map((row) => {
    const cells = row.split(';')
    const member = Object.fromEntries(names.map((name, at) => [name, cells[at]]))
    return { ...member, status: Number(member.status) } as Member
  })
}

interface Stub {
  url: string
  members: Map<string, Member>
  seed: readonly Member[]
  privateKey: CryptoKey
  errorRate: number
}

const running = new Map<string, Stub>()

export async function startSandbox(options: { seed?: readonly Member[] | string } = {}) {
  const { publicKey, privateKey } = await generateKeyPair('ES256')
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), alg: 'ES256' }] })
  const credentials = { apiKey: randomUUID(), secretKey: randomUUID(), userTokenSecret: '' }
  const seed = typeof options.seed === 'string' ? readMembers(options.seed) : (options.seed ?? [])
  const stub: Stub = { url: '', members: new Map(), seed, privateKey, errorRate: 0 }
  const server: Server = createServer((request, response) => {
    const answer = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(body)
    }
    if (request.url === '/.well-known/jwks.json') return answer(200, jwks)
    const token = /^\/api\/v3\/pendingCompanyUsers\/([^/?]+)$/.exec(request.url ?? '')?.[1]
    if (token === undefined) return answer(404, '{}')
    if (Math.random() < stub.errorRate) return answer(500, '{}')
    const { apikey, secretkey } = request.headers
    if (apikey !== credentials.apiKey || secretkey !== credentials.secretKey)
      return answer(401, '{}')
    const member = stub.members.get(decodeURIComponent(token))
    return member ? answer(200, JSON.stringify(member)) : answer(404, '{}')
  })
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  running.set(stub.url, stub)
  const reset = () => {
    stub.members = new Map(stub.seed.map((member) => [member.token, { ...member }]))
    stub.errorRate = 0
    return { users: stub.members.size }
  }
  reset()
  const close = async () => {
    running.delete(stub.url)
    await new Promise((closed) => server.close(closed))
  }
  return {
    url: stub.url,
    credentials,
    reset,
    setFaults: (faults: { errorRate?: number }) => void (stub.errorRate = faults.errorRate ?? 0),
    close,
    [Symbol.asyncDispose]: close,
  }
}

/** What `work` gives back, or its error as a rejection: the client's calls all settle later. */
const later = <T>(work: () => T): Promise<T> => new Promise((done) => done(work()))

export function createClient(options: { url: string }) {
  return later(() => clientOf(options.url))
}

function clientOf(url: string) {
  const stub = running.get(url)
  if (stub === undefined) throw new Error(`no stand-in sandbox at ${url}`)
  const known = (token: string) => {
    const member = stub.members.get(token)
    if (member === undefined) throw new StubError('not found', 'NOT_FOUND', 404)
    return member
  }
  const made = (members: readonly Member[]) => {
    const checkedAll = members.map(checked)
    for (const member of checkedAll) stub.members.set(member.token, member)
    return checkedAll.map((member) => ({ ...member }))
  }
  const close = async () => {}
  return {
    createUser: (member: Member) => later(() => made([member])[0] as Member),
    createUsers: (members: readonly Member[]) => later(() => made(members)),
    retrieveUser: (token: string) => later(() => ({ ...known(token) })),
    updateUser: (token: string, changes: Partial<Member>) =>
      later(() => ({ ...Object.assign(known(token), changes) })),
    issueJwt: async (token: string) => {
      const member = known(token)
      if (member.status === 3) throw new StubError('no access', 'FORBIDDEN', 403)
      const jwt = await new SignJWT({ status: member.status })
        .setProtectedHeader({ alg: 'ES256' })
        .setSubject(token)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(stub.privateKey)
      return { jwt }
    },
    close,
    [Symbol.asyncDispose]: close,
  }
}

type StubSandbox = Awaited<ReturnType<typeof startSandbox>>
type StubClient = Awaited<ReturnType<typeof createClient>>

/** The package's fixture names and scopes, each filled by the stand-in. */
export const test = base.extend<
  {
    sandboxReset: undefined
    users: {
      create(given: Member | readonly Member[]): Promise<Member | Member[]>
      fromFile(path: string): Promise<Member[]>
    }
    jwtFor: (user: string | { token: string }) => Promise<string>
  },
  { sandboxOptions: { seed?: string }; sandbox: StubSandbox; client: StubClient }
>({
  sandboxOptions: [{}, { option: true, scope: 'worker' }],
  sandbox: [
    async ({ sandboxOptions }, use, workerInfo) => {
      const { seed } = sandboxOptions
      const from = workerInfo.config.configFile
      const sandbox = await startSandbox(
        seed === undefined ? {} : { seed: fromFolderOf(seed, from) },
      )
      await use(sandbox)
      await sandbox.close()
    },
    { scope: 'worker' },
  ],
  client: [async ({ sandbox }, use) => use(await createClient(sandbox)), { scope: 'worker' }],
  sandboxReset: [
    async ({ sandbox }, use) => {
      await use(undefined)
      sandbox.reset()
    },
    { auto: true },
  ],
  users: async ({ client }, use, testInfo) => {
    await use({
      create: (given) =>
        Array.isArray(given) ? client.createUsers(given) : client.createUser(given as Member),
      fromFile: (path) => client.createUsers(readMembers(fromFolderOf(path, testInfo.file))),
    })
  },
  jwtFor: async ({ client }, use) => {
    await use(
      async (user) => (await client.issueJwt(typeof user === 'string' ? user : user.token)).jwt,
    )
  },
})
