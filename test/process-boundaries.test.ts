import { describe, expect, it } from 'vitest'
import { lintProbe } from './helpers/lint-probe'

// The folders say where code runs (docs/architecture.md, "Processes and folders"); eslint/
// boundaries.js derives from one table what each may import. Each case lints a probe placed in a
// folder, importing real files so that the rule sees what it would resolve; every folder also has
// an allowed import, so a rule that refused everything would be caught.
const refusals = (filePath: string, source: string) =>
  lintProbe(filePath, source, 'boundaries/dependencies')

const PRELOAD = 'src-main/preload/probe.js'
const CLI = 'src-main/cli/probe.js'
const CORE = 'src-main/core/probe.js'
const SHARED = 'src-shared/service/probe.js'

describe('process boundaries', () => {
  it.each([
    // The preload carries the channel names only: no zod, whichever shared module brings it.
    [PRELOAD, "import { z } from 'zod'"],
    [PRELOAD, "import { CHANNELS } from '../../src-shared/ipc'"],
    [PRELOAD, "import { contract } from '../../src-shared/ipc/contract'"],
    [PRELOAD, "import { CONCURRENCY } from '../../src-shared/bulk'"],
    [PRELOAD, "import { said } from '../../src-shared/messages'"],
    [PRELOAD, "import { eventSchemas } from '../../src-shared/ipc/events'"],
    [PRELOAD, "import { x } from '../../src-shared/ipc/connection-test'"],
    [PRELOAD, "export { x } from '../../src-shared/ipc/environment-transfer-payloads'"],
    [PRELOAD, "const upload = import('../../src-shared/ipc/file-upload')"],
    [PRELOAD, "import { readFileSync } from 'node:fs'"],
    // The command line runs under plain Node, without Electron and without the page.
    [CLI, "import { app } from 'electron'"],
    [CLI, "import { api } from '../../src-renderer/src/lib/api'"],
    [CLI, "import { x } from '../index'"],
    // The core serves every face, so it imports none of them.
    [CORE, "import { createProgram } from '../cli/program'"],
    ['src-main/core/client/probe.js', "import { createProgram } from '../../cli/program'"],
    [CORE, "import { openShell } from '../browser-shell/open-shell'"],
    [CORE, "import { x } from '../index'"],
    [CORE, "import { app } from 'electron'"],
    ['src-main/browser-shell/probe.js', "import { app } from 'electron'"],
    ['src-main/browser-shell/probe.js', "import { createProgram } from '../cli/program'"],
    ['src-main/launcher/probe.js', "import { app } from 'electron'"],
    ['src-main/launcher/probe.js', "import { createCore } from '../core/create-core'"],
    ['src-main/probe.js', "import { createProgram } from './cli/program'"],
    ['src-main/probe.js', "import { api } from '../src-renderer/src/lib/api'"],
    // Shared code loads in every runtime: no built-in, prefixed or bare, and no UI.
    [SHARED, "import { readFileSync } from 'node:fs'"],
    [SHARED, "import { inspect } from 'util'"],
    [SHARED, "import { gzipSync } from 'zlib'"],
    [SHARED, "import { ipcRenderer } from 'electron'"],
    [SHARED, "import { useState } from 'react'"],
    [SHARED, "import { createCore } from '../../src-main/core/create-core'"],
    ['src-sandbox/probe.js', "import { createCore } from '../src-main/core/create-core'"],
    ['src-sandbox/probe.js', "import { app } from 'electron'"],
    ['src-renderer/src/probe.js', "import { join } from 'node:path'"],
    ['src-renderer/src/probe.js', "import { ipcRenderer } from 'electron'"],
    ['src-renderer/src/probe.js', "import { createCore } from '../../src-main/core/create-core'"],
    ['src-renderer/src/probe.js', "import { serve } from '../../src-sandbox/serve'"],
  ])('%s may not %s', async (file, source) => {
    expect(await refusals(file, source)).toHaveLength(1)
  })

  it.each([
    [PRELOAD, "import { contextBridge } from 'electron'"],
    [PRELOAD, "import { buildRendererApi } from '../../src-shared/ipc/renderer-api'"],
    [PRELOAD, "import { CHANNELS } from '../../src-shared/ipc/channels'"],
    [CLI, "import { createCore } from '../core/create-core'"],
    [CLI, "import { serve } from '../../src-sandbox/serve'"],
    [CLI, "import { enableCompileCache } from '../compile-cache'"],
    [CLI, "import { Command } from 'commander'"],
    [CORE, "import { readFileSync } from 'node:fs'"],
    [CORE, "import { z } from '../../src-shared/service'"],
    [CORE, "import { serve } from '../../src-sandbox/serve'"],
    ['src-main/browser-shell/probe.js', "import { chromium } from 'playwright-core'"],
    ['src-main/browser-shell/probe.js', "import { createCore } from '../core/create-core'"],
    ['src-main/launcher/probe.js', "import { openShell } from '../browser-shell/open-shell'"],
    ['src-main/launcher/probe.js', "import { enableCompileCache } from '../compile-cache'"],
    ['src-main/probe.js', "import { app } from 'electron'"],
    ['src-main/probe.js', "import { createCore } from './core/create-core'"],
    [SHARED, "import { z } from 'zod'"],
    [SHARED, "import { CHANNELS } from '../ipc/channels'"],
    ['src-sandbox/probe.js', "import { z } from '../src-shared/service'"],
    ['src-sandbox/probe.js', "import { createServer } from 'node:http'"],
    ['src-renderer/src/probe.js', "import { z } from '@shared/service'"],
    ['src-renderer/src/probe.js', "import { useState } from 'react'"],
  ])('%s may %s', async (file, source) => {
    expect(await refusals(file, source)).toEqual([])
  })

  // Types are erased from the bundle: the preload may name any shared type.
  it('lets the preload name a shared type', async () => {
    expect(await refusals(PRELOAD, "import type { Result } from '../../src-shared/ipc'")).toEqual(
      [],
    )
  })

  it('says what the folder may import', async () => {
    expect(await refusals(SHARED, "import { inspect } from 'util'")).toEqual([
      "src-shared runs everywhere: it may import src-shared; no package but zod, @lingui/core. Not 'util'",
    ])
  })
})
