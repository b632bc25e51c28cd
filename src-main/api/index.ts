// `import { startSandbox } from 'integrator-console'`: the package's Node API, for test suites
// that want the sandbox in their own process and the console's calls from code (docs/node-api.md).
// No Electron, no keychain.
export { startSandbox } from './sandbox'
export { createClient } from './client'
export { IntegratorConsoleError } from './client-errors'
export type { Client, ClientOptions } from './client'
export type { Sandbox, SandboxStartOptions } from './sandbox'
export type {
  ApiErrorCode,
  ExportedUser,
  IssuedSession,
  JwtCheck,
  NewUser,
  SandboxCredentials,
  SandboxFaults,
  UserChanges,
  UserRecord,
} from './types'
