import { describe, expect, it } from 'vitest'
import { askedAgainIfLeft, leftMidCall } from './keychain-restart'

const left = new Error(
  'Platform failure: DBus error: Message recipient disconnected from message bus without replying',
)

describe('a keychain whose process goes away mid-call', () => {
  it('is asked once more, and its second answer is the call’s', async () => {
    const answers = [Promise.reject(left), Promise.resolve('secret')]
    let asked = 0
    await expect(askedAgainIfLeft(() => answers[asked++] as Promise<string>)).resolves.toBe(
      'secret',
    )
    expect(asked).toBe(2)
  })

  it('is asked again when the daemon went between the steps of one call and its session is gone', async () => {
    // The messages the keyring addon gives, seen with a test daemon killed under a stream of calls.
    for (const message of [
      'Platform failure: DBus error: The session does not exist',
      'Platform failure: DBus error: The session wrapping the secret does not exist',
      'zbus error: org.freedesktop.Secret.Error.NoSession: The session does not exist',
    ]) {
      const answers = [Promise.reject(new Error(message)), Promise.resolve('secret')]
      let asked = 0
      await expect(askedAgainIfLeft(() => answers[asked++] as Promise<string>)).resolves.toBe(
        'secret',
      )
      expect(asked).toBe(2)
    }
  })

  it('is asked only once more: a second loss is the call’s failure', async () => {
    let asked = 0
    await expect(
      askedAgainIfLeft(() => {
        asked++
        return Promise.reject(left)
      }),
    ).rejects.toBe(left)
    expect(asked).toBe(2)
  })

  it('is not asked again for any other failure: a locked keyring, a missing item, a refusal', async () => {
    for (const message of [
      'Platform failure: DBus error: The name org.freedesktop.secrets was not provided by any .service files',
      'No matching entry found in secure storage',
      'Platform failure: DBus error: Prompt dismissed',
    ]) {
      let asked = 0
      const failure = new Error(message)
      await expect(
        askedAgainIfLeft(() => {
          asked++
          return Promise.reject(failure)
        }),
      ).rejects.toBe(failure)
      expect(asked).toBe(1)
      expect(leftMidCall(failure)).toBe(false)
    }
  })
})
