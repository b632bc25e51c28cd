// The floor `integrator-console jwt issue` is measured against: the smallest Node program that
// makes the same Authenticate call and prints the JWT. CommonJS on purpose: `import 'node:http'`
// from an ES module also loads undici, which costs more than the call itself.
//
//   INTEGRATOR_BASE_URL=http://127.0.0.1:PORT INTEGRATOR_API_KEY=… INTEGRATOR_SECRET_KEY=… \
//   INTEGRATOR_USER_TOKEN_SECRET=… node scripts/bench-floor-jwt.cjs IDENTIFIER
//
// The call is the core's (src-main/core/client): GET /2/authenticate with a random
// installationGuid and the userToken as the hmac-sha256-hex scheme makes it (lowercase hex
// HMAC-SHA256 of the identifier keyed by the userToken secret), and the headers every call has.
'use strict'
// process.getBuiltinModule, as require would: the built-ins alone, nothing of the module loaders.
const { createHmac, randomUUID } = process.getBuiltinModule('node:crypto')
const http = process.getBuiltinModule('node:http')

const env = process.env
const identifier = process.argv[2]
if (!identifier) {
  process.stderr.write('usage: node scripts/bench-floor-jwt.cjs IDENTIFIER\n')
  process.exit(2)
}
const userToken = createHmac('sha256', env.INTEGRATOR_USER_TOKEN_SECRET)
  .update(identifier)
  .digest('hex')
const query = new URLSearchParams({ installationGuid: randomUUID(), userToken })
const url = new URL(`/2/authenticate?${query}`, env.INTEGRATOR_BASE_URL)

http
  .get(
    url,
    {
      headers: {
        accept: 'application/json, application/problem+json',
        apiKey: env.INTEGRATOR_API_KEY,
        secretKey: env.INTEGRATOR_SECRET_KEY,
      },
    },
    (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk) => (text += chunk))
      response.on('end', () => {
        if (response.statusCode !== 200) {
          process.stderr.write(`error: HTTP ${response.statusCode}: ${text}\n`)
          process.exitCode = 1
          return
        }
        process.stdout.write(`${JSON.parse(text).jwt}\n`)
      })
    },
  )
  .on('error', (error) => {
    process.stderr.write(`error: ${error.message}\n`)
    process.exitCode = 3
  })
