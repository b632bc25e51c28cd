import { readFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { writeFileAtomic } from '../storage/atomic-file'

/** In the sandbox's folder: the port it listened on last, a setting, no secret. */
const PORT_FILE = 'last-port'

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

/**
 * The port the Local sandbox listened on last from this data folder, when it is free now; else 0
 * (any free port). Its address stays the same from one command to the next while nothing else
 * takes the port, so an address a person copied still points at it when it runs again.
 */
export async function portToTry(folder: string): Promise<number> {
  const text = await readFile(join(folder, PORT_FILE), 'utf8').catch(() => '')
  const port = Number(text.trim())
  if (!Number.isInteger(port) || port < 1024 || port > 65_535) return 0
  return (await isFree(port)) ? port : 0
}

/** Kept for the next start; a folder that cannot be written only loses the wish. */
export async function rememberPort(folder: string, port: number): Promise<void> {
  await writeFileAtomic(join(folder, PORT_FILE), `${port}\n`).catch(() => undefined)
}
