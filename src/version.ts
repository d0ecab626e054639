export const VERSION = '0.1.0'
export const USER_AGENT = `mintlify-action/${VERSION}`
