import { msg } from '@lingui/core/macro'
import type { I18n } from '@lingui/core'
import { LOCAL_SANDBOX_ID } from '@shared/environments'

const LOCAL_SANDBOX_NAME = msg`Local sandbox`

/** The built-in environment is named in the console's words; every other name is the user's. */
export function environmentName(
  environment: { builtIn: boolean; name: string },
  i18n: I18n,
): string {
  return environment.builtIn ? i18n._(LOCAL_SANDBOX_NAME) : environment.name
}

/** The environment a record names (an activity entry, a bulk run), worded as above. */
export function recordEnvironment(
  record: { environmentId: string; environmentName: string },
  i18n: I18n,
): { name: string; translate: 'no' | undefined } {
  const builtIn = record.environmentId === LOCAL_SANDBOX_ID
  return {
    name: environmentName({ builtIn, name: record.environmentName }, i18n),
    // A user's name is data: a page translator must leave it alone.
    translate: builtIn ? undefined : 'no',
  }
}
