export * from './contract'
export * from './payloads'
export * from './result'
export * from './authenticate-form'
