import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  aoiRun,
  aoiStreamWithDefect,
  chunked,
  DEFECT_IDS,
  DEFECT_SHAPES,
  DEFECTS,
  type DefectiveStream,
  type DefectShape,
} from '../../src/arbitraries/index.js';
import { defectOnShape } from '../../src/arbitraries/aoi/defects.js';
import {
  checkStream,
  createStreamChecker,
  type StreamReport,
} from '../../src/checks/aoi/stream.js';
import { FAULT_CATALOGUE } from '../../src/fakes/aoi/faults/index.js';
import { writeTable } from '../support/tables.js';

/**
 * Mutation score of the stream checker: every labelled defect (the fake CLIs' fault catalogue), on
 * generated streams of every shape its declaration holds on (its reference run, and where it holds a
 * mutation, a doctor run, an unbounded stream), must be reported as exactly the sub-rules it declares —
 * no fewer (a miss) and no more (noise). The table is printed; 100% is the bar.
 */
const RUNS_PER_ROW = 40;

const judge = (stream: DefectiveStream): StreamReport =>
  checkStream(stream.bytes, {
    exitCode: stream.exitCode,
    signal: stream.signal,
    unbounded: stream.unbounded,
  });
const reported = (report: StreamReport) => [...new Set(report.findings.map((f) => f.id))].sort();

interface Row {
  defect: string;
  shape: DefectShape;
  declared: string;
  runs: number;
  exact: number;
  missed: Set<string>;
  extra: Set<string>;
}

/** Judge every defect on every shape it holds on, RUNS_PER_ROW times with `judgeIds`; one row per defect and shape. */
function mutationTable(judgeIds: (stream: DefectiveStream) => string[]): Row[] {
  return DEFECTS.flatMap((defect) =>
    defect.shapes.map((shape) => {
      const row: Row = {
        defect: defect.id,
        shape,
        declared: defect.violates.join(' '),
        runs: 0,
        exact: 0,
        missed: new Set(),
        extra: new Set(),
      };
      for (const stream of fc.sample(aoiStreamWithDefect(defect.id, { shapes: [shape] }), {
        numRuns: RUNS_PER_ROW,
        seed: 20261122,
      })) {
        expect(stream.unbounded).toBe(shape === 'unbounded');
        const got = judgeIds(stream);
        row.runs++;
        const missed = defect.violates.filter((id) => !got.includes(id));
        const extra = got.filter((id) => !defect.violates.includes(id));
        if (missed.length === 0 && extra.length === 0) row.exact++;
        for (const id of missed) row.missed.add(id);
        for (const id of extra) row.extra.add(id);
      }
      return row;
    }),
  );
}

const score = (rows: readonly Row[]) =>
  rows.reduce((sum, row) => sum + row.exact, 0) / rows.reduce((sum, row) => sum + row.runs, 0);

function printTable(rows: readonly Row[]) {
  const lines = rows.map((row) => {
    const detected = `${row.exact}/${row.runs}`;
    const notes = [
      row.missed.size ? `missed ${[...row.missed].join(' ')}` : '',
      row.extra.size ? `extra ${[...row.extra].join(' ')}` : '',
    ]
      .filter(Boolean)
      .join('; ');
    return `| ${row.defect} | ${row.shape} | ${row.declared} | ${detected} | ${notes} |`;
  });
  const header = [
    '| defect | shape | declared sub-rules | detected exactly | notes |',
    '|---|---|---|---|---|',
  ];
  const perShape = DEFECT_SHAPES.map(
    (shape) => `${shape} ${rows.filter((row) => row.shape === shape).length}`,
  ).join(', ');
  writeTable(
    'mutation-score',
    `\nMutation score of the stream checker: ${(score(rows) * 100).toFixed(1)}% (${DEFECTS.length} defects on ${rows.length} defect × shape pairs — ${perShape} — × ${RUNS_PER_ROW} generated streams)\n${[...header, ...lines].join('\n')}\n`,
  );
}

describe('aoiStreamWithDefect(): the checker reports exactly the declared sub-rules', () => {
  const rows = mutationTable((stream) => reported(judge(stream)));
  afterAll(() => printTable(rows));

  it('covers every stream fault of the catalogue and every variant', () => {
    const faults = new Set(DEFECTS.map((d) => d.fault));
    expect([...faults].sort()).toEqual(Object.keys(FAULT_CATALOGUE).sort());
    const variants = Object.values(FAULT_CATALOGUE).reduce(
      (n, entry) => n + Object.keys(entry.variants).length,
      0,
    );
    expect(DEFECTS.length).toBe(faults.size + variants);
  });

  it('injects defects into mutation, doctor and unbounded streams too, not only the two reference runs', () => {
    for (const defect of DEFECTS) expect(defect.shapes[0]).toBe(defect.run);
    const onShape = (shape: DefectShape) =>
      DEFECTS.filter((defect) => defect.shapes.includes(shape)).length;
    expect(onShape('mutation')).toBeGreaterThan(40);
    expect(onShape('doctor')).toBeGreaterThan(30);
    expect(onShape('unbounded')).toBeGreaterThan(25);
    expect(DEFECTS.find((defect) => defect.id === 'exit-zero-on-failure')?.shapes).toEqual([
      'get-missing',
      'unbounded',
    ]);
  });

  it.each(rows.map((row) => [`${row.defect} on ${row.shape}`, row] as const))('%s', (_id, row) => {
    expect({ missed: [...row.missed], extra: [...row.extra] }).toEqual({ missed: [], extra: [] });
    expect(row.exact).toBe(RUNS_PER_ROW);
  });

  it('scores 100%', () => {
    expect(score(rows)).toBe(1);
  });

  it('a defect is kept off a mutation, doctor or unbounded stream only where its declaration does not hold', () => {
    // Each such shape a defect is kept off: on it, the checker reports something else than the declaration.
    const extraShapes: DefectShape[] = ['mutation', 'doctor', 'unbounded'];
    const wronglyKeptOff = DEFECTS.flatMap((defect) =>
      extraShapes
        .filter((shape) => !defect.shapes.includes(shape))
        .flatMap((shape) => {
          const exact = fc
            .sample(defectOnShape(defect.id, shape), { numRuns: 10, seed: 5 })
            .every((stream) => {
              const got = reported(judge(stream));
              return (
                got.length === defect.violates.length &&
                defect.violates.every((id) => got.includes(id))
              );
            });
          return exact ? [`${defect.id} on ${shape}`] : [];
        }),
    );
    expect(wronglyKeptOff).toEqual([]);
  });

  it('a labelled defect is always present: 2,000 unbounded streams with reserved-domain-name all carry it', () => {
    // Issue 38, item 12: an unbounded body drawn all heartbeats had no domain event to rename (10 in 3,000 clean).
    const streams = fc.sample(defectOnShape('reserved-domain-name', 'unbounded'), {
      numRuns: 2000,
      seed: 38,
    });
    const clean = streams.filter(
      (stream) => !reported(judge(stream)).includes('AOI-04/reserved-name'),
    );
    expect(clean.length).toBe(0);
  });

  it('the table can fail: a checker that drops one rule scores below 100%, on exactly that rule’s defects', () => {
    const blind = mutationTable((stream) =>
      reported(judge(stream)).filter((id) => !id.startsWith('AOI-05/')),
    );
    const failing = [
      ...new Set(blind.filter((row) => row.exact < row.runs).map((row) => row.defect)),
    ];
    const expected = DEFECTS.filter((d) => d.violates.some((id) => id.startsWith('AOI-05/'))).map(
      (d) => d.id,
    );
    expect(expected.length).toBeGreaterThan(2);
    expect(failing).toEqual(expected);
    expect(score(blind)).toBeLessThan(1);
    // A whole mutation table (about 12 s on a quiet machine): room for a loaded one.
  }, 180_000);
});

describe('defects in any chunking', () => {
  it('a defective stream cut anywhere is judged as the whole buffer is', () => {
    fc.assert(
      fc.property(chunked(aoiStreamWithDefect(), { maxCuts: 6 }), (stream) => {
        const checker = createStreamChecker({ unbounded: stream.unbounded });
        for (const chunk of stream.chunks) checker.write(chunk);
        const end = { exitCode: stream.exitCode, signal: stream.signal };
        expect(reported(checker.end(end))).toEqual([...stream.defect.violates].sort());
      }),
      { numRuns: 300 },
    );
  });

  it('rejects an unknown defect id with the list of known ones', () => {
    expect(() => aoiStreamWithDefect('no-such-defect')).toThrow(
      /unknown defect "no-such-defect"; defects: mixing-prose/,
    );
    expect(DEFECT_IDS).toContain('crash-before-summary/exit-70');
    expect(() => aoiStreamWithDefect('mixing-prose', { shapes: ['nope' as never] })).toThrow(
      /unknown shape "nope"/,
    );
    expect(() =>
      aoiStreamWithDefect('truncated-without-cursor', { shapes: ['unbounded'] }),
    ).toThrow(/none of these defects holds/);
  });
});

describe('aoiRun(): consistent or labelled, and a judge tells them apart', () => {
  it('a consistent run has no finding; an inconsistent one has exactly its label’s', () => {
    let consistent = 0;
    let inconsistent = 0;
    fc.assert(
      fc.property(aoiRun(), (run) => {
        const report = checkStream(run.stdout, {
          exitCode: run.exitCode,
          signal: run.signal,
          unbounded: run.unbounded,
        });
        expect(reported(report)).toEqual([...run.violates].sort());
        expect(run.consistent).toBe(run.violates.length === 0);
        expect(run.label).toBe(run.consistent ? 'conformant' : run.defect!.id);
        if (run.consistent) consistent++;
        else inconsistent++;
      }),
      { numRuns: 300 },
    );
    expect(consistent).toBeGreaterThan(0);
    expect(inconsistent).toBeGreaterThan(0);
  });

  it('consistent: false draws only defective runs, of the defects asked for', () => {
    fc.assert(
      fc.property(
        aoiRun({ consistent: false, defects: ['crash-before-summary', 'killed-mid-stream'] }),
        (run) => {
          expect(['crash-before-summary', 'killed-mid-stream']).toContain(run.label);
          expect(run.consistent).toBe(false);
        },
      ),
      { numRuns: 50 },
    );
  });
});
