import { describe, expect, it } from 'vitest'
import { appWindowOptions, sandboxedPage } from './browser-args'

describe("the browser shell's window", () => {
  it("keeps Chromium's sandbox for every user but root, which Chromium refuses it to", () => {
    expect(sandboxedPage(1000)).toBe(true)
    expect(sandboxedPage(undefined)).toBe(true)
    expect(sandboxedPage(0)).toBe(false)
  })

  it('shows no browser infobar, and no banner saying the window is automated', () => {
    const options = appWindowOptions('/usr/bin/chromium')
    expect(options.args).toContain('--test-type=')
    expect(options.ignoreDefaultArgs).toContain('--enable-automation')
  })
})
