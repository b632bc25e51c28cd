/** The service's paths, as the sandbox answers them. */
export const USERS_PATH = '/api/v3/pendingCompanyUsers'
export const AUTHENTICATE_PATH = '/2/authenticate'
export const JWKS_PATH = '/.well-known/jwks.json'

/** The sandbox's own paths: not the service's API. */
export const OPENAPI_PATH = '/openapi.json'
export const EXPORT_PATH = '/_sandbox/export'
export const RESET_PATH = '/_sandbox/reset'
export const SANDBOX_OPENAPI_PATH = '/_sandbox/openapi.json'
