import { serveFromEnv, stoppedBySignal } from './serve'

const write = (text: string) => void process.stdout.write(text)

serveFromEnv(process.env, write).then(
  (sandbox) =>
    stoppedBySignal(sandbox, write).then(
      () => process.exit(0),
      () => process.exit(1),
    ),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  },
)
