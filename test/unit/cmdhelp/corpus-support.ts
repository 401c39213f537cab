/** Judges one file of fixtures/cmdhelp by its name: cmdhelp.json, capabilities.txt or help.md. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  checkCmdhelpMarkdown,
  parseCapabilityLine,
  validateCmdhelpDocument,
} from '../../../src/checks/cmdhelp/index.js';

export const corpusDir = fileURLToPath(new URL('../../../fixtures/cmdhelp/', import.meta.url));

export interface ExpectedFinding {
  id: string;
  path?: string;
  line?: number;
}
export interface ExpectedFixture {
  path: string;
  valid: boolean;
  findings: ExpectedFinding[];
}

export function corpusFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/^(cmdhelp\.json|capabilities\.txt|help\.md)$/.test(name))
        out.push(relative(corpusDir, full));
    }
  };
  walk(join(corpusDir, 'valid'));
  walk(join(corpusDir, 'invalid'));
  return out;
}

export function judge(path: string): ExpectedFixture {
  const text = readFileSync(join(corpusDir, path), 'utf8');
  if (path.endsWith('cmdhelp.json')) {
    const report = validateCmdhelpDocument(text);
    return {
      path,
      valid: report.valid,
      findings: report.findings.map((f) => ({ id: f.id, path: f.path })),
    };
  }
  const findings = path.endsWith('capabilities.txt')
    ? parseCapabilityLine(text).findings
    : checkCmdhelpMarkdown(text, { binary: 'helpdesk' }).findings;
  return {
    path,
    valid: !findings.some((f) => f.severity === 'error'),
    findings: findings.map((f) => ({
      id: f.id,
      ...(f.line !== undefined ? { line: f.line } : {}),
    })),
  };
}
