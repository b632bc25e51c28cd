import { startSandbox, type RunningSandbox } from '../../src-sandbox/server'
import { trustTestCertificate } from '../../test/helpers/tls-certificate'

/**
 * A sandbox served over https with a throwaway certificate this process trusts: a production
 * environment must use https, so the production specs talk to one of these.
 */
export function startHttpsSandbox(): Promise<RunningSandbox> {
  return startSandbox({ port: 0, databasePath: ':memory:', tls: trustTestCertificate() })
}
