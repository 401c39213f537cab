export { runCli, type Run, type RunCliOptions } from './run-cli.js';
