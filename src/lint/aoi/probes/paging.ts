import { judgeCursor, judgeLimits } from '../../../checks/aoi/probe/paging.js';
import { toExcerpt } from '../../../stream/finding.js';
import { withFlag, withoutFlag } from '../plan.js';
import type { AfterBaseSubject, ProbeModule } from './module.js';

const query = (invocation: readonly string[]) => withoutFlag(invocation, '--cursor', true);
const page = (invocation: readonly string[], limit: string) =>
  withFlag(query(invocation), '--limit', limit);

/** AOI-11 (§15): `--limit 1`, `--limit 2`, then page 1's cursor. */
export const paging: ProbeModule<AfterBaseSubject> = {
  rules: ['AOI-11'],
  plan({ plan, invocation, base }, lint) {
    if (!plan.paged) return [];
    if (!base.succeeded) return { skip: base.failed };
    return ['1', '2'].map((limit) => ({
      key: `limit ${limit}`,
      args: lint.machine(page(invocation, limit)),
    }));
  },
  async judge({ command, invocation }, runs, lint) {
    const [one, two] = [runs.get('limit 1')!, runs.get('limit 2')!];
    // Both pages are judged as streams before either is read.
    const judged = [lint.judgeStream(command, one), lint.judgeStream(command, two)];
    if (judged.some((outcome) => outcome !== 'readable')) return;
    const cursor = judgeLimits(one.events, two.events, lint.reporter(command, one.label));
    lint.verdicts.exercised('AOI-11', command);
    if (cursor === undefined) return;
    const next = await lint.runner.probe(
      lint.machine(withFlag(page(invocation, '1'), '--cursor', cursor)),
    );
    if (lint.judgeStream(command, next) === 'readable')
      judgeCursor(
        one.events,
        next,
        lint.reporter(command, toExcerpt(next.label.replace(cursor, '<next_cursor>'))),
      );
  },
};
