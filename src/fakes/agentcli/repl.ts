import { createInterface } from 'node:readline';
import { PROMPT_LOG_CHARS } from '../../spec/agentcli/transcript.js';
import { isObject } from '../../stream/json.js';
import { pickTurn } from './scripts.js';
import {
  crash,
  FAKE_AGENT_VERSION,
  heardCancel,
  logLifecycle,
  malformedLine,
  secretEcho,
  sleep,
  stderrNoiseLines,
  TurnLog,
  Wire,
  writeStderrBlocking,
  type AgentSetup,
} from './runtime.js';
import type { ScriptStep } from './types.js';

/**
 * The fake proprietary agent: a line REPL speaking exactly the protocol of src/spec/agentcli/transcript.ts
 * (`ready`, `text`, `thought`, `tool`, `result`, `ask`, `done`, `error` out; `say`, `answer`, `cancel`, `quit` in).
 */
export async function runReplAgent(setup: AgentSetup): Promise<void> {
  const b = setup.behaviour;
  const o = setup.options;
  const wire = new Wire(b);
  const noise = { i: 0 };
  const out = (tag: string, payload?: unknown) =>
    wire.line(payload === undefined ? tag : `${tag} ${JSON.stringify(payload)}`);
  const answers = new Map<string, (text: string | undefined) => void>();
  let current: AbortController | undefined;
  let turns = 0;
  let defaultTurns = 0;
  let hugeSent = false;
  let queue: Promise<void> = Promise.resolve();

  const runTurn = async (prompt: string) => {
    const turnNo = ++turns;
    // What reached the agent, and when: the runner verb judges relay, continuation and max_turns from it.
    logLifecycle({ event: 'prompt', text: prompt.slice(0, PROMPT_LOG_CHARS) });
    const sent = new TurnLog();
    const controller = new AbortController();
    current = controller;
    const cancel = heardCancel(b, controller.signal);
    const cancelled = new Promise<void>((resolve) =>
      cancel.addEventListener('abort', () => resolve(), { once: true }),
    );
    const isCancelled = () => cancel.aborted;
    let updates = 0;
    const send = async (tag: string, payload: unknown) => {
      const c = b.crashMidTurn;
      if (c && c.turn === turnNo && updates >= c.afterUpdates) {
        await wire.drain();
        crash(c);
      }
      if (tag === 'text' && typeof payload === 'string') sent.message(payload);
      if (tag === 'tool' && isObject(payload) && typeof payload.id === 'string')
        sent.toolCall(payload.id);
      await out(tag, payload);
      updates++;
      if (b.stderrNoise?.perUpdateLines)
        writeStderrBlocking(stderrNoiseLines(b.stderrNoise.perUpdateLines, noise));
    };
    const done = async (stopReason: string) => {
      current = undefined;
      logLifecycle({ event: 'prompt-end', stopReason, ...sent.record() });
      await out('done', { stopReason });
      for (let i = 0; i < (b.eventsAfterTurnEnd ?? 0); i++)
        await out('text', `(late chunk ${i + 1} after the turn ended)`);
    };
    if (o.maxTurns !== undefined && turnNo > o.maxTurns) return done('max_turn_requests');
    const c = b.crashMidTurn;
    if (c && c.turn === turnNo && c.afterUpdates === 0) {
      await wire.drain();
      crash(c);
    }
    if (b.malformedFrame?.at === 'turn')
      await wire.line(malformedLine(b.malformedFrame.kind, 'proprietary'));
    if (b.hugeFrameBytes !== undefined && !hugeSent) {
      hugeSent = true;
      await send('text', 'x'.repeat(b.hugeFrameBytes));
    }
    const secret = secretEcho(setup);
    if (secret) await send('text', secret);
    const turn = pickTurn(setup.script, prompt, defaultTurns);
    if (turn.when === undefined) defaultTurns++;
    for (const step of turn.steps as ScriptStep[]) {
      if (isCancelled()) break;
      if ('text' in step) await send('text', step.text);
      else if ('thought' in step) await send('thought', step.thought);
      else if ('tool' in step)
        await send('tool', { id: step.tool.id, name: step.tool.name, args: step.tool.args ?? {} });
      else if ('toolResult' in step) {
        if (b.toolCallWithoutResult === 'hang') await new Promise<never>(() => {});
        if (b.toolCallWithoutResult) continue;
        await send('result', {
          id: step.toolResult.id,
          output: step.toolResult.output,
          ...(step.toolResult.isError ? { isError: true } : {}),
        });
      } else if ('ask' in step) {
        if (
          o.auto ||
          o.permissionMode === 'bypassPermissions' ||
          o.permissionMode === 'acceptEdits' ||
          o.permissionMode === 'plan'
        )
          continue;
        const answered = new Promise<string | undefined>((resolve) =>
          answers.set(step.ask.id, resolve),
        );
        await send('ask', { id: step.ask.id, question: step.ask.question });
        const answer = await Promise.race([answered, cancelled.then(() => undefined)]);
        answers.delete(step.ask.id);
        const rejected = answer !== undefined && /^(no|n|reject)/i.test(answer.trim());
        logLifecycle({
          event: 'permission',
          id: step.ask.id,
          outcome: answer === undefined ? 'cancelled' : rejected ? 'reject' : 'allow',
        });
        if (rejected) {
          await send('text', 'Permission denied: I will not do it.');
          return done('end_turn');
        }
      } else if ('workMs' in step) {
        await Promise.race([sleep(step.workMs), cancelled]);
      } else if ('error' in step) await send('error', { message: step.error });
      // `plan` has no REPL tag: the REPL does not show plans.
    }
    return done(isCancelled() ? 'cancelled' : (turn.stopReason ?? 'end_turn'));
  };

  /** `quit`, or stdin ended with a question waiting: the turn is cancelled (as the faults hear it) and no answer will come. */
  const stop = () => {
    current?.abort();
    for (const answer of answers.values()) answer(undefined);
  };

  if (b.malformedFrame?.at === 'handshake')
    await wire.line(malformedLine(b.malformedFrame.kind, 'proprietary'));
  if (b.handshakeDelayMs) await sleep(b.handshakeDelayMs);
  logLifecycle({ event: 'handshake' });
  await out('ready', { name: setup.name, version: FAKE_AGENT_VERSION });

  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    const [tag, rest] = line.split(/ (.*)/s, 2) as [string, string | undefined];
    let payload: unknown;
    try {
      payload = rest === undefined ? undefined : JSON.parse(rest);
    } catch {
      await out('error', { message: `not JSON after "${tag}"` });
      continue;
    }
    if (tag === 'quit') {
      stop();
      await wire.drain();
      return;
    }
    if (tag === 'cancel') {
      // Logged as received, before the turn obeys it or (ignores-cancel) does not.
      logLifecycle({ event: 'cancel' });
      current?.abort();
    } else if (tag === 'answer') {
      const { id, text } = (payload ?? {}) as { id?: string; text?: string };
      const resolve = id === undefined ? undefined : answers.get(id);
      if (resolve) resolve(String(text ?? ''));
      else
        await out('error', {
          message: `no question with id ${JSON.stringify(id)} is waiting for an answer`,
        });
    } else if (tag === 'say') {
      if (typeof payload !== 'string') {
        await out('error', { message: 'say takes a JSON string' });
        continue;
      }
      queue = queue.then(() => runTurn(payload));
    } else {
      await out('error', {
        message: `unknown command "${tag}"; the commands are say, answer, cancel, quit`,
      });
    }
  }
  // stdin ended: finish the turns already asked for (a piped script), unless one waits for an answer that cannot come.
  if (answers.size > 0) stop();
  await queue;
  await wire.drain();
}
