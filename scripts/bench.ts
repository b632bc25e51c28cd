// `npm run bench`: speed figures, kept out of the tests. Loopback only, bounded in count.
// Measures what the sandbox's design leans on: with the hmac scheme, Authenticate finds the user
// through an in-memory index that the first call builds by hashing every stored token; the
// figure includes that build, spread over the calls.
import { randomUUID } from 'node:crypto'
import { createUserTokenHasher } from '../src-shared/service'
import { startSandbox } from '../src-sandbox/server'

const USER_COUNTS = [100, 1000, 5000]
const AUTHENTICATIONS = 20

async function main(): Promise<void> {
  for (const users of USER_COUNTS) {
    const sandbox = await startSandbox({ port: 0, databasePath: ':memory:' })
    const headers = { apiKey: sandbox.credentials.apiKey, secretKey: sandbox.credentials.secretKey }
    const hash = await createUserTokenHasher('hmac-sha256-hex', sandbox.credentials.userTokenSecret)
    const createStarted = performance.now()
    for (let i = 0; i < users; i++) {
      await fetch(`${sandbox.baseUrl}/api/v3/pendingCompanyUsers`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ token: `bench-${i}`, status: 2 }),
      })
    }
    const createMs = (performance.now() - createStarted) / users
    // The last user created is the worst case for the scan.
    const userToken = await hash(`bench-${users - 1}`)
    const authStarted = performance.now()
    for (let i = 0; i < AUTHENTICATIONS; i++) {
      const query = new URLSearchParams({ installationGuid: randomUUID(), userToken })
      const answer = await fetch(`${sandbox.baseUrl}/2/authenticate?${query.toString()}`, {
        headers,
      })
      if (answer.status !== 200) throw new Error(`authenticate answered ${answer.status}`)
    }
    const authMs = (performance.now() - authStarted) / AUTHENTICATIONS
    process.stdout.write(
      `${String(users).padStart(5)} users: create ${createMs.toFixed(2)} ms/call, authenticate (worst case) ${authMs.toFixed(1)} ms/call\n`,
    )
    await sandbox.close()
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
