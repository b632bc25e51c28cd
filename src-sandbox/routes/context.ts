import type { IncomingMessage } from 'node:http'
import type { UserTokenScheme } from '../../src-shared/service'
import type { SigningKey } from '../signing-keys'
import type { UserStore } from '../user-store'

export interface RouteContext {
  request: IncomingMessage
  url: URL
  /** Decoded path parameters, such as the token. */
  params: Record<string, string>
  store: UserStore
  signingKey: SigningKey
  userTokenScheme: UserTokenScheme
  phonePrefix: string
  jwtTtlSeconds: number
  maxBodyBytes: number
  issuer: string
}

export interface RouteResult {
  status: number
  body: unknown
  headers?: Record<string, string>
}

export type RouteHandler = (context: RouteContext) => Promise<RouteResult>
