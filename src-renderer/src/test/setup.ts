import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

// Testing Library unmounts after each test by itself only where test globals are on; here
// they are imported, so each test's page is taken down here.
afterEach(() => {
  cleanup()
  delete window.integratorConsole
})
