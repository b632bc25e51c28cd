import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

/**
 * The operations main names each call with (service-client.ts), said in the page's language. A
 * context keeps them apart from the same words on buttons elsewhere, which may read otherwise.
 * A name not listed here is passed through useTranslateMessage and shown as it came.
 */
export const OPERATION_LABELS: ReadonlyMap<string, MessageDescriptor> = new Map([
  ['Create user', msg({ message: 'Create user', context: 'activity operation' })],
  ['Retrieve user', msg({ message: 'Retrieve user', context: 'activity operation' })],
  ['Update user', msg({ message: 'Update user', context: 'activity operation' })],
  ['Authenticate', msg({ message: 'Authenticate', context: 'activity operation' })],
  ['Get signing keys', msg({ message: 'Get signing keys', context: 'activity operation' })],
  ['Test connection', msg({ message: 'Test connection', context: 'activity operation' })],
])
