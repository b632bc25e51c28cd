// The Schemathesis hooks the package ships draw only values the sandbox takes, for every format
// the contract names: a fuzzer given them finds the sandbox's faults, not the document's gaps.
// Schemathesis itself is not on these machines: a stand-in records what the hooks register, and
// Hypothesis (Debian's python3-hypothesis) draws from it as Schemathesis would.
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { makeTempDir } from '../../test/helpers/temp-dir'
import { CONTRACT_FORMATS } from './contract-formats'

const temp = makeTempDir('schemathesis-hooks')
afterAll(() => temp.remove())

const STAND_IN = `import types
registered = {}
openapi = types.SimpleNamespace(format=lambda name, strategy: registered.__setitem__(name, strategy))
`

const DRAW = `import json, sys
from hypothesis import given, settings
import schemathesis_hooks
from schemathesis import registered
drawn = {}
for name, strategy in registered.items():
    values = drawn.setdefault(name, [])

    @settings(max_examples=400, database=None)
    @given(strategy)
    def draw(value):
        values.append(value)

    draw()
json.dump(drawn, sys.stdout)
`

/** The first Python with Hypothesis: Debian's, then whichever is first on PATH. */
function python(): string {
  for (const candidate of ['/usr/bin/python3', 'python3']) {
    try {
      execFileSync(candidate, ['-c', 'import hypothesis'], { stdio: 'ignore' })
      return candidate
    } catch {
      // The next one.
    }
  }
  throw new Error('No python3 with Hypothesis: install python3-hypothesis (.ci/run does)')
}

it('registers a strategy for each contract format, drawing only values the format takes', () => {
  mkdirSync(join(temp.path, 'schemathesis'))
  writeFileSync(join(temp.path, 'schemathesis', '__init__.py'), STAND_IN)
  writeFileSync(join(temp.path, 'draw.py'), DRAW)
  const output = execFileSync(python(), [join(temp.path, 'draw.py')], {
    env: { ...process.env, PYTHONPATH: [temp.path, import.meta.dirname].join(':') },
    encoding: 'utf8',
  })
  const drawn = JSON.parse(output) as Record<string, string[]>
  expect(Object.keys(drawn).sort()).toEqual(Object.keys(CONTRACT_FORMATS).sort())
  for (const [name, format] of Object.entries(CONTRACT_FORMATS)) {
    const values = drawn[name] ?? []
    expect(new Set(values).size, name).toBeGreaterThan(100)
    expect(values.filter((value) => !format.validate(value))).toEqual([])
  }
  // Every shape the sandbox takes is reached: DNI and NIE, either case.
  const nids = drawn['es-nid'] ?? []
  for (const shape of [/^[0-9]/, /^[XYZ]/, /^[xyz]/, /^[0-9]{8}[a-z]$/])
    expect(
      nids.some((nid) => shape.test(nid)),
      String(shape),
    ).toBe(true)
})
