/**
 * A DELIBERATELY BUGGY consumer with the same API as run-aoi.ts: every mistake below is a common one,
 * and the test suite (run with CONSUMER_IMPL=buggy) must catch each. Do not copy this file.
 */
import { spawn as nodeSpawn } from 'node:child_process';
import type { AoiErrorInfo, AoiEvent, AoiResult, RunAoiOptions } from './run-aoi.js';

/** BUG: decodes each chunk on its own, so a character split across reads turns into U+FFFD. */
function parseText(text: string): AoiEvent[] {
  return text.split('\n').flatMap((line) => {
    try {
      return [JSON.parse(line) as AoiEvent]; // BUG: any JSON value passes for an event
    } catch {
      return []; // BUG: prose, banners and ANSI-coloured lines are skipped as if harmless
    }
  });
}

export async function readAoiStream(
  source: AsyncIterable<Uint8Array | string>,
): Promise<Pick<AoiResult, 'events' | 'summary' | 'error'>> {
  let text = '';
  for await (const chunk of source) text += chunk.toString();
  const events = parseText(text);
  // BUG: with no summary, a stream that merely ended counts as fine.
  return { events, summary: events.findLast((event) => event?.type === 'aoi:summary') };
}

export function runAoi(
  command: string,
  args: readonly string[],
  options: RunAoiOptions = {},
): Promise<AoiResult> {
  const spawn = options.spawn ?? nodeSpawn;
  return new Promise((resolve) => {
    const child = spawn(command, [...args], options.env ? { env: options.env } : {});
    let text = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // This much it gets right: EPIPE on the stdin of a child that exited early is not a crash.
    child.stdin?.on('error', () => {});
    child.stdin?.end(options.input);
    const base = { events: [], summary: undefined, errors: [], retryable: false, stderr };
    child.on('error', (error) =>
      resolve({
        ...base,
        ok: false,
        exitCode: null,
        signal: null,
        error: { reason: 'spawn-failed', message: error.message },
      }),
    );
    // BUG: on timeout, SIGTERM only, and return at once: a child that ignores it runs on, unreaped.
    const timer = setTimeout(() => {
      child.kill();
      resolve({
        ...base,
        ok: false,
        exitCode: null,
        signal: null,
        error: { reason: 'timeout', message: `${command} timed out` },
      });
    }, options.timeoutMs ?? 30_000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const events = parseText(text);
      const summary = events.findLast((event) => event?.type === 'aoi:summary');
      const errors: AoiErrorInfo[] = events
        .filter((event) => event?.type === 'aoi:error')
        .map((event) => ({
          category: event.category as string | undefined,
          code: event.code as string | undefined,
          message: String(event.message ?? ''),
          retryable: event.retryable === true, // BUG: ignores the §9.1 default of the category
          hint: event.hint as string | undefined,
        }));
      // BUG: "helpful" auto-remediation runs the hint as a command.
      for (const { hint } of errors) if (hint) spawn(hint.split(' ')[0]!, hint.split(' ').slice(1));
      // BUG: trusts exit 0 when there is no summary, and never looks at the signal.
      const ok = summary ? summary.ok !== false : code === 0;
      resolve({
        ok,
        events,
        summary,
        errors,
        retryable: errors.length > 0 && errors.every((error) => error.retryable),
        exitCode: code,
        signal,
        stderr,
        // BUG: quotes stderr in the message, secrets and all.
        ...(ok
          ? {}
          : {
              error: {
                reason: summary ? 'summary-not-ok' : 'no-summary',
                message: `${command} failed: ${stderr}`,
              },
            }),
      });
    });
  });
}
