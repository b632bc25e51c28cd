import type { Page, TestInfo } from '@playwright/test'
import type { RunningSandbox } from '../../src-sandbox/server'
import { arrangeEnvironmentOn } from './console-api'

/** A screen in one of its states. */
export interface ScreenState {
  name: string
  /**
   * Gets there the way a user does, in English, from where the state before it in its tour left
   * the console (a fresh console for the first): a state the one before leads to costs one step,
   * not a reach from the start.
   */
  reach(app: Page, testInfo: TestInfo, sandbox?: RunningSandbox): Promise<void>
  /**
   * Shows the state again after a language switch, where what it shows was worded when it opened
   * (a dialog): found by role and place, not by words, which are now the other language's.
   */
  again?(app: Page): Promise<void>
}

/** States walked one after another on one console, in one test. */
export interface ScreenTour {
  states: readonly ScreenState[]
  /**
   * Needs the tour's https sandbox: a production environment must use https, and a state can slow
   * it or change the keys it publishes (the spec turns its faults off after each tour).
   */
  httpsSandbox?: boolean
}

export function needed(sandbox: RunningSandbox | undefined): RunningSandbox {
  if (!sandbox) throw new Error('this state needs the https sandbox')
  return sandbox
}

export async function onStaging(app: Page, sandbox: RunningSandbox): Promise<void> {
  await arrangeEnvironmentOn(app, sandbox, { name: 'Tour staging', kind: 'staging' })
}
