import { readFile } from 'node:fs/promises'
import { CliFailure, EXIT, type CliIo } from './cli-context'

const MAX_INPUT_BYTES = 1024 * 1024

async function readStream(stream: CliIo['stdin']): Promise<string> {
  const chunks: Buffer[] = []
  let total = 0
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    total += bytes.length
    if (total > MAX_INPUT_BYTES)
      throw new CliFailure(EXIT.badInput, 'The input is larger than 1 MiB.')
    chunks.push(bytes)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** The text of FILE, or of standard input for `-`. */
export async function readTextArgument(io: CliIo, source: string, what: string): Promise<string> {
  if (source === '-') {
    if (io.stdin.isTTY)
      throw new CliFailure(EXIT.badInput, `Pipe the ${what} into the command, or give a file.`)
    return readStream(io.stdin)
  }
  try {
    return await readFile(source, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw new CliFailure(
      EXIT.badInput,
      `Cannot read ${source}${code ? ` (${code})` : ''}: give the path of the ${what}.`,
    )
  }
}

/** A JSON value from FILE or standard input; bad JSON is refused with where it went wrong. */
export async function readJsonArgument(io: CliIo, source: string, what: string): Promise<unknown> {
  const text = await readTextArgument(io, source, what)
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw new CliFailure(
      EXIT.badInput,
      `The ${what} is not valid JSON (${error instanceof Error ? error.message : String(error)}).`,
    )
  }
}

/** A token given as an argument, or read from standard input when it is `-` or left out. */
export async function tokenArgument(io: CliIo, given: string | undefined): Promise<string> {
  if (given !== undefined && given !== '-') return given.trim()
  const text = (await readTextArgument(io, '-', 'token')).trim()
  if (text === '') throw new CliFailure(EXIT.badInput, 'No token was given, nor piped in.')
  return text
}
