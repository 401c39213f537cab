// The Action's outputs (action.yml), as `name=value` lines for $GITHUB_OUTPUT: the verdict counts of the jsonl
// report the lint step wrote, and the paths of the reports that exist. No report (the lint could not start): ok=false,
// counts empty.
// Usage: node action-outputs.mjs REPORT.jsonl JUNIT HTML BLOB
import { existsSync, readFileSync } from 'node:fs';

const [report, ...files] = process.argv.slice(2);
const [junit, html, blob] = files.map((file) => (file && existsSync(file) ? file : ''));
let ok = false;
const counts = { passed: '', failed: '', skipped: '' };
if (report && existsSync(report)) {
  const events = readFileSync(report, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
  const checks = events.filter((e) => e.type === 'aoi:check');
  const status = (e) => e.status ?? (e.ok ? 'pass' : 'fail');
  counts.passed = checks.filter((e) => status(e) === 'pass').length;
  counts.failed = checks.filter((e) => status(e) === 'fail').length;
  counts.skipped = checks.length - counts.passed - counts.failed;
  ok = events.some((e) => e.type === 'aoi:summary' && e.ok === true);
}
const outputs = { ok, ...counts, junit, html, blob };
process.stdout.write(
  Object.entries(outputs)
    .map(([name, value]) => `${name}=${value}\n`)
    .join(''),
);
