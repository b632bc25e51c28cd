import type { SharedMessage } from './message-text'

/**
 * A connection test's steps, each as it passed or why it failed and what to do (see
 * src-main/core/network/diagnosis). Part of the core's messages (see core-messages.ts).
 */
export const DIAGNOSIS_MESSAGES = {} as const satisfies Record<string, SharedMessage>
