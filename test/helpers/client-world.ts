import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { createActivityLog, type ActivityLog } from '../../src-main/core/activity/activity-log'
import { createExchange, type ExchangeOptions } from '../../src-main/core/client/retried-call'
import { type ServiceTarget } from '../../src-main/core/client/send-once'
import { createServiceClient } from '../../src-main/core/client/service-client'
import { startTestSandbox, type TestSandbox } from './sandbox'
import { targetFor } from './service-target'

/**
 * A sandbox for a test file's clients, each with a fresh activity log and its waits recorded
 * instead of slept; faults cleared before each test.
 */
export function clientWorld() {
  let sandbox: TestSandbox | undefined
  let activity = createActivityLog()
  let waits: number[] = []
  beforeAll(async () => {
    sandbox = await startTestSandbox({ random: () => 0 })
  })
  afterAll(() => sandbox?.stop())
  beforeEach(() => {
    activity = createActivityLog()
    waits = []
    world.sandbox.setFaults({ latencyMs: 0, errorRate: 0, rateLimitRate: 0, dropRate: 0 })
  })
  const world = {
    get sandbox(): TestSandbox {
      if (!sandbox) throw new Error('the sandbox starts in beforeAll')
      return sandbox
    },
    get activity(): ActivityLog {
      return activity
    },
    get waits(): readonly number[] {
      return waits
    },
    clientWith: (options: ExchangeOptions = {}, target: Partial<ServiceTarget> = {}) => {
      const exchange = createExchange(targetFor(world.sandbox, target), activity, {
        sleep: (ms) => {
          waits.push(ms)
          return Promise.resolve()
        },
        ...options,
      })
      return createServiceClient(exchange)
    },
    token: () => `client-${randomUUID()}`,
  }
  return world
}
