/** The runners under test: the correct ones, or the deliberately buggy twins with RUNNER_IMPL=buggy. */
import type * as CorrectHost from './acp-host.js';
import type * as CorrectAcp from './acp-runner.js';
import type * as CorrectPreflight from './preflight.js';
import type * as Correct from './runner.js';

const buggy = process.env.RUNNER_IMPL === 'buggy';
const impl: typeof Correct = buggy
  ? await import('./runner-buggy.js')
  : await import('./runner.js');
const acpImpl: Pick<typeof CorrectAcp, 'startAcpAgent' | 'AgentResumeError'> = buggy
  ? await import('./acp-runner-buggy.js')
  : await import('./acp-runner.js');

export const { startAgent, buildSpawn, AgentStartError } = impl;
export const { startAcpAgent, AgentResumeError } = acpImpl;
const hostImpl: Pick<typeof CorrectHost, 'createAcpHost'> = buggy
  ? await import('./acp-host-buggy.js')
  : await import('./acp-host.js');
export const { createAcpHost } = hostImpl;
export type { AgentHost, HostOptions, PriorTurn } from './acp-host.js';
const preflightImpl: Pick<typeof CorrectPreflight, 'prepareAgent' | 'startCheckedAcpAgent'> = buggy
  ? await import('./preflight-buggy.js')
  : await import('./preflight.js');
export const { prepareAgent, startCheckedAcpAgent } = preflightImpl;
export { AgentSetupRequiredError, AgentVersionError, type PrepareOptions } from './preflight.js';
export type { AgentSession, CloseOptions, StartOptions } from './runner.js';
export type { AcpSession, AcpStartOptions } from './acp-runner.js';
