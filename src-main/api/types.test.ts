import { describe, expect, it } from 'vitest'
import type * as z from 'zod'
import type { faultsSchema } from '../../src-sandbox/faults'
import type { SandboxCredentials as ServerCredentials } from '../../src-sandbox/options'
import type { SeedEntry } from '../../src-sandbox/representation'
import type { ErrorCode } from '../../src-shared/ipc'
import type {
  createUserRequestSchema,
  JwtVerification,
  UserRecord as SharedRecord,
  updateUserRequestSchema,
} from '../../src-shared/service'
import type {
  ApiErrorCode,
  ExportedUser,
  JwtCheck,
  NewUser,
  UserRecord,
  SandboxCredentials,
  SandboxFaults,
  UserChanges,
} from './types'

// True only when each type is assignable to the other: a field added, dropped or retyped in the
// shared schema makes `typecheck` fail here until the published type follows.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const same = <A, B>(proof: Same<A, B>) => proof

describe('the published types', () => {
  it('are the shared schemas, field for field', () => {
    const proofs = [
      same<NewUser, z.input<typeof createUserRequestSchema>>(true),
      same<NewUser, z.output<typeof createUserRequestSchema>>(true),
      same<UserChanges, Omit<z.output<typeof updateUserRequestSchema>, NeverOnUpdate>>(true),
      same<SandboxFaults, z.input<typeof faultsSchema>>(true),
      same<SandboxCredentials, ServerCredentials>(true),
      same<ExportedUser, SeedEntry>(true),
      same<UserRecord, SharedRecord>(true),
      same<ApiErrorCode, ErrorCode>(true),
      same<JwtCheck['verified'], JwtVerification['verified']>(true),
      same<
        Extract<JwtCheck, { verified: false }>['reason'],
        Extract<JwtVerification, { verified: false }>['reason']
      >(true),
      same<Extract<JwtCheck, { verified: true }>, Extract<JwtVerification, { verified: true }>>(
        true,
      ),
    ]
    expect(proofs.every(Boolean)).toBe(true)
  })
})

type NeverOnUpdate = 'token' | 'mobile_phone' | 'coverage_name' | 'contract_number'
