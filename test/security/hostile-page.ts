import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import type { Face, Result } from '../../src-shared/ipc'
import type { WriteConfirmationRequest } from '../../src-main/core/client/write-confirmation'
import { startTestCore, type TestCore } from '../helpers/core'
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox'
import { makeTempDir } from '../helpers/temp-dir'

/** What a hostile page wants: each file's content is a marker that must never reach an answer. */
const HOME_FILES: Record<string, string> = {
  '.bashrc': 'ORIGINAL-BASHRC',
  '.ssh/id_rsa': '-----BEGIN OPENSSH PRIVATE KEY----- MARKER-ID-RSA',
  '.ssh/authorized_keys': 'ORIGINAL-AUTHORIZED-KEYS',
  '.aws/credentials': 'aws_secret_access_key = MARKER-AWS',
  'Documents/customers.csv': 'token,status\nMARKER-CUSTOMER,0\n',
  'chosen.csv': 'token,status\nchosen-by-the-user,0\n',
}

/** Every file under a folder with its bytes and times: what must not change. */
function snapshot(root: string): Record<string, string> {
  const files: Record<string, string> = {}
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) walk(path)
      else
        files[relative(root, path)] = entry.isSymbolicLink()
          ? 'link'
          : `${readFileSync(path, 'utf8')}|${statSync(path).mtimeMs}`
    }
  }
  walk(root)
  return files
}

/** The attacker's own server: it records what every request brought. */
async function startCapturingServer() {
  const seen: IncomingHttpHeaders[] = []
  const server = createServer((request, response) => {
    seen.push(request.headers)
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

export type HostileCore = TestCore & {
  /** A call as the page makes it: its input crosses as a structured clone, as over IPC. */
  hostile: (channel: string, input: unknown) => Promise<Result<unknown>>
}

/**
 * What the hostile-page tests play against, started before them and stopped after: a sandbox
 * for honest work, the attacker's own server, a fake home folder whose files must not be read or
 * changed, and real cores whose confirmation dialog answers as the test says the user does.
 */
export function useHostilePage() {
  let sandbox: TestSandbox | undefined
  let attacker: Awaited<ReturnType<typeof startCapturingServer>> | undefined
  const home = makeTempDir('hostile-home')
  const cores: TestCore[] = []
  const asked: WriteConfirmationRequest[] = []
  let userConfirms = false

  beforeAll(async () => {
    sandbox = await startTestSandbox()
    attacker = await startCapturingServer()
    for (const [name, content] of Object.entries(HOME_FILES)) {
      mkdirSync(join(home.path, name, '..'), { recursive: true })
      writeFileSync(join(home.path, name), content)
    }
    // A name the rules allow, leading where they do not.
    symlinkSync(join(home.path, '.ssh/id_rsa'), join(home.path, 'innocent.csv'))
  })
  afterAll(async () => {
    for (const core of cores) await core.stop()
    await attacker?.close()
    await sandbox?.stop()
    home.remove()
  })

  const started = <T>(part: T | undefined): T => {
    if (part === undefined) throw new Error('used before the hostile page was set up')
    return part
  }

  return {
    sandbox: () => started(sandbox),
    attacker: () => started(attacker),
    home$: (name: string) => join(home.path, name),
    snapshot: () => snapshot(home.path),
    asked,
    userConfirms(answer: boolean) {
      userConfirms = answer
    },
    start(face: Face): HostileCore {
      const t = startTestCore({
        face,
        confirmWrite: (request) => {
          asked.push(request)
          return Promise.resolve(userConfirms)
        },
      })
      cores.push(t)
      return { ...t, hostile: (channel, input) => t.core.dispatch(channel, structuredClone(input)) }
    },
  }
}
