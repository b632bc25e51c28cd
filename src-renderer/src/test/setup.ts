import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// The first render of a file compiles the language's catalogs; on a machine busy with the other
// suites that can outlast Testing Library's default second. Waits still end as soon as they can.
configure({ asyncUtilTimeout: 10_000 })

// Testing Library unmounts after each test by itself only where test globals are on; here
// they are imported, so each test's page is taken down here.
afterEach(() => {
  cleanup()
  delete window.integratorConsole
})
