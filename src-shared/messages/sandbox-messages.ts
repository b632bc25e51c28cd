import type { SharedMessage } from './message-text'

/**
 * What the local sandbox says in its problem+json (detail, and each field error's detail). They
 * stay English, as the service's own answers do; the console recognises them like its own
 * messages, so a Spanish page says them in Spanish. A real service's own words are not here:
 * they are shown as they come.
 */
export const SANDBOX_MESSAGES = {
  userExists: /*i18n*/ {
    id: 'sandbox.userExists',
    message: 'A user with this token already exists',
  },
  tokenTaken: /*i18n*/ {
    id: 'sandbox.tokenTaken',
    message: 'token is already taken by another user',
  },
  noUserWithToken: /*i18n*/ {
    id: 'sandbox.noUserWithToken',
    message: 'No pending company user has this token',
  },
  noUserWithUserToken: /*i18n*/ {
    id: 'sandbox.noUserWithUserToken',
    message: 'No pending company user matches this userToken',
  },
  userTokenUppercaseHex: /*i18n*/ {
    id: 'sandbox.userTokenUppercaseHex',
    message:
      'No pending company user matches this userToken: it is HMAC-SHA256 in uppercase hex, and the service compares lowercase hex',
  },
  givenMoreThanOnce: /*i18n*/ {
    id: 'sandbox.givenMoreThanOnce',
    message: '{name} is given more than once',
  },
  givenOnce: /*i18n*/ { id: 'sandbox.givenOnce', message: '{name} must be given once' },
  userInvalid: /*i18n*/ {
    id: 'sandbox.userInvalid',
    message: 'The user has invalid fields: {fields}',
  },
  updateInvalid: /*i18n*/ {
    id: 'sandbox.updateInvalid',
    message: 'The update has invalid fields: {fields}',
  },
  queryInvalid: /*i18n*/ {
    id: 'sandbox.queryInvalid',
    message: 'The query has invalid fields: {fields}',
  },
  missingHeader: /*i18n*/ { id: 'sandbox.missingHeader', message: 'Missing header: {headers}' },
  credentialsRefused: /*i18n*/ {
    id: 'sandbox.credentialsRefused',
    message: 'The apiKey and secretKey headers do not match this service',
  },
  noAccess: /*i18n*/ {
    id: 'sandbox.noAccess',
    message: 'The user has status 3 (No Access) and cannot start a session',
  },
  slowDown: /*i18n*/ { id: 'sandbox.slowDown', message: 'Slow down and retry later' },
  injectedUnavailable: /*i18n*/ {
    id: 'sandbox.injectedUnavailable',
    message: 'Injected fault: try again',
  },
  injectedLost: /*i18n*/ {
    id: 'sandbox.injectedLost',
    message: 'Injected fault: handled, then lost',
  },
  hostRefused: /*i18n*/ {
    id: 'sandbox.hostRefused',
    message:
      'The sandbox answers only requests addressed to this machine (localhost, 127.0.0.1, [::1]) or to a name in SANDBOX_ALLOWED_HOSTS',
  },
  originRefused: /*i18n*/ {
    id: 'sandbox.originRefused',
    message:
      'The sandbox answers no web page of another origin: call it from a program, which sends no Origin header',
  },
  failed: /*i18n*/ {
    id: 'sandbox.failed',
    message: 'The sandbox failed to handle this request',
  },
} as const satisfies Record<string, SharedMessage>
