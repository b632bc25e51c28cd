import type { Page, TestInfo } from '@playwright/test'
import type { RunningSandbox } from '../../src-sandbox/server'
import { arrangeEnvironmentOn } from './console-api'

/** A screen in one of its states, reached from a fresh console the way a user gets there. */
export interface ScreenState {
  name: string
  /**
   * Needs the tour's https sandbox: a production environment must use https, and a state can slow
   * it or change the keys it publishes (the spec turns its faults off after each state).
   */
  httpsSandbox?: boolean
  reach(app: Page, testInfo: TestInfo, sandbox?: RunningSandbox): Promise<void>
  /**
   * Shows the state again after a language switch, where what it shows was worded when it opened
   * (a dialog): found by role and place, not by words, which are now the other language's.
   */
  again?(app: Page): Promise<void>
}

export function needed(sandbox: RunningSandbox | undefined): RunningSandbox {
  if (!sandbox) throw new Error('this state needs the https sandbox')
  return sandbox
}

export async function onStaging(app: Page, sandbox: RunningSandbox): Promise<void> {
  await arrangeEnvironmentOn(app, sandbox, { name: 'Tour staging', kind: 'staging' })
}
