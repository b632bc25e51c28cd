// `npm run bench`, Find a user: a search among 10,000 known users through core.dispatch (the
// contract's check, the file's stamp, the in-memory index), beside the plainest scan of the same
// users in the same run (one `includes` per field, no accents folded): its ratio to that floor,
// and whether its p99 stays within the 50 ms the feature promises. Beside it, the first search
// after another face recorded a user: the file read again and the index made again, which a warm
// index hides.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LOCAL_SANDBOX_ID } from '../src-shared/environments'
import type { KnownUser } from '../src-shared/known-users'
import { createCore } from '../src-main/core/create-core'
import { createKnownUsers } from '../src-main/core/known-users/known-users'
import { KNOWN_USERS_FILE } from '../src-main/core/known-users/known-users-file'
import { summary } from './bench-summary'
import { sized, SMOKE } from './bench-process'

const USERS = 10_000
const WARM_UP = sized(50, 3)
const MEASURED = sized(500, 5)
const AFTER_WRITES = sized(30, 2)
const BUDGET_MS = 50
const FIRST = ['José', 'María', 'Íñigo', 'Begoña', 'Ana', 'Luis', 'Nuria', 'Óscar']
const LAST = ['García', 'Muñoz', 'Peña', 'Martínez', 'Núñez', 'López', 'Sáez', 'Ortiz']
// An email's part, a DNI as typed with punctuation, a name without its accents, no match at all.
const QUERIES = ['user4321@', '00004321-', 'inigo nunez', 'nadie zzz']
const LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE'

function knownUsers(now: number): KnownUser[] {
  return Array.from({ length: USERS }, (_, i) => {
    const number = String(i).padStart(8, '0')
    return {
      environmentId: LOCAL_SANDBOX_ID,
      token: `bench-user-${i}`,
      email: `user${i}@example.com`,
      nid_number: `${number}${LETTERS[i % 23] ?? 'T'}`,
      firstname: FIRST[i % FIRST.length] ?? null,
      lastname: LAST[(i >> 3) % LAST.length] ?? null,
      source: 'read',
      lastSeen: new Date(now - i * 1000).toISOString(),
    }
  })
}

/** The floor: every user's fields scanned as stored, with nothing folded and nothing indexed. */
function bareScan(users: readonly KnownUser[], text: string): number {
  let found = 0
  for (const user of users)
    if (
      user.email?.includes(text) ||
      user.nid_number?.includes(text) ||
      user.firstname?.includes(text) ||
      user.lastname?.includes(text)
    )
      found++
  return found
}

const dir = mkdtempSync(join(tmpdir(), 'bench-find-'))
try {
  const users = knownUsers(Date.now())
  writeFileSync(
    join(dir, KNOWN_USERS_FILE),
    JSON.stringify({
      schemaVersion: 1,
      settings: { enabled: true, retentionDays: 30 },
      entries: users,
    }),
    { mode: 0o600 },
  )
  const core = createCore({ dataDirectory: dir, version: 'bench', face: 'cli', log: () => {} })
  const viaCore = async (i: number) => {
    const result = await core.dispatch('users:find', { text: QUERIES[i % QUERIES.length] })
    if (!result.ok) throw new Error(`users:find failed: ${JSON.stringify(result.error)}`)
  }
  const viaScan = (i: number) => {
    bareScan(users, QUERIES[i % QUERIES.length] ?? '')
    return Promise.resolve()
  }
  const timed = async (call: () => Promise<void>) => {
    const started = performance.now()
    await call()
    return performance.now() - started
  }
  for (let i = 0; i < WARM_UP; i++) {
    await viaCore(i)
    await viaScan(i)
  }
  const measured = {
    name: `users:find among ${USERS} users`,
    calls: 0,
    core: [] as number[],
    raw: [] as number[],
  }
  for (let i = 0; i < MEASURED; i++) {
    const pair = i % 2 === 0 ? [viaCore, viaScan] : [viaScan, viaCore]
    for (const call of pair) {
      const ms = await timed(() => call(i))
      ;(call === viaCore ? measured.core : measured.raw).push(ms)
    }
    measured.calls++
  }
  // Another face (a command) records a user; the window's next search re-reads and re-indexes.
  // Beside it, the floor of any re-read: the same file read and given to JSON.parse, nothing more.
  const otherFace = createKnownUsers(dir, { log: () => {} })
  const afterWrite = {
    name: 'first users:find after a write',
    calls: 0,
    core: [] as number[],
    raw: [] as number[],
  }
  const readFloor = async () => {
    JSON.parse(await readFile(join(dir, KNOWN_USERS_FILE), 'utf8'))
  }
  for (let i = 0; i < AFTER_WRITES; i++) {
    otherFace.recorderFor(LOCAL_SANDBOX_ID, () => new Map())(
      { token: `bench-new-${i}`, firstname: 'Nueva' },
      'read',
    )
    await otherFace.settle()
    const pair = i % 2 === 0 ? [() => viaCore(i), readFloor] : [readFloor, () => viaCore(i)]
    for (const [at, call] of pair.entries()) {
      const ms = await timed(call)
      ;((at === 0) === (i % 2 === 0) ? afterWrite.core : afterWrite.raw).push(ms)
    }
    afterWrite.calls++
  }
  await core.dispose()
  console.log('\nFind a user: core.dispatch beside a bare scan of the same users (raw)\n')
  console.log(summary([measured]))
  console.log(
    "\nAfter another face's write: the first search (re-read, checked, re-indexed) beside the same" +
      ' file read and parsed as JSON (raw)\n',
  )
  console.log(summary([afterWrite]))
  const p99Of = (values: readonly number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    return sorted[Math.ceil(sorted.length * 0.99) - 1] ?? Number.NaN
  }
  const p99 = p99Of(measured.core)
  const afterP99 = p99Of(afterWrite.core)
  const verdict = (ms: number) => (ms <= BUDGET_MS ? 'within' : 'OVER')
  console.log(
    `\nusers:find p99, warm index: ${p99.toFixed(2)} ms (${verdict(p99)} the ${BUDGET_MS} ms budget)` +
      `; first search after another face's write, ${AFTER_WRITES} runs: ` +
      `${afterP99.toFixed(2)} ms (${verdict(afterP99)}; its floor, a bare read and JSON.parse, ` +
      `p99 ${p99Of(afterWrite.raw).toFixed(2)} ms)`,
  )
  // The promise is for a search of the list held in memory; the re-index is reported beside it.
  // Not in the smoke run: five searches on a busy machine say nothing of the budget.
  if (p99 > BUDGET_MS && !SMOKE) process.exitCode = 1
} finally {
  rmSync(dir, { recursive: true, force: true })
}
