// `globalSetup: 'integrator-console/global-setup'` in playwright.config: every project's
// sandboxOptions checked once, before any worker starts, so a seed the service would refuse fails
// the run at once, naming the file, the user and the field, rather than once in every worker.
// It starts nothing: each worker starts its own sandbox (docs/node-api.md).
import type { FullConfig } from '@playwright/test'
import { seedOf } from './sandbox'
import { workerSandbox, type WorkerSandboxOptions } from './worker-options'

export default function globalSetup(config: FullConfig): void {
  const checked = new Set<string>()
  for (const project of config.projects) {
    const { sandboxOptions } = project.use as { sandboxOptions?: WorkerSandboxOptions }
    if (sandboxOptions === undefined) continue
    const once = JSON.stringify(sandboxOptions)
    if (checked.has(once)) continue
    checked.add(once)
    try {
      seedOf(workerSandbox(sandboxOptions, config.configFile).seed)
    } catch (error) {
      const said = error instanceof Error ? error.message : String(error)
      throw new Error(`project "${project.name || 'default'}": ${said}`, { cause: error })
    }
  }
}
