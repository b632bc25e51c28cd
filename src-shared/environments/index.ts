export * from './environment'
export * from './proxy-setting'
