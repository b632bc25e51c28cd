import { describe, expect, it } from 'vitest'
import { noDisplayAdvice } from './launch-mode'

describe('npm start where there is no display', () => {
  it('says in one line what to do on Linux with neither X nor Wayland', () => {
    const advice = noDisplayAdvice('linux', {})
    expect(advice).toContain('xvfb-run npm start')
    expect(advice).not.toContain('\n')
  })

  it('opens where a display is named, and always on macOS and Windows', () => {
    expect(noDisplayAdvice('linux', { DISPLAY: ':99' })).toBeNull()
    expect(noDisplayAdvice('linux', { WAYLAND_DISPLAY: 'wayland-0' })).toBeNull()
    expect(noDisplayAdvice('darwin', {})).toBeNull()
    expect(noDisplayAdvice('win32', {})).toBeNull()
  })
})
