/**
 * What the keychain thread runs (see keychain-thread.ts), as source text: a worker given as code
 * runs the same in the Electron main bundle, the command line's and launcher's bundles and under
 * Vitest, with no extra entry file for any bundler to emit and ship. It is plain CommonJS, kept
 * small: it holds one synchronous Entry per service and account it was asked about (each holds a
 * bus connection and a Secret Service session, so a reuse costs one round trip instead of a new
 * connection and key exchange) and answers one request at a time, in order. The synchronous API
 * runs on this thread: a call the keyring never answers blocks this thread only, never libuv's
 * shared pool that main's file reads need.
 *
 * workerData.addon: the absolute path of @napi-rs/keyring, resolved by main (where the bundles
 * keep it external).
 */
export const KEYCHAIN_WORKER_SOURCE = `
'use strict'
const { parentPort, workerData } = require('node:worker_threads')
const { Entry, findCredentials } = require(workerData.addon)
const options = { linux: { store: 'secret-service' } }
const entries = new Map()

function entry(service, account) {
  const key = service + '\\u0000' + account
  let found = entries.get(key)
  if (found === undefined) {
    found = new Entry(service, account, options)
    entries.set(key, found)
  }
  return found
}

function answer(request) {
  if (request.op === 'find')
    return findCredentials(request.service, null).map((c) => ({ account: c.account, password: c.password }))
  const found = entry(request.service, request.account)
  if (request.op === 'get') return found.getPassword()
  if (request.op === 'set') found.setPassword(request.value)
  else found.deleteCredential()
  return null
}

parentPort.on('message', (request) => {
  let reply
  try {
    reply = { id: request.id, ok: true, value: answer(request) }
  } catch (error) {
    reply = { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) }
  }
  parentPort.postMessage(reply)
})
`
