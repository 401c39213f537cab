export * from './constants.js';
export * from './rules.js';
// One lookup for every spec's rules (AOI and AGENTCLI ids alike).
export { getRule, getSubRule } from '../rules.js';
export * from './schemas.js';
