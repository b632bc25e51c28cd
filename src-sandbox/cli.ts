import { serveFromEnv, stopOnSignals } from './serve'

const write = (text: string) => void process.stdout.write(text)

serveFromEnv(process.env, write).then(
  (sandbox) => stopOnSignals(sandbox, write),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  },
)
