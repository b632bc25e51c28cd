import { readFile } from 'node:fs/promises'
import type { Said } from '../../src-shared/messages'
import { cliSaid, type CliMessageKey } from '../../src-shared/messages/cli-messages'
import { CliFailure, EXIT, type CliIo } from './cli-context'

const MAX_INPUT_BYTES = 1024 * 1024

/** What a command reads, as its messages name it ("the user JSON"). */
export type InputKind = Extract<CliMessageKey, `input${string}`>

async function readStream(stream: CliIo['stdin']): Promise<string> {
  const chunks: Buffer[] = []
  let total = 0
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    total += bytes.length
    if (total > MAX_INPUT_BYTES) throw new CliFailure(EXIT.badInput, cliSaid('tooLarge'))
    chunks.push(bytes)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** The text of FILE, or of standard input for `-`. */
export async function readTextArgument(
  io: CliIo,
  source: string,
  kind: InputKind,
): Promise<string> {
  const what: Said = cliSaid(kind)
  if (source === '-') {
    if (io.stdin.isTTY) throw new CliFailure(EXIT.badInput, cliSaid('pipeIt', { what }))
    return readStream(io.stdin)
  }
  try {
    return await readFile(source, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EIO'
    throw new CliFailure(EXIT.badInput, cliSaid('cannotRead', { path: source, code, what }))
  }
}

/** A JSON value from FILE or standard input; bad JSON is refused with where it went wrong. */
export async function readJsonArgument(
  io: CliIo,
  source: string,
  kind: InputKind,
): Promise<unknown> {
  const text = await readTextArgument(io, source, kind)
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw new CliFailure(
      EXIT.badInput,
      cliSaid('notJson', {
        what: cliSaid(kind),
        error: error instanceof Error ? error.message : String(error),
      }),
    )
  }
}

/** A token given as an argument, or read from standard input when it is `-` or left out. */
export async function tokenArgument(io: CliIo, given: string | undefined): Promise<string> {
  if (given !== undefined && given !== '-') return given.trim()
  const text = (await readTextArgument(io, '-', 'inputToken')).trim()
  if (text === '') throw new CliFailure(EXIT.badInput, cliSaid('noToken'))
  return text
}
