/**
 * What a keychain host runs (see keychain-host.ts), as source text: given as code, it runs the
 * same in a Node process of its own (`node -e`), on a worker thread of Electron's main, in the
 * command line's, launcher's and main's bundles and under Vitest, with no extra entry file for
 * any bundler to emit and ship. It is plain CommonJS, kept small: it holds one synchronous Entry
 * per service and account it was asked about (each holds a bus connection and a Secret Service
 * session, so a reuse costs one round trip instead of a new connection and key exchange) and
 * answers one request at a time, in order, each answer carrying its request's id. The synchronous
 * API runs here: a call the keyring never answers blocks this host only, never main's thread or
 * libuv's shared pool that main's file reads need.
 *
 * The addon's absolute path, resolved by main (where the bundles keep it external), comes as the
 * process's first argument or as the thread's workerData.addon. An addon that cannot load fails
 * each request with its reason, as a keyring error would.
 */
export const KEYCHAIN_HOST_SOURCE = `
'use strict'
const { parentPort, workerData } = require('node:worker_threads')
const addon = parentPort ? workerData.addon : process.argv[1]
// A process whose parent has gone (or let it go) has no one to answer: it ends once idle.
const reply = parentPort
  ? (message) => parentPort.postMessage(message)
  : (message) => process.connected && process.send(message)
let keyring
try {
  keyring = require(addon)
} catch (error) {
  keyring = error
}
const options = { linux: { store: 'secret-service' } }
const entries = new Map()

function entry(service, account) {
  const key = service + '\\u0000' + account
  let found = entries.get(key)
  if (found === undefined) {
    found = new keyring.Entry(service, account, options)
    entries.set(key, found)
  }
  return found
}

function answer(request) {
  if (keyring instanceof Error) throw keyring
  if (request.op === 'find')
    return keyring
      .findCredentials(request.service, null)
      .map((c) => ({ account: c.account, password: c.password }))
  const found = entry(request.service, request.account)
  if (request.op === 'get') return found.getPassword()
  if (request.op === 'set') found.setPassword(request.value)
  else found.deleteCredential()
  return null
}

;(parentPort ?? process).on('message', (request) => {
  // Told to end: once the call before it has been answered.
  if (request.op === 'end') return process.exit(0)
  let message
  try {
    message = { id: request.id, ok: true, value: answer(request) }
  } catch (error) {
    message = { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) }
  }
  reply(message)
})
`
