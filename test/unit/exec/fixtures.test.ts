import { Ajv } from 'ajv';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkExecOutput, type ExecOutputOptions } from '../../../src/checks/exec/index.js';
import { createAjv } from '../../../src/spec/ajv.js';
import envelopeSchema from '../../../src/spec/exec/response-envelope.schema.json' with { type: 'json' };

const root = fileURLToPath(new URL('../../../fixtures/exec/', import.meta.url));
const upstream = fileURLToPath(
  new URL('../../upstream/cli-agent-spec/response-envelope.json', import.meta.url),
);
const cases = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const upstreamEnvelope = new Ajv({ allErrors: true, strict: false }).compile(
  JSON.parse(readFileSync(upstream, 'utf8')) as object,
);
const kitEnvelope = createAjv([]).compile(envelopeSchema);

interface Expected {
  description: string;
  exit: number | null;
  judgements: {
    options: ExecOutputOptions;
    ok: boolean;
    findings: string[];
    verdicts: Record<string, string>;
  }[];
}

describe('fixtures/exec', () => {
  it('has clean, fault and hand-written cases', () => {
    expect(cases.filter((c) => c.startsWith('clean-')).length).toBeGreaterThanOrEqual(5);
    expect(cases.filter((c) => c.startsWith('fault-')).length).toBeGreaterThanOrEqual(4);
  });

  for (const name of cases) {
    it(`${name}: the checker says what expected.json says`, () => {
      const dir = join(root, name);
      const input = readFileSync(join(dir, 'input.jsonl'), 'utf8');
      const output = readFileSync(join(dir, 'output.jsonl'), 'utf8');
      const stderr = existsSync(join(dir, 'stderr.txt'))
        ? readFileSync(join(dir, 'stderr.txt'), 'utf8')
        : '';
      const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as Expected;
      expect(expected.judgements.length).toBeGreaterThan(0);
      for (const j of expected.judgements) {
        const r = checkExecOutput(input, output, expected.exit, { ...j.options, stderr });
        expect([...new Set(r.findings.map((f) => f.id))].sort(), JSON.stringify(j.options)).toEqual(
          j.findings,
        );
        expect(r.ok).toBe(j.ok);
        expect(Object.fromEntries(r.verdicts.map((v) => [v.rule, v.status]))).toEqual(j.verdicts);
      }
      if (name.startsWith('clean-') || name === 'guide-example') {
        for (const line of output.split('\n').filter(Boolean)) {
          const envelope = JSON.parse(line) as Record<string, unknown>;
          expect(kitEnvelope(envelope), line).toBe(true);
          // Upstream forbids top-level _cmd/_line: only the meta reading validates there.
          expect(upstreamEnvelope(envelope), line).toBe(
            !('_line' in envelope) && !('_cmd' in envelope),
          );
        }
      }
    });
  }
});
