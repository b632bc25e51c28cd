// Taken as CommonJS exports, each when first needed: Node's ESM view of node:http evaluates
// every export when it is imported, WebSocket included, which loads a whole fetch
// implementation, and TLS and zlib are large; a command-line start pays for none of them
// unless its call needs it. A static `import ... from 'node:http'` anywhere in the core undoes it.
export const http = () => process.getBuiltinModule('node:http')
export const https = () => process.getBuiltinModule('node:https')
export const zlib = () => process.getBuiltinModule('node:zlib')
export const tls = () => process.getBuiltinModule('node:tls')
export const net = () => process.getBuiltinModule('node:net')
