export * from './environment'
export * from './proxy-setting'
export * from './tls-setting'
export * from './environment-transfer'
