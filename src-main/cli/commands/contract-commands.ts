import { resolve } from 'node:path'
import type { Command } from 'commander'
import { cliSaid } from '../../../src-shared/messages/cli-messages'
import { CliFailure, EXIT, type CliContext } from '../cli-context'
import type { Act } from '../command-kit'
import { isLoopbackUrl } from '../../../src-shared/environments'
import { EXPORT_PATH } from '../../../src-sandbox/paths'

/**
 * Standard output, or the file named (whole or not at all; a file there is replaced, as every
 * file the command line is told to write).
 */
async function deliver(context: CliContext, text: string, output: string | undefined) {
  if (output === undefined) {
    context.io.stdout.write(text)
    return
  }
  const path = resolve(output)
  const { writeFileAtomic } = await import('../../core/storage/atomic-file')
  await writeFileAtomic(path, text)
  context.tell(cliSaid('wroteFile', { path }))
}

async function exportedSeed(context: CliContext, url: string): Promise<unknown> {
  const { SANDBOX_API_KEY: apiKey, SANDBOX_SECRET_KEY: secretKey } = context.io.env
  if (!apiKey || !secretKey) throw new CliFailure(EXIT.badInput, cliSaid('exportKeysUnset'))
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
    throw new CliFailure(EXIT.badInput, cliSaid('exportUrlInvalid'))
  // The keys cross in clear over http: only to a sandbox on this machine.
  if (new URL(url).protocol === 'http:' && !isLoopbackUrl(url))
    throw new CliFailure(EXIT.badInput, cliSaid('exportUrlNotLocal', { host: new URL(url).host }))
  let answer: Response
  try {
    answer = await fetch(new URL(EXPORT_PATH, url), {
      headers: { apiKey, secretKey },
      // A redirect would carry the keys to wherever it points: it is refused, not followed.
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    })
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
    throw new CliFailure(
      EXIT.unreachable,
      cliSaid('exportUnreachable', {
        url,
        error: cause instanceof Error ? cause.message : String(cause),
      }),
    )
  }
  const text = await answer.text()
  if (answer.status === 200) {
    try {
      return JSON.parse(text) as unknown
    } catch {
      throw new CliFailure(EXIT.refused, cliSaid('exportNotJson', { url }))
    }
  }
  throw new CliFailure(
    EXIT.refused,
    answer.status === 401
      ? cliSaid('exportRefused', { url })
      : cliSaid('exportAnswered', { url, status: answer.status }),
  )
}

/** The service's contract as a document, and a sandbox's state as a seed: for other tools. */
export function contractCommands(program: Command, act: Act): void {
  program
    .command('openapi')
    .description(
      "print the service's contract, its four calls, as an OpenAPI 3.1 document (what a sandbox serves at /openapi.json); --sandbox prints the sandbox's own calls instead (/_sandbox/openapi.json)",
    )
    .option('--sandbox', "the sandbox's own calls: reset, export, its JWKS and its documents")
    .option('-o, --output <file>', 'write it to this file instead')
    .action(
      act(async (context, options: { sandbox?: boolean; output?: string }) => {
        const document = options.sandbox
          ? (await import('../../../src-sandbox/openapi/sandbox-document')).sandboxDocument()
          : (await import('../../../src-sandbox/openapi/service-document')).serviceDocument()
        await deliver(context, `${JSON.stringify(document, null, 2)}\n`, options.output)
      }),
    )

  program
    .command('sandbox-export')
    .description(
      "print a running sandbox's users as a seed file (SANDBOX_SEED starts a sandbox from it); the credentials come from SANDBOX_API_KEY and SANDBOX_SECRET_KEY",
    )
    .requiredOption('--url <url>', "the sandbox's address, such as http://127.0.0.1:4010")
    .option('-o, --output <file>', 'write it to this file instead')
    .action(
      act(async (context, options: { url: string; output?: string }) => {
        const seed = await exportedSeed(context, options.url)
        await deliver(context, `${JSON.stringify(seed, null, 2)}\n`, options.output)
      }),
    )
}
