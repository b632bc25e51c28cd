export interface TestHooks {
  dataDirectory?: string
  keychainService?: string
}

/** The end-to-end hooks (own data folder, own keychain service): development builds only. */
export function testHooks(env: NodeJS.ProcessEnv, packaged: boolean): TestHooks {
  if (packaged) return {}
  return {
    ...(env.INTEGRATOR_CONSOLE_USER_DATA
      ? { dataDirectory: env.INTEGRATOR_CONSOLE_USER_DATA }
      : {}),
    ...(env.INTEGRATOR_CONSOLE_KEYCHAIN_SERVICE
      ? { keychainService: env.INTEGRATOR_CONSOLE_KEYCHAIN_SERVICE }
      : {}),
  }
}
