import { SCENARIO_KINDS, SCENARIO_SPECS } from '../corpus/kinds.js';
import { SCHEMA_NAME, SCHEMA_VERSION } from './meta.js';

const FINDING = {
  type: 'object',
  required: ['id', 'severity', 'message'],
  properties: {
    id: { type: 'string' },
    severity: { enum: ['error', 'warning'] },
    message: { type: 'string' },
    line: { type: 'integer' },
    excerpt: { type: 'string' },
    probe: { type: 'string' },
  },
};

/** The schema of the kit's own events (`aoi-testkit schema --output json`): what the JSONL reporter writes for `check`, `lint`, `manifest`, `consumer` and `scenarios` (also with `--run`). */
export function eventSchema(): object {
  const domain: Record<string, object> = {
    'aoi:check': {
      required: ['name', 'ok', 'severity', 'status', 'docs'],
      properties: {
        name: { type: 'string', pattern: '^(AOI|AGENTCLI|CMDHELP|EXEC|APP)-[0-9]{2}$' },
        ok: { type: 'boolean' },
        severity: { enum: ['info', 'warning', 'error'] },
        status: { enum: ['pass', 'fail', 'skip', 'not_applicable'] },
        command: { type: 'string' },
        characteristics: { type: 'array', items: { type: 'string' } },
        findings: { type: 'array', items: FINDING },
        notes: { type: 'array', items: { type: 'string' } },
        docs: { type: 'string' },
      },
    },
    scenario: {
      required: ['id', 'kind', 'spec', 'expected'],
      properties: {
        id: { type: 'string' },
        kind: { enum: [...SCENARIO_KINDS] },
        spec: { enum: [...SCENARIO_SPECS] },
        expected: { type: 'object' },
      },
    },
    // scenarios --run: the kit's verdict on a scenario against the expected one (actual absent when it could not be judged, error says why).
    scenario_result: {
      required: ['id', 'kind', 'ok', 'expected', 'duration_ms'],
      properties: {
        id: { type: 'string' },
        kind: { enum: [...SCENARIO_KINDS] },
        ok: { type: 'boolean' },
        expected: { type: 'object' },
        actual: { type: 'object' },
        error: { type: 'string' },
        difference: { type: 'string' },
        duration_ms: { type: 'integer', minimum: 0 },
      },
    },
  };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `https://unpkg.com/aoi-testkit/dist/schemas/cli/${SCHEMA_VERSION}/events.schema.json`,
    title: `${SCHEMA_NAME}@${SCHEMA_VERSION}`,
    type: 'object',
    required: ['type'],
    properties: {
      type: {
        enum: ['aoi:meta', 'aoi:error', 'aoi:warning', 'aoi:summary', ...Object.keys(domain)],
      },
    },
    allOf: Object.entries(domain).map(([type, shape]) => ({
      if: { properties: { type: { const: type } }, required: ['type'] },
      then: { type: 'object', ...shape },
    })),
  };
}
