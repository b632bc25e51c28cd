import type { SharedMessage } from './message-text'

/** Calls to the service: what each is for, no answer or one that cannot be read, refusals, the answers and the session JWT's check. Part of the core's messages (see core-messages.ts). */
export const SERVICE_MESSAGES = {
  // Calls to the service: the operations the activity log names (service-client.ts), quoted in
  // messages about them.
  operationCreateUser: /*i18n*/ { id: 'operation.createUser', message: 'Create user' },
  operationRetrieveUser: /*i18n*/ { id: 'operation.retrieveUser', message: 'Retrieve user' },
  operationUpdateUser: /*i18n*/ { id: 'operation.updateUser', message: 'Update user' },
  operationAuthenticate: /*i18n*/ { id: 'operation.authenticate', message: 'Authenticate' },
  operationSigningKeys: /*i18n*/ { id: 'operation.signingKeys', message: 'Get signing keys' },
  operationTestConnection: /*i18n*/ { id: 'operation.testConnection', message: 'Test connection' },

  // No answer, or one that cannot be read (http-exchange.ts, http-transport.ts).
  noAnswerWithin: /*i18n*/ { id: 'http.noAnswerWithin', message: 'No answer within {seconds} s' },
  unreachable: /*i18n*/ { id: 'http.unreachable', message: 'Could not reach {url}' },
  unreachableCode: /*i18n*/ {
    id: 'http.unreachableCode',
    message: 'Could not reach {url} ({code})',
  },
  // A client certificate refused at the handshake, or wanted (connection-failure.ts).
  clientCertificateRefusedCall: /*i18n*/ {
    id: 'http.clientCertificateRefused',
    message:
      'The service at {url} refused the client certificate of this environment at the TLS handshake ({code}), so nothing was sent: check in Environments that it is the one issued for this service, and still valid.',
  },
  clientCertificateWantedCall: /*i18n*/ {
    id: 'http.clientCertificateWanted',
    message:
      'The service at {url} asks for a client certificate, and this environment has none ({code}), so nothing was sent: add the one your administrator issued for it in Environments.',
  },
  withdrawn: /*i18n*/ {
    id: 'http.withdrawn',
    message: 'Not sent: the run stopped before the connection to {url} was made',
  },
  notConnectedWithin: /*i18n*/ {
    id: 'http.notConnectedWithin',
    message: 'Could not connect to {url} within {seconds} s; nothing was sent',
  },
  // A refused certificate or TLS handshake (connection-failure.ts): {problem} is one of the
  // tls* messages after it, {code} the OS's or Node's own code.
  tlsRefused: /*i18n*/ {
    id: 'http.tlsRefused',
    message: 'The secure connection to {url} failed, so nothing was sent: {problem} ({code}).',
  },
  tlsSelfSigned: /*i18n*/ {
    id: 'http.tlsSelfSigned',
    message: 'its certificate is self-signed, and this computer does not trust it',
  },
  tlsUnknownIssuer: /*i18n*/ {
    id: 'http.tlsUnknownIssuer',
    message: 'its certificate was issued by an authority this computer does not trust',
  },
  tlsExpired: /*i18n*/ { id: 'http.tlsExpired', message: 'its certificate has expired' },
  tlsNotYetValid: /*i18n*/ {
    id: 'http.tlsNotYetValid',
    message: "its certificate is not valid yet: check this computer's date and time",
  },
  tlsWrongHost: /*i18n*/ {
    id: 'http.tlsWrongHost',
    message: 'its certificate is not for {host}',
  },
  tlsRevoked: /*i18n*/ { id: 'http.tlsRevoked', message: 'its certificate has been revoked' },
  tlsCertificateUnverified: /*i18n*/ {
    id: 'http.tlsCertificateUnverified',
    message: 'its certificate could not be verified',
  },
  tlsHandshakeFailed: /*i18n*/ {
    id: 'http.tlsHandshakeFailed',
    message: 'the service, or something on the way to it, refused the TLS handshake',
  },
  bodyUndecodable: /*i18n*/ {
    id: 'http.bodyUndecodable',
    message: 'its body is not valid {encoding} data ({error})',
  },
  answerUnreadableLogged: /*i18n*/ {
    id: 'http.answerUnreadableLogged',
    message: 'The answer could not be read: {reason}.',
  },
  answerUnreadable: /*i18n*/ {
    id: 'http.answerUnreadable',
    message: "The service's answer to {operation} could not be read: {reason}.",
  },
  answerTooLargeLogged: /*i18n*/ {
    id: 'http.answerTooLargeLogged',
    message: 'The answer was larger than the {kib} KiB this environment allows.',
  },
  answerTooLarge: /*i18n*/ {
    id: 'http.answerTooLarge',
    message:
      "The service's answer to {operation} was larger than the {kib} KiB this environment allows; the console stopped reading it. Raise the limit in Environments if the service really sends that much.",
  },

  // The service's refusals (answer-errors.ts): a default per error code, then what the service
  // said and when to retry, each wrapped around the text before it.
  answerUnauthorized: /*i18n*/ {
    id: 'answer.unauthorized',
    message:
      'The service refused the apiKey / secretKey of this environment. Check them in Environments.',
  },
  answerForbidden: /*i18n*/ {
    id: 'answer.forbidden',
    message: 'The service refused this call for this user or these credentials.',
  },
  answerNotFound: /*i18n*/ { id: 'answer.notFound', message: 'The service has no such user.' },
  answerConflict: /*i18n*/ {
    id: 'answer.conflict',
    message: 'A user with this token already exists.',
  },
  answerRateLimited: /*i18n*/ {
    id: 'answer.rateLimited',
    message: 'The service is rate limiting calls. Wait a moment and try again.',
  },
  answerServer: /*i18n*/ {
    id: 'answer.server',
    message: 'The service failed to handle the call. Try again later.',
  },
  answerValidation: /*i18n*/ { id: 'answer.validation', message: 'The service refused the input.' },
  answerUnexpectedStatus: /*i18n*/ {
    id: 'answer.unexpectedStatus',
    message: 'The service answered {status}, which the console does not expect.',
  },
  refusedSaying: /*i18n*/ { id: 'answer.refusedSaying', message: 'The service refused: {said}.' },
  serviceSaid: /*i18n*/ { id: 'answer.serviceSaid', message: '{message} Service said: {said}' },
  retryAfter: /*i18n*/ { id: 'answer.retryAfter', message: '{message} Retry after {seconds} s.' },

  // The service's answers and a Create whose outcome a Retrieve settles (service-client.ts).
  notAUserRecord: /*i18n*/ {
    id: 'service.notAUserRecord',
    message: 'The service answered {status} but not with a user record.',
  },
  notASession: /*i18n*/ {
    id: 'service.notASession',
    message: 'The service answered {status} but not with a session (jwt, userHash, sessionToken).',
  },
  notAKeySet: /*i18n*/ {
    id: 'service.notAKeySet',
    message: 'The service answered {status} but not with a JSON Web Key Set.',
  },
  changedSinceRead: /*i18n*/ {
    id: 'service.changedSinceRead',
    message:
      'The user changed on the service after it was read ({fields}); nothing was sent. Look at both values and save again.',
  },
  recordNotInAnswer: /*i18n*/ {
    id: 'service.recordNotInAnswer',
    message: 'The service answered {status} without the record; this is what Retrieve returns now.',
  },
  createNotMade: /*i18n*/ {
    id: 'service.createNotMade',
    message: '{message}. A Retrieve shows the user was NOT created; it is safe to try again.',
  },
  createUnsettled: /*i18n*/ {
    id: 'service.createUnsettled',
    message:
      '{message}, and a Retrieve could not tell whether the user was created. Look up the token before trying again.',
  },
  createMismatch: /*i18n*/ {
    id: 'service.createMismatch',
    message:
      '{message}. A user with this token exists but does not match what was sent; it may have existed before. Look it up before doing anything else.',
  },
  createConfirmed: /*i18n*/ {
    id: 'service.createConfirmed',
    message: '{message}; a Retrieve confirms the user was created.',
  },
  connected: /*i18n*/ {
    id: 'service.connected',
    message: 'Connected: the service accepted the credentials.',
  },

  // Checks of a session JWT (jwt-verification.ts).
  jwtExpired: /*i18n*/ {
    id: 'jwt.expired',
    message: 'The token has expired (its exp claim is in the past).',
  },
  jwtNotYetValid: /*i18n*/ {
    id: 'jwt.notYetValid',
    message: 'The token is not valid yet (its nbf claim).',
  },
  jwtBadSignature: /*i18n*/ {
    id: 'jwt.badSignature',
    message:
      'The signature does not match: the token was changed, or signed by another key with the same id.',
  },
  jwtUnknownKey: /*i18n*/ {
    id: 'jwt.unknownKey',
    message:
      'None of the keys the service publishes signed this token (no key with its kid and algorithm).',
  },
  jwtUncheckable: /*i18n*/ {
    id: 'jwt.uncheckable',
    message: 'The token cannot be checked: {error}.',
  },
  jwtMalformed: /*i18n*/ {
    id: 'jwt.malformed',
    message: 'This is not a JWT: three base64url parts, the first a JSON header.',
  },
  jwtNoKeys: /*i18n*/ { id: 'jwt.noKeys', message: 'Cannot verify: no JWKS at {url}.' },
} as const satisfies Record<string, SharedMessage>
