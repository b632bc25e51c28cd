import type { Command } from 'commander'
// The decoders' own entry points: the package's index would bring its verifier and signer along.
import { decodeJwt } from 'jose/jwt/decode'
import { decodeProtectedHeader } from 'jose/decode/protected_header'
import { said } from '../../../src-shared/messages'
import { cliSaid } from '../../../src-shared/messages/cli-messages'
import { CliFailure, EXIT } from '../cli-context'
import { formatOption, withGlobalOptions, type Act } from '../command-kit'
import { tokenArgument } from '../read-input'

/** A value as a POSIX shell reads it back unchanged (`source` of the env format). */
function shellValue(value: string): string {
  return /^[\w.:/+=-]*$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`
}

function expiryOf(jwt: string): string | null {
  try {
    const { exp } = decodeJwt(jwt)
    return exp === undefined ? null : new Date(exp * 1000).toISOString()
  } catch {
    return null
  }
}

export function jwtCommands(program: Command, act: Act): void {
  const jwt = program.command('jwt').description('session JWTs: issue, decode, verify')

  withGlobalOptions(jwt.command('issue <user>'))
    .description(
      "authenticate a user and print the session JWT; USER is the user's identifier, hashed with the environment's userToken scheme",
    )
    .option('--hashed', 'USER is already the userToken to send, not an identifier')
    .option('--installation <guid>', 'the installationGuid to send (default: a new random one)')
    .addOption(formatOption(['jwt', 'json', 'env', 'header'], 'jwt'))
    .action(
      act(
        async (
          context,
          user: string,
          options: { hashed?: boolean; installation?: string; format: string },
        ) => {
          const session = await context.call('sessions:authenticate', {
            ...(options.hashed ? { userToken: user } : { identifier: user }),
            ...(options.installation === undefined
              ? {}
              : { installationGuid: options.installation }),
          })
          const whole = {
            jwt: session.jwt,
            userHash: session.userHash,
            sessionToken: session.sessionToken,
            userToken: session.userTokenSent,
            installationGuid: session.installationGuidSent,
            expiresAt: expiryOf(session.jwt),
          }
          if (options.format === 'json') context.out(JSON.stringify(whole, null, 2))
          else if (options.format === 'header') context.out(`Authorization: Bearer ${session.jwt}`)
          else if (options.format === 'env') {
            const names: Record<keyof typeof whole, string> = {
              jwt: 'INTEGRATOR_JWT',
              userHash: 'INTEGRATOR_USER_HASH',
              sessionToken: 'INTEGRATOR_SESSION_TOKEN',
              userToken: 'INTEGRATOR_USER_TOKEN',
              installationGuid: 'INTEGRATOR_INSTALLATION_GUID',
              expiresAt: 'INTEGRATOR_JWT_EXPIRES_AT',
            }
            for (const [key, name] of Object.entries(names))
              context.out(`${name}=${shellValue(whole[key as keyof typeof whole] ?? '')}`)
          } else context.out(session.jwt)
        },
      ),
    )

  jwt
    .command('decode [token]')
    .description(
      'print the header and claims of a JWT (the argument, or standard input); nothing is verified',
    )
    .action(
      act(async (context, given: string | undefined) => {
        const token = await tokenArgument(context.io, given)
        let decoded: { header: object; payload: object }
        try {
          decoded = { header: decodeProtectedHeader(token), payload: decodeJwt(token) }
        } catch {
          // Worded as `jwt verify` words it: what a JWT is, not the decoder's own words.
          throw new CliFailure(EXIT.badInput, said('jwtMalformed'))
        }
        const expiresAt = expiryOf(token)
        context.out(
          JSON.stringify(
            {
              ...decoded,
              expiresAt,
              expired: expiresAt === null ? null : Date.parse(expiresAt) <= Date.now(),
            },
            null,
            2,
          ),
        )
      }),
    )

  withGlobalOptions(jwt.command('verify [token]'))
    .description(
      "check a JWT's signature, key and expiry against the keys the environment publishes (its JWKS)",
    )
    .addOption(formatOption(['text', 'json'], 'text'))
    .action(
      act(async (context, given: string | undefined, options: { format: string }) => {
        const token = await tokenArgument(context.io, given)
        const result = await context.call('sessions:verify', { jwt: token })
        if (options.format === 'json') context.out(JSON.stringify(result, null, 2))
        if (result.verified) {
          if (options.format === 'text')
            context.out(
              `verified with key ${result.kid ?? '(no kid)'} (${result.algorithm})${result.expiresAt ? `, expires ${result.expiresAt}` : ''}`,
            )
          return
        }
        if (options.format === 'text')
          context.tell(cliSaid('notVerified', { message: result.said }))
        context.exitCode = EXIT.notVerified
      }),
    )
}
