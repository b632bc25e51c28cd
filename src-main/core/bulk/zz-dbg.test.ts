import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { startSandbox } from '../../../src-sandbox/server'
import { startTestCore, useStagingSandbox } from '../../../test/helpers/core'
import { makeTempDir } from '../../../test/helpers/temp-dir'

it('dbg', async () => {
  const files = makeTempDir('dbg')
  let sandbox = await startSandbox({ port: 0, databasePath: join(files.path, 'db') })
  const t = startTestCore({ exchangeOptions: { sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 5))) } })
  await useStagingSandbox(t, sandbox, 'V')
  const path = join(files.path, 'v.csv')
  writeFileSync(path, ['token,status', ...Array.from({ length: 300 }, (_, i) => `v-${i},2`)].join('\n') + '\n')
  sandbox.setFaults({ latencyMs: 2 })
  const plan = await t.ok('bulk:dryRun', { file: await t.file(path), mode: 'create', mapping: ['token', 'status'] })
  const { runId } = await t.ok('bulk:start', { planId: plan.planId, concurrency: 2 })
  while (t.core.bulk.progress(runId).done < 3) await new Promise((r) => setTimeout(r, 10))
  sandbox.setFaults({ hold: true })
  console.log('closing')
  await sandbox.close()
  console.log('closed')
  for (let i = 0; i < 30; i++) {
    await new Promise((r) => setTimeout(r, 500))
    const p = t.core.bulk.progress(runId)
    console.log(p.state, p.done, p.inFlight, p.waiting, JSON.stringify(p.counts))
    if (p.state === 'cancelled') break
  }
  const entries = (await t.ok('activity:list')).entries
  console.log(entries.slice(0, 8).map((e) => `${e.operation} ${e.status} ${e.failure}`).join('\n'))
  await t.stop()
}, 60000)
