export * from './languages'
export * from './message-text'
export * from './shared-messages'
