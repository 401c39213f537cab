/**
 * LIVE_SPECS: each live spec of SPECS with its entry (`lint/<spec>/index.ts`), in SPECS order. A live spec missing
 * here does not compile; `detectSpecs` and `lintProgram` iterate this table and name no spec themselves.
 */
import { LIVE_SPEC_IDS, type LiveSpecId } from '../spec/specs.js';
import { aoiSpec } from './aoi/index.js';
import { appSpec } from './app/index.js';
import { cmdhelpSpec } from './cmdhelp/index.js';
import { execSpec } from './exec/index.js';
import type { LiveSpec } from './live.js';

const BY_ID: Readonly<Record<LiveSpecId, LiveSpec>> = {
  aoi: aoiSpec,
  cmdhelp: cmdhelpSpec,
  exec: execSpec,
  app: appSpec,
};

/** The live specs, in SPECS order. */
export const LIVE_SPECS: readonly LiveSpec[] = LIVE_SPEC_IDS.map((id) => BY_ID[id]);
