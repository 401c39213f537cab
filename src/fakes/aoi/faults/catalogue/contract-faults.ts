import { breakingWithoutMajorBump } from '../breaking-without-major-bump.js';
import { behaviourEntry } from './entry.js';

/**
 * Faults of the reference tool's contract from release to release: each declares the sub-rules the compatibility
 * judge (`compareContracts`) reports when it compares the faulty tool's recorded contract with itself — the schema
 * versions it offers side by side — and nothing the process linter reports (it judges one release at a time).
 */
export const CONTRACT_FAULT_CATALOGUE = {
  'breaking-without-major-bump': behaviourEntry(breakingWithoutMajorBump),
} as const;

export type ContractFaultId = keyof typeof CONTRACT_FAULT_CATALOGUE;
export const CONTRACT_FAULT_IDS = Object.keys(CONTRACT_FAULT_CATALOGUE) as ContractFaultId[];
