/** The runner under test: the correct one, or the deliberately buggy twin with RUNNER_IMPL=buggy. */
import type * as Correct from './runner.js';

const impl: typeof Correct = process.env.RUNNER_IMPL === 'buggy' ? await import('./runner-buggy.js') : await import('./runner.js');

export const { startAgent, buildSpawn, AgentStartError } = impl;
export type { AgentSession, CloseOptions, StartOptions } from './runner.js';
