import type { ChildProcess } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import type {
  AgentProtocol,
  AgentTranscript,
  TranscriptFrame,
} from '../spec/agentcli/transcript.js';

export interface AgentTranscriptRecorder {
  /** What was said so far (a copy): frames in the order the recorder saw them, stderr, and the exit once known. */
  transcript(): AgentTranscript;
}

/**
 * Record the conversation a runner has with an agent CLI it spawned: every line written on the child's
 * stdin (`to-agent`) and read from its stdout (`from-agent`), parsed as JSON-RPC for acp/mcp (a line that is
 * not JSON is kept raw), raw for proprietary. Call it right after spawning, before the first write: it
 * wraps `child.stdin.write` and listens to stdout and stderr (it never sets their encoding, so the runner
 * reads exactly what it read before). Listening drains stderr: a test of whether the runner itself drains
 * it (the stderr-noise fault) must not record.
 */
export function recordAgentTranscript(
  child: ChildProcess,
  protocol: AgentProtocol,
): AgentTranscriptRecorder {
  const t0 = Date.now();
  const frames: TranscriptFrame[] = [];
  let stderr = '';
  let exit: { code: number | null; signal: string | null } | undefined;
  const frame = (direction: TranscriptFrame['direction'], raw: string) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const at = Date.now() - t0;
    if (protocol !== 'proprietary') {
      try {
        frames.push({ direction, message: JSON.parse(line), at });
        return;
      } catch {
        // not JSON: kept as the raw line
      }
    }
    frames.push({ direction, line, at });
  };
  const splitter = (direction: TranscriptFrame['direction']) => {
    const decoder = new StringDecoder('utf8');
    let partial = '';
    return {
      push(chunk: unknown, encoding?: BufferEncoding) {
        const text =
          typeof chunk === 'string'
            ? encoding && encoding !== 'utf8' && encoding !== 'utf-8'
              ? Buffer.from(chunk, encoding).toString('utf8')
              : chunk
            : chunk instanceof Uint8Array
              ? decoder.write(Buffer.from(chunk))
              : '';
        const parts = (partial + text).split('\n');
        partial = parts.pop()!;
        for (const part of parts) frame(direction, part);
      },
      end() {
        partial += decoder.end();
        if (partial !== '') frame(direction, partial);
        partial = '';
      },
    };
  };
  const toAgent = splitter('to-agent');
  const fromAgent = splitter('from-agent');
  const stdin = child.stdin;
  if (stdin) {
    const write = stdin.write.bind(stdin) as (...args: unknown[]) => boolean;
    (stdin as { write: (...args: unknown[]) => boolean }).write = (
      chunk: unknown,
      ...rest: unknown[]
    ) => {
      try {
        toAgent.push(chunk, typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined);
      } catch {
        // recording never breaks the runner
      }
      return write(chunk, ...rest);
    };
  }
  child.stdout?.on('data', (chunk: Buffer | string) => fromAgent.push(chunk));
  child.stdout?.on('end', () => fromAgent.end());
  child.stderr?.on('data', (chunk: Buffer | string) => {
    if (stderr.length < 1 << 20) stderr += chunk.toString();
  });
  child.once('exit', (code, signal) => {
    exit = { code, signal };
  });
  return {
    transcript: () => ({
      protocol,
      frames: [...frames],
      ...(stderr ? { stderr } : {}),
      ...(exit ? { exit } : {}),
    }),
  };
}
