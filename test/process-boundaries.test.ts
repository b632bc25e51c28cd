import { resolve } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// The folders say where code runs (docs/architecture.md, "Processes and folders"); the lint config holds those lines. These cases
// make sure it really does, including the allowed direction, so an inverted rule is caught.
const eslint = new ESLint({ cwd: resolve(import.meta.dirname, '..') })

async function restrictedImports(filePath: string, source: string): Promise<number> {
  const [result] = await eslint.lintText(source, { filePath })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').length
}

describe('process boundaries', () => {
  it.each([
    ['src-shared/service/probe.js', "import { readFileSync } from 'node:fs'"],
    ['src-shared/ipc/probe.js', "import { ipcRenderer } from 'electron'"],
    ['src-shared/service/probe.js', "import { useState } from 'react'"],
    ['src-main/core/probe.js', "import { app } from 'electron'"],
    ['src-main/browser-shell/probe.js', "import { app } from 'electron'"],
    ['src-main/launcher/probe.js', "import { app } from 'electron'"],
    ['src-main/preload/probe.js', "import * as z from 'zod'"],
    ['src-main/preload/probe.js', "import { contract } from '../../src-shared/ipc/contract'"],
    ['src-main/preload/probe.js', "import { CHANNELS } from '../../src-shared/ipc'"],
    ['src-sandbox/probe.js', "import { x } from '../src-main/core/x'"],
    ['src-renderer/src/probe.js', "import { join } from 'node:path'"],
    ['src-renderer/src/probe.js', "import { x } from '../../src-main/core/x'"],
  ])('%s may not %s', async (file, source) => {
    expect(await restrictedImports(file, `${source}\n`)).toBe(1)
  })

  it.each([
    ['src-main/index.js', "import { app } from 'electron'"],
    ['src-main/core/probe.js', "import { readFileSync } from 'node:fs'"],
    [
      'src-main/preload/probe.js',
      "import { buildRendererApi } from '../../src-shared/ipc/renderer-api'",
    ],
    ['src-main/browser-shell/probe.js', "import { chromium } from 'playwright-core'"],
    ['src-sandbox/probe.js', "import { z } from '../src-shared/service'"],
    ['src-renderer/src/probe.js', "import { z } from '../../src-shared/service'"],
  ])('%s may %s', async (file, source) => {
    expect(await restrictedImports(file, `${source}\n`)).toBe(0)
  })
})
