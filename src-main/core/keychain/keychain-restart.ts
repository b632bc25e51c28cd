/**
 * A Secret Service daemon may stop in the middle of a call and be started again by the session
 * bus on the next one (GNOME Keyring 42 aborts when another client leaves mid-session). The call
 * in flight then ends with no answer; a call made after it, on connections kept from before, or
 * one during which the daemon went, finds that the new daemon does not know the session the old
 * one opened. Asked again, on new connections (keychain-thread.ts replaces the thread that held
 * the old ones), the call reaches the new daemon. Each keychain call is a read, a write or a
 * delete of one item, so asking twice leaves the keychain as asking once.
 */
const LEFT_MID_CALL = new RegExp(
  [
    'disconnected from message bus without replying',
    'org\\.freedesktop\\.DBus\\.Error\\.NoReply',
    'org\\.freedesktop\\.Secret\\.Error\\.NoSession',
    'The session (wrapping the secret )?does not exist',
  ].join('|'),
)

/**
 * Whether a keychain call failed because the keychain's process went away before it answered,
 * or between the steps of the call.
 */
export function leftMidCall(error: unknown): boolean {
  return LEFT_MID_CALL.test(error instanceof Error ? error.message : String(error))
}

/** The call, asked once more when the keychain's process went away before answering it. */
export async function askedAgainIfLeft<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (!leftMidCall(error)) throw error
    return call()
  }
}
