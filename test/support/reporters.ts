/**
 * Validators of the reporters' output, shared by the unit and integration tests: JUnit parsed by a real XML
 * parser (and, where xmllint is installed, validated against test/support/junit.xsd), SARIF validated against
 * the published SARIF 2.1.0 schema (test/upstream/sarif) with ajv.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const JUNIT_XSD = join(root, 'test', 'support', 'junit.xsd');

/** CI installs xmllint (.ci/run) and sets AOI_TESTKIT_REQUIRE_XMLLINT=1: there a missing xmllint fails instead of skipping. */
export const HAS_XMLLINT = (() => {
  try {
    execFileSync('xmllint', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    if (process.env.AOI_TESTKIT_REQUIRE_XMLLINT === '1')
      throw new Error(
        'xmllint is required here (AOI_TESTKIT_REQUIRE_XMLLINT=1): apt-get install libxml2-utils',
      );
    return false;
  }
})();

export interface JunitCase {
  name: string;
  classname: string;
  failure?: { message: string; type: string; text: string };
  skipped?: { message: string };
  'system-out'?: string;
}
export interface JunitSuite {
  name: string;
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
  testcase: JunitCase[];
}

/** Parse JUnit XML with fast-xml-parser (well-formedness checked first); throws with the parser's message when it is not XML. */
export function parseJunit(xml: string): {
  testsuites: { tests: number; failures: number; skipped: number; testsuite: JunitSuite[] };
} {
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    throw new Error(`not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    textNodeName: 'text',
    parseAttributeValue: false,
    isArray: (name) => name === 'testsuite' || name === 'testcase',
  });
  const doc = parser.parse(xml) as {
    testsuites: Record<string, unknown> & { testsuite?: Record<string, unknown>[] };
  };
  const num = (v: unknown) => Number(v);
  const suites = (doc.testsuites.testsuite ?? []).map((s) => ({
    ...(s as object),
    tests: num(s.tests),
    failures: num(s.failures),
    errors: num(s.errors),
    skipped: num(s.skipped),
    testcase: ((s.testcase as JunitCase[] | undefined) ?? []).map((c) =>
      typeof c === 'string' ? ({ name: '', classname: '' } as JunitCase) : c,
    ),
  })) as JunitSuite[];
  return {
    testsuites: {
      tests: num(doc.testsuites.tests),
      failures: num(doc.testsuites.failures),
      skipped: num(doc.testsuites.skipped),
      testsuite: suites,
    },
  };
}

/** xmllint --schema against the JUnit XSD: undefined when valid, else its complaint. Only where xmllint exists (HAS_XMLLINT). */
export function xsdProblems(xml: string): string | undefined {
  const file = join(mkdtempSync(join(tmpdir(), 'aoi-junit-')), 'report.xml');
  writeFileSync(file, xml);
  const run = spawnSync('xmllint', ['--noout', '--schema', JUNIT_XSD, file], { encoding: 'utf8' });
  return run.status === 0 ? undefined : run.stderr;
}

type AddFormats = (ajv: Ajv) => Ajv;
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ??
  (addFormatsModule as unknown as AddFormats);

let sarifValidator: ValidateFunction | undefined;
/** Validate a SARIF log against the published 2.1.0 schema (draft-04, read as draft-07: only its top-level `id` keyword differs). */
export function sarifProblems(log: unknown): string[] {
  if (!sarifValidator) {
    const schema = JSON.parse(
      readFileSync(join(root, 'test', 'upstream', 'sarif', 'sarif-schema-2.1.0.json'), 'utf8'),
    ) as Record<string, unknown>;
    const { $schema: _draft, id, ...rest } = schema;
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    sarifValidator = ajv.compile({ ...rest, $id: id as string });
  }
  const validate = sarifValidator;
  return validate(log)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message ?? ''}`);
}
