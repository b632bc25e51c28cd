// `npm run bench`, bulk part: the dry run (read, map, normalise, validate every row; nothing sent)
// of a 1,000-row and a 100,000-row file, each in a process of its own, and what memory each
// process peaked at (its own maxRSS, as the kernel counts it: sampling from inside misses peaks
// between samples and counts what the bench itself holds). The difference is what the rows cost.
import { randomUUID } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createCore } from '../src-main/core/create-core'
import type { Channel, ChannelInput, ChannelOutput, Result } from '../src-shared/ipc'
import { sized } from './bench-process'
import { usersFile, USERS_FILE_MAPPING } from './bench-users-file'

const SMALL = 1_000
const LARGE = sized(100_000, 2_000)

interface DryRun {
  ms: number
  peakMiB: number
}

/** In this process, a fresh one: one dry run of a file of `rows` rows, printed as JSON. */
async function dryRunHere(rows: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'ic-bench-dry-run-'))
  const core = createCore({
    // The console's data apart from the file it reads: it takes none from its own folder.
    dataDirectory: join(dir, 'data'),
    version: '0.0.0-bench',
    face: 'cli',
    keychainService: `integrator-console-bench-${randomUUID()}`,
    log: () => undefined,
  })
  async function call<C extends Channel>(channel: C, input: ChannelInput<C>) {
    const result = (await core.dispatch(channel, input)) as Result<ChannelOutput<C>>
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.said.text}`)
    return result.data
  }
  try {
    const path = usersFile(dir, `dry-${rows}.csv`, `dry-${rows}`, rows)
    const started = performance.now()
    const { handle } = await call('files:typed', { purpose: 'open', format: 'csv', path })
    await call('bulk:dryRun', { file: handle, mode: 'create', mapping: [...USERS_FILE_MAPPING] })
    const ms = performance.now() - started
    // maxRSS is in KiB.
    const figures: DryRun = { ms, peakMiB: process.resourceUsage().maxRSS / 1024 }
    process.stdout.write(`${JSON.stringify(figures)}\n`)
  } finally {
    await core.dispose()
    rmSync(dir, { recursive: true, force: true })
  }
}

function dryRunApart(rows: number): DryRun {
  const child = spawnSync(
    process.execPath,
    [resolve('out/bench/bench-dry-run.mjs'), String(rows)],
    {
      encoding: 'utf8',
    },
  )
  if (child.status !== 0) throw new Error(`the dry run of ${rows} rows failed: ${child.stderr}`)
  return JSON.parse(child.stdout) as DryRun
}

/** The dry-run figures, each size in a process of its own, as `npm run bench` prints them. */
export function dryRunFigures(): string {
  const small = dryRunApart(SMALL)
  const large = dryRunApart(LARGE)
  const rate = (LARGE / large.ms) * 1000
  return (
    '\nDry run (read, map, normalise, validate every row; nothing sent), each in a process of its own:\n' +
    `  ${SMALL.toLocaleString('en')} rows: ${small.ms.toFixed(0)} ms, process peak ${small.peakMiB.toFixed(1)} MiB\n` +
    `  ${LARGE.toLocaleString('en')} rows: ${large.ms.toFixed(0)} ms (${rate.toFixed(0)} rows/s), process peak ${large.peakMiB.toFixed(1)} MiB, ` +
    `${(large.peakMiB - small.peakMiB).toFixed(1)} MiB more than ${SMALL.toLocaleString('en')} rows (target under 50 MiB)\n`
  )
}

// Run as out/bench/bench-dry-run.mjs ROWS: the child. Bundled into bench-bulk, only the parent.
if (process.argv[1]?.endsWith('bench-dry-run.mjs')) await dryRunHere(Number(process.argv[2]))
