import { optionsFromEnv } from './options'
import { JWKS_PATH } from './paths'
import { RESET_PATH, startSandbox, type RunningSandbox } from './server'

/**
 * The sandbox as `npm run sandbox` and `integrator-console sandbox` run it: settings from the
 * SANDBOX_* variables, what it listens on and the credentials it generated told once. Credentials
 * given in variables are never printed.
 */
export async function serveFromEnv(
  env: NodeJS.ProcessEnv,
  write: (text: string) => void,
  format: 'text' | 'json' = 'text',
): Promise<RunningSandbox> {
  const { options, generated } = optionsFromEnv(env)
  const sandbox = await startSandbox(options).catch((error: unknown) => {
    // The one failure a person meets often, said with what to change instead of EADDRINUSE.
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new Error(
        `Port ${options.port} on 127.0.0.1 is in use by another program: set SANDBOX_PORT to a free port (or 0 for any free one).`,
      )
    throw error
  })
  if (format === 'json') {
    // One line, once listening, for a tool that starts the sandbox itself: no credential in it.
    write(
      `${JSON.stringify({ ready: true, url: sandbox.baseUrl, jwksUrl: `${sandbox.baseUrl}${JWKS_PATH}`, seededUsers: options.seed.length })}\n`,
    )
    return sandbox
  }
  const { credentials } = sandbox
  const shown = (name: keyof typeof credentials, variable: string) =>
    generated.includes(name) ? credentials[name] : `(from ${variable})`
  write(
    [
      `Sandbox listening on ${sandbox.baseUrl}`,
      `  database:          ${options.databasePath}`,
      `  answers Host:      this machine's names${options.allowedHosts.length > 0 ? ` and ${options.allowedHosts.join(', ')}` : ' (SANDBOX_ALLOWED_HOSTS adds others)'}`,
      `  userToken scheme:  ${options.userTokenScheme}`,
      `  seeded users:      ${options.seed.length}${env.SANDBOX_SEED ? ` (from ${env.SANDBOX_SEED}; POST ${RESET_PATH} puts them back)` : ''}`,
      `  apiKey:            ${shown('apiKey', 'SANDBOX_API_KEY')}`,
      `  secretKey:         ${shown('secretKey', 'SANDBOX_SECRET_KEY')}`,
      `  userToken secret:  ${shown('userTokenSecret', 'SANDBOX_USER_TOKEN_SECRET')}`,
      // Only credentials made up for this start change at the next one: given ones are kept.
      ...(generated.length > 0
        ? ['Generated credentials change at every start; set the SANDBOX_* variables to keep them.']
        : []),
      'Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  )
  return sandbox
}

/** Stops the sandbox on Ctrl+C or SIGTERM: settles once it is closed (rejects if it could not). */
export function stoppedBySignal(
  sandbox: RunningSandbox,
  write: (text: string) => void,
  format: 'text' | 'json' = 'text',
): Promise<void> {
  return new Promise((stopped, failed) => {
    const stop = (signal: string) => {
      if (format === 'text') write(`\n${signal}: stopping the sandbox\n`)
      sandbox.close().then(stopped, failed)
    }
    process.once('SIGINT', () => stop('SIGINT'))
    process.once('SIGTERM', () => stop('SIGTERM'))
  })
}
