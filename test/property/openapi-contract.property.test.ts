// The sandbox held to the document it serves: requests generated from the document's schemas
// (their patterns, lengths, choices and formats) are accepted with answers the document promises,
// formats checked; requests the document refuses, one rule broken at a time, are refused with a
// 4xx it lists, in problem+json.
import { createHmac, randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox'
import { FUZZ_RUNS, parameters } from './fuzz-runs'
import { arbitraryOf, brokenOf } from './json-schema-arbitrary'
import { contractOf, type Contract, type OpenApiDocument } from './openapi-answers'

const USERS = '/api/v3/pendingCompanyUsers'
const USER = `${USERS}/{token}`
const AUTHENTICATE = '/2/authenticate'
const RUNS = Math.max(10, Math.round(FUZZ_RUNS / 2))
const TIMEOUT = 30_000 + RUNS * 200

let sandbox: TestSandbox
let contract: Contract
const created = new Set<string>()

beforeAll(async () => {
  sandbox = await startTestSandbox()
  const document = (await (
    await fetch(`${sandbox.baseUrl}/openapi.json`)
  ).json()) as OpenApiDocument
  contract = contractOf(document)
  // A user Authenticate can find whichever test runs first (or alone).
  expect((await create({ token: 'contract-known', status: 2 })).status).toBe(201)
  created.add('contract-known')
})
afterAll(() => sandbox.stop())

const userPath = (token: string) => `${USERS}/${encodeURIComponent(token)}`

async function create(body: Record<string, unknown>) {
  const answer = await sandbox.call('POST', USERS, { json: body })
  expect(contract.breach(USERS, 'post', answer)).toBeNull()
  return answer
}

function expectRefusal(path: string, method: string, answer: Awaited<ReturnType<typeof create>>) {
  expect(answer.status).toBeGreaterThanOrEqual(400)
  expect(answer.status).toBeLessThan(500)
  expect(answer.contentType).toMatch(/^application\/problem\+json/)
  expect(contract.breach(path, method, answer)).toBeNull()
}

describe("the sandbox keeps its document's promises", () => {
  it(
    'Create takes every valid user, Retrieve gives it back, a valid Update applies',
    async () => {
      const createBody = arbitraryOf(
        contract.schema('CreateUserRequest'),
        contract,
      ) as fc.Arbitrary<Record<string, unknown> & { token: string }>
      const updateBody = arbitraryOf(contract.schema('UpdateUserRequest'), contract)
      await fc.assert(
        fc.asyncProperty(createBody, updateBody, async (user, update) => {
          const answer = await create(user)
          expect(answer.status).toBe(created.has(user.token) ? 409 : 201)
          created.add(user.token)
          const read = await sandbox.call('GET', userPath(user.token))
          expect(read.status).toBe(200)
          expect(contract.breach(USER, 'get', read)).toBeNull()
          const updated = await sandbox.call('PUT', userPath(user.token), { json: update })
          expect(updated.status).toBe(200)
          expect(contract.breach(USER, 'put', updated)).toBeNull()
        }),
        parameters(RUNS),
      )
    },
    TIMEOUT,
  )

  it(
    'Create and Update refuse a body the document refuses, in problem+json',
    async () => {
      const token = `contract-${randomUUID()}`
      expect((await create({ token, status: 2 })).status).toBe(201)
      await fc.assert(
        fc.asyncProperty(
          brokenOf(contract.schema('CreateUserRequest'), contract),
          brokenOf(contract.schema('UpdateUserRequest'), contract),
          async (createBody, updateBody) => {
            expectRefusal(USERS, 'post', await sandbox.call('POST', USERS, { json: createBody }))
            const answer = await sandbox.call('PUT', userPath(token), { json: updateBody })
            expectRefusal(USER, 'put', answer)
          },
        ),
        parameters(RUNS),
      )
    },
    TIMEOUT,
  )

  it(
    'Authenticate answers a valid query with a session or a refusal it lists',
    async () => {
      const query = contract
        .operation(AUTHENTICATE, 'get')
        .parameters?.map(({ name, schema }) => [name, arbitraryOf(schema, contract)] as const)
      const known = fc
        .constantFrom(...created)
        .map((token) =>
          createHmac('sha256', sandbox.credentials.userTokenSecret).update(token).digest('hex'),
        )
      const generated = fc.record(
        Object.fromEntries(query ?? []) as Record<string, fc.Arbitrary<string>>,
      )
      await fc.assert(
        fc.asyncProperty(generated, fc.option(known), async (values, userToken) => {
          const search = new URLSearchParams({ ...values, ...(userToken ? { userToken } : {}) })
          const answer = await sandbox.call('GET', `${AUTHENTICATE}?${search.toString()}`)
          // A user's own userToken finds it: a session, or 403 for a user with No Access.
          expect(userToken ? [200, 403] : [200, 403, 404]).toContain(answer.status)
          expect(contract.breach(AUTHENTICATE, 'get', answer)).toBeNull()
        }),
        parameters(RUNS),
      )
    },
    TIMEOUT,
  )
})
