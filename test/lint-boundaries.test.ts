import { describe, expect, it } from 'vitest'
import { lintProbe, rulesBroken } from './helpers/lint-probe'

// The renderer's features are held apart by the lint config (docs/architecture.md: one folder per
// feature, shared components): a feature reaches the shared layers, never another feature or the app
// shell. Each case lints a probe placed inside the tree, so the rule sees the real files it would
// import; the allowed direction is checked too, so an inverted zone is caught.
const FEATURES = 'src-renderer/src/features'

const zones = (file: string, source: string) =>
  lintProbe(file, source, 'import-x/no-restricted-paths')

describe('feature boundaries', () => {
  it.each([
    [
      `${FEATURES}/bulk/components/probe.js`,
      "import { ENVIRONMENT_KIND_LABELS } from '../../environments/labels'",
    ],
    [`${FEATURES}/activity/probe.js`, "import { useUser } from '../users/api/retrieve-user'"],
    [`${FEATURES}/users/components/probe.js`, "import { AppShell } from '../../../app/app-shell'"],
    [
      'src-renderer/src/lib/probe.js',
      "import { useActivity } from '../features/activity/api/list-activity'",
    ],
    ['src-renderer/src/components/probe.js', "import { App } from '../app/app'"],
    [
      `${FEATURES}/users/components/probe.js`,
      "import { fakeBridge } from '../../../test/fake-bridge'",
    ],
  ])('%s may not %s', async (file, source) => {
    expect(await zones(file, source)).toHaveLength(1)
  })

  it.each([
    [`${FEATURES}/bulk/components/probe.js`, "import { BULK_MODE_MESSAGES } from '../labels'"],
    [`${FEATURES}/bulk/components/probe.js`, "import { useAppInfo } from '../../../lib/app-info'"],
    [`${FEATURES}/users/probe.js`, "import { Button } from '../../components/ui/button'"],
    [
      'src-renderer/src/app/probe.js',
      "import { useUser } from '../features/users/api/retrieve-user'",
    ],
    [
      `${FEATURES}/users/components/probe.test.tsx`,
      "import { fakeBridge } from '../../../test/fake-bridge'",
    ],
  ])('%s may %s', async (file, source) => {
    expect(await zones(file, source)).toEqual([])
  })
})

describe('import cycles', () => {
  // form.tsx imports lib/field-errors.ts: field-errors importing the form back closes a cycle.
  it('are refused', async () => {
    const cycles = await lintProbe(
      'src-renderer/src/lib/field-errors.ts',
      "export { Form } from '../components/ui/form'",
      'import-x/no-cycle',
    )
    expect(cycles).toHaveLength(1)
  })

  it('are not found where the imports run one way', async () => {
    const cycles = await lintProbe(
      'src-renderer/src/lib/field-errors.ts',
      "export { ApiError } from './api'",
      'import-x/no-cycle',
    )
    expect(cycles).toEqual([])
  })
})

describe('the core’s start cost', () => {
  // Linted as if it were http-request.ts: a TypeScript file of the core.
  const restricted = (source: string) =>
    lintProbe(
      'src-main/core/client/http-request.ts',
      source,
      '@typescript-eslint/no-restricted-imports',
    )

  it('takes node:http and node:https only through lazy-builtins.ts', async () => {
    expect(
      await restricted("import { request } from 'node:http'\nexport const r = request"),
    ).toHaveLength(1)
    expect(
      await restricted("import { Agent } from 'node:https'\nexport const a = Agent"),
    ).toHaveLength(1)
  })

  it('may still name their types', async () => {
    expect(await restricted("export type { IncomingMessage } from 'node:http'")).toEqual([])
  })
})

describe('the rules a test or a component is held to', () => {
  // Linted as files that exist, so that each falls under the config's entries for its kind.
  it.each(['it.only', 'test.only', 'describe.only'])(
    'a focused test (%s) is refused: it would pass the run with the others skipped',
    async (focused) => {
      const source = `import { describe, it, test } from 'vitest'\nvoid [describe, it, test]\n${focused}('runs alone', () => undefined)`
      expect(
        await lintProbe('test/lint-boundaries.test.ts', source, 'vitest/no-focused-tests'),
      ).toHaveLength(1)
    },
  )

  it('an image without a text alternative is refused in the page', async () => {
    const source = 'export function Probe() {\n  return <img src="logo.png" />\n}'
    expect(
      await lintProbe('src-renderer/src/components/ui/button.tsx', source, 'jsx-a11y/alt-text'),
    ).toHaveLength(1)
  })

  it('a component test reaching into the DOM past Testing Library is refused', async () => {
    const source = [
      "import { render, screen } from '@testing-library/react'",
      'render(<p>Hello</p>)',
      "export const first = screen.getByText('Hello').firstChild",
    ].join('\n')
    const file = 'src-renderer/src/components/write-guard.test.tsx'
    expect(await lintProbe(file, source, 'testing-library/no-node-access')).toHaveLength(1)
  })

  it.each([
    ['src-shared/service/userFields.js', 'check-file/filename-naming-convention'],
    ['src-shared/someFolder/probe.js', 'check-file/folder-naming-convention'],
  ])('a name not in kebab case (%s) is refused', async (file, rule) => {
    expect(await lintProbe(file, 'export const probe = 1', rule)).toHaveLength(1)
  })

  it('a kebab-case name with a middle extension passes every rule', async () => {
    expect(
      await rulesBroken('src-shared/service/user-fields.probe.js', 'export const probe = 1'),
    ).toEqual([])
  })
})
