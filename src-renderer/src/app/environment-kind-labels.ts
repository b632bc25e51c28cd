import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { EnvironmentKind } from '@shared/environments'

/**
 * The kinds as the top bar names them. The environments feature keeps its own table for its
 * screens, so each catalog carries the words of the screens it serves.
 */
export const ENVIRONMENT_KIND_LABELS: Record<EnvironmentKind, MessageDescriptor> = {
  sandbox: msg({ message: 'sandbox', context: 'environment kind' }),
  staging: msg({ message: 'staging', context: 'environment kind' }),
  production: msg({ message: 'production', context: 'environment kind' }),
}
