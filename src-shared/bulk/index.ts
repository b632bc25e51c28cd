export * from './bulk-fields'
export * from './bulk-payloads'
export * from './file-path'
export * from './run-results'
