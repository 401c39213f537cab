export { APP_RULES, APP_SUB_RULES } from './rules.js';
export * from './manifest.js';
