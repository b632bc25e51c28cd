import { execFile, spawn } from 'node:child_process'
import { once } from 'node:events'
import { resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { promisify } from 'node:util'

const ROOT = resolve(import.meta.dirname, '../..')

export interface PrivateKeyring {
  /** The private session bus: give it to this process before its first keychain call. */
  busAddress: string
  /** The keyring daemon answering on that bus now. */
  daemonPid(): Promise<number>
  /** Ends the bus, its keyring and their folders. */
  stop(): Promise<void>
}

/**
 * A throwaway GNOME Keyring on a session bus of its own, made by the same scripts as the suite's
 * (scripts/with-test-keyring.sh): a test may stop or kill its daemon without touching the
 * keyring the other test files share. Only inside the keyring wrapper, which has the programs.
 */
export async function startPrivateKeyring(): Promise<PrivateKeyring> {
  const session = spawn(
    'dbus-run-session',
    [
      '--config-file=scripts/test-bus.conf',
      '--',
      'bash',
      'scripts/with-test-keyring.sh',
      'bash',
      '-c',
      'echo "$DBUS_SESSION_BUS_ADDRESS"; exec sleep infinity',
    ],
    // A group of its own: stopping it reaches the bus, the wrapper and the daemon together.
    { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'ignore'] },
  )
  const exited = once(session, 'exit')
  const lines = createInterface({ input: session.stdout })
  const [busAddress] = (await Promise.race([
    once(lines, 'line'),
    exited.then(() => {
      throw new Error('the private keyring session ended before it was ready')
    }),
  ])) as [string]
  lines.close()
  const sessionPid = session.pid
  if (sessionPid === undefined) throw new Error('the private keyring session did not start')
  return {
    busAddress,
    async daemonPid() {
      const { stdout } = await promisify(execFile)(
        'dbus-send',
        [
          '--session',
          '--print-reply=literal',
          '--dest=org.freedesktop.DBus',
          '/org/freedesktop/DBus',
          'org.freedesktop.DBus.GetConnectionUnixProcessID',
          'string:org.freedesktop.secrets',
        ],
        { env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: busAddress } },
      )
      return Number(stdout.trim().split(/\s+/).at(-1))
    },
    async stop() {
      if (session.exitCode === null && session.signalCode === null) {
        process.kill(-sessionPid, 'SIGTERM')
        await exited
      }
    },
  }
}
