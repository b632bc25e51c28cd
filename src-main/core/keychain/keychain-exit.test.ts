// A process whose keychain call is stuck in a keyring that never answers (its daemon stopped
// with SIGSTOP: the Secret Service search has no timeout of its own) still ends when told to:
// by SIGTERM, as the browser shell stops, or by running out of work, as the command line does.
// A worker thread inside a native call once held the exit until the keyring answered.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import { startPrivateKeyring, type PrivateKeyring } from '../../../test/helpers/private-keyring'
import {
  describeWithTestKeyring,
  throwawayKeychainService,
} from '../../../test/helpers/test-keyring'
import { watchChild, type WatchedChild } from '../../../test/helpers/watched-child'
import type { HostKind } from './keychain-host'

const ROOT = resolve(import.meta.dirname, '../../..')
const FACE = 'test/helpers/keychain-face.ts'

/** Exits long after this would mean the process waits for the keyring, not for its own end. */
const HANG_MS = 20_000

/** Whether a process has ended: gone, or a zombie its new parent has not reaped yet. */
function ended(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')
  } catch {
    return true
  }
}

/** A process's children, none once it has ended (its host may be gone with it). */
function childrenOf(pid: number): number[] {
  try {
    const listed = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    return listed.split(' ').filter(Boolean).map(Number)
  } catch {
    return []
  }
}

const CASES: { kind: HostKind; ending: 'SIGTERM' | 'no work left'; ends: object }[] = [
  { kind: 'process', ending: 'SIGTERM', ends: { code: 0, signal: null } },
  { kind: 'process', ending: 'no work left', ends: { code: 4, signal: null } },
  // Only SIGKILL ends a process whose thread is inside a native call: its code is lost.
  { kind: 'thread', ending: 'SIGTERM', ends: { signal: 'SIGKILL' } },
  { kind: 'thread', ending: 'no work left', ends: { signal: 'SIGKILL' } },
]

describeWithTestKeyring('a process whose keychain call the keyring never answers', () => {
  let keyring: PrivateKeyring
  let stopped: number | undefined
  let face: WatchedChild | undefined
  beforeAll(async () => {
    keyring = await startPrivateKeyring()
  })
  afterEach(() => {
    if (stopped !== undefined) process.kill(stopped, 'SIGCONT')
    stopped = undefined
    if (face?.child.exitCode === null && face.child.signalCode === null) face.child.kill('SIGKILL')
  })
  afterAll(async () => {
    await keyring.stop()
  })

  it.each(CASES)(
    'with its host in a $kind, ends on $ending',
    async ({ kind, ending, ends }) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', FACE, kind, throwawayKeychainService(), ending],
        {
          cwd: ROOT,
          env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: keyring.busAddress },
          stdio: ['pipe', 'pipe', 'pipe'],
        },
      )
      face = watchChild(child)
      await vi.waitFor(() => expect(face?.stdout()).toContain('ready'), { timeout: 30_000 })
      stopped = await keyring.daemonPid()
      process.kill(stopped, 'SIGSTOP')
      child.stdin.write('go\n')
      // Its host is noted while the call is stuck in it: a face with no work left may end, and
      // take its list of children with it, as soon as the call is given up.
      const hosts = new Set<number>()
      await vi.waitFor(
        () => {
          for (const pid of childrenOf(child.pid ?? 0)) hosts.add(pid)
          expect(face?.stdout()).toContain('given up: KEYCHAIN_UNAVAILABLE')
        },
        { timeout: 30_000 },
      )
      if (kind === 'process') expect(hosts.size).toBeGreaterThan(0)
      if (ending === 'SIGTERM') child.kill('SIGTERM')

      let hung: NodeJS.Timeout | undefined
      const exited = await Promise.race([
        face.exited,
        new Promise((resolve) => (hung = setTimeout(() => resolve('still running'), HANG_MS))),
      ]).finally(() => clearTimeout(hung))
      expect(exited, face.output()).toMatchObject(ends)
      // No keychain process is left behind, stuck in the keyring.
      await vi.waitFor(() => expect([...hosts].filter((pid) => !ended(pid))).toEqual([]))
    },
    90_000,
  )
})
