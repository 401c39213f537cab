import { readFileSync } from 'node:fs';
import { requiredNamespaceSupport } from '../../support/network-namespace.js';
import { afterEach, describe, expect, test } from 'vitest';
import type { ForeignTool } from '../../../src/corpus/scenarios.js';
import type { LintReport } from '../../../src/lint/aoi/lint.js';
import { expectDeclared, lintForeign } from './foreign-tool.js';

/**
 * Network use by any language (issue 34, row 6). pynet (Python standard library) and shnet (bash) reach for the
 * network in `schema` the way their authors would: socket.getaddrinfo and a TCP connect to a literal address;
 * `getent hosts` and bash's /dev/tcp. None of them consults a proxy variable, so only the network-namespace
 * tripwire sees them. Their network.json (not tool.json: the corpus's verdicts must not depend on the machine)
 * says which finding each defect gets. The clean tools get none, and the verdict names the tripwire.
 */
const ROOT = new URL('../../../', import.meta.url).pathname;
const tool = (name: string): ForeignTool =>
  JSON.parse(readFileSync(`${ROOT}fixtures/foreign/${name}/network.json`, 'utf8')) as ForeignTool;
const support = await requiredNamespaceSupport();
const notes = (report: LintReport, command: string) =>
  report.verdicts
    .filter((v) => v.rule === 'AOI-01' && v.command === command)
    .flatMap((v) => v.notes ?? []);

describe.skipIf(!support.available)('the network-namespace tripwire on foreign tools', () => {
  describe.each(['pynet', 'shnet'])('%s', (name) => {
    const foreign = tool(name);

    test(
      'the clean tool: zero findings, and AOI-01 says the namespace watched',
      { timeout: 300_000 },
      async () => {
        const report = await lintForeign(foreign);
        expectDeclared(report, []);
        expect(notes(report, 'schema').join('\n')).toContain('network namespace');
      },
    );

    test.each(Object.entries(foreign.defects))(
      'defect %s: AOI-01/schema-network, seen by the namespace',
      { timeout: 300_000 },
      async (defect, { findings }) => {
        const report = await lintForeign(foreign, defect);
        expectDeclared(report, findings);
        const messages = report.verdicts.flatMap((v) => v.findings.map((f) => f.message));
        expect(messages.join('\n')).toMatch(/schema reached for the network: namespace (dns|tcp) /);
      },
    );
  });
});

describe.skipIf(!support.available)('the proxy tripwire, the fallback, as the control', () => {
  const saved = process.env.AOI_TESTKIT_NETWORK_TRIPWIRE;
  afterEach(() => {
    if (saved === undefined) delete process.env.AOI_TESTKIT_NETWORK_TRIPWIRE;
    else process.env.AOI_TESTKIT_NETWORK_TRIPWIRE = saved;
  });

  test(
    'pynet schema-resolves passes under the proxy tripwire: only the namespace sees a libc lookup; the verdict says which judged',
    { timeout: 300_000 },
    async () => {
      process.env.AOI_TESTKIT_NETWORK_TRIPWIRE = 'proxy';
      const report = await lintForeign(tool('pynet'), 'schema-resolves');
      expectDeclared(report, []);
      expect(notes(report, 'schema').join('\n')).toContain(
        'the proxy variables and the Node preload (no network namespace: AOI_TESTKIT_NETWORK_TRIPWIRE=proxy',
      );
    },
  );
});
