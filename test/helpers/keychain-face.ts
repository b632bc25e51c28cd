// A face in a process of its own, for the test whose keyring stops answering
// (src-main/core/keychain/keychain-exit.test.ts): the real vault and backend on a keychain host of the kind
// it is given. It says when it is ready and when its keychain call has been given up; then it
// ends as it is told: on SIGTERM, as the browser shell stops, or once it has no work left, its
// exit code set, as the command line does.
import { startKeychainHost, type HostKind } from '../../src-main/core/keychain/keychain-host'
import { createKeychainThread } from '../../src-main/core/keychain/keychain-thread'
import { keyringBackend } from '../../src-main/core/keychain/keyring-backend'
import { createVault } from '../../src-main/core/keychain/vault'

const [kind = 'process', service = '', ending = ''] = process.argv.slice(2)
const thread = createKeychainThread({
  startHost: (events) => startKeychainHost(kind as HostKind, events),
})
const vault = createVault({ backend: keyringBackend(service, thread), timeoutMs: 1000 })
await vault.set('env', 'apiKey', 'kept-in-the-keychain')
process.once('SIGTERM', () => process.exit(0))
process.stdout.write('ready\n')
process.stdin.once('data', () => {
  vault.forget('env')
  vault.getAll('env').catch((error: unknown) => {
    process.stdout.write(`given up: ${(error as { code?: string }).code ?? String(error)}\n`)
    if (ending === 'no work left') {
      process.exitCode = 4
      process.stdin.destroy()
    }
  })
})
