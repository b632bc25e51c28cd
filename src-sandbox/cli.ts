import { optionsFromEnv } from './options'
import { startSandbox } from './server'

async function main(): Promise<void> {
  const { options, generated } = optionsFromEnv(process.env)
  const sandbox = await startSandbox(options)
  const { credentials } = sandbox
  const shown = (name: keyof typeof credentials, variable: string) =>
    generated.includes(name) ? credentials[name] : `(from ${variable})`
  process.stdout.write(
    [
      `Sandbox listening on ${sandbox.baseUrl}`,
      `  database:          ${options.databasePath}`,
      `  userToken scheme:  ${options.userTokenScheme}`,
      `  apiKey:            ${shown('apiKey', 'SANDBOX_API_KEY')}`,
      `  secretKey:         ${shown('secretKey', 'SANDBOX_SECRET_KEY')}`,
      `  userToken secret:  ${shown('userTokenSecret', 'SANDBOX_USER_TOKEN_SECRET')}`,
      'Generated credentials change at every start; set the SANDBOX_* variables to keep them.',
      'Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  )
  const stop = (signal: string) => {
    process.stdout.write(`\n${signal}: stopping the sandbox\n`)
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.once('SIGINT', () => stop('SIGINT'))
  process.once('SIGTERM', () => stop('SIGTERM'))
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
