import { describe, expect, test } from 'vitest';
import { toCompleteTurn } from '../../../src/matchers/to-complete-turn.js';
import { toFollowTurnTaxonomy } from '../../../src/matchers/to-follow-turn-taxonomy.js';
import { acp, acpOpen, chunk, cleanAcp, prompt, stop } from '../agentcli/frames.js';
import { rulePage } from '../../../src/report/rule-pages.js';

expect.extend({ toCompleteTurn, toFollowTurnTaxonomy });
declare module 'vitest' {
  interface Assertion<T> {
    toCompleteTurn(options?: { stopReason?: string }): T;
    toFollowTurnTaxonomy(options?: {
      capabilities?: Record<string, boolean>;
      secrets?: readonly string[];
      strict?: boolean;
    }): T;
  }
}

const ended = [
  { type: 'text-delta', text: 'hi' },
  { type: 'turn-end', stopReason: 'end_turn' },
];
const crashed = [{ type: 'text-delta', turn: 0, text: 'hi' }];
const late = acp(...acpOpen(), prompt(2), chunk('a'), stop(2), chunk('late'));
// A prompt the agent never answers: the turn has no end (JSON-RPC 2.0: a request MUST get a response).
const unanswered = acp(...acpOpen(), prompt(2), chunk('a'));

describe('toCompleteTurn', () => {
  test('pass, .not, stopReason', () => {
    expect(ended).toCompleteTurn();
    expect(ended).toCompleteTurn({ stopReason: 'end_turn' });
    expect(ended).not.toCompleteTurn({ stopReason: 'cancelled' });
    expect(cleanAcp()).toCompleteTurn({ stopReason: 'end_turn' });
    expect(crashed).not.toCompleteTurn();
    expect(unanswered).not.toCompleteTurn();
    // The matcher asks for exactly one end with nothing after it, whatever the severity of that sub-rule.
    expect(late).not.toCompleteTurn();
    expect([]).not.toCompleteTurn();
  });

  test('the failure message: hint, rule id, line, docs', () => {
    const message = toCompleteTurn.call({}, unanswered).message();
    expect(message.split('\n')[0]).toBe('expect(received).toCompleteTurn()');
    expect(message).toContain('AGENTCLI-22/no-turn-end');
    expect(message).toContain(`see ${rulePage('docs/rules/AGENTCLI-22.md')}`);
    const stopped = toCompleteTurn.call({}, ended, { stopReason: 'cancelled' });
    expect(stopped.message()).toContain('stopReason "cancelled"');
    expect(stopped).toMatchObject({ actual: 'end_turn', expected: 'cancelled' });
    expect(toCompleteTurn.call({ isNot: true }, ended).message().split('\n')[0]).toBe(
      'expect(received).not.toCompleteTurn()',
    );
  });

  test('only AGENTCLI-22: other rules do not fail it', () => {
    expect(acp(...acpOpen(999), prompt(2), stop(2))).toCompleteTurn();
  });

  test('a usage error for what is neither a transcript nor an array', () => {
    expect(() => expect('text').toCompleteTurn()).toThrow(/expects an AgentTranscript/);
  });
});

describe('toFollowTurnTaxonomy', () => {
  test('pass and .not', () => {
    expect(cleanAcp()).toFollowTurnTaxonomy();
    expect(ended).toFollowTurnTaxonomy();
    // Each of these is the kit's reading, not a MUST of the text: a warning by default, a failure under strict.
    expect(acp(...acpOpen(999))).toFollowTurnTaxonomy();
    expect(acp(...acpOpen(999))).not.toFollowTurnTaxonomy({ strict: true });
    expect([{ type: 'message', text: 'x' }, { type: 'turn-end' }]).not.toFollowTurnTaxonomy({
      strict: true,
    });
    expect(cleanAcp()).not.toFollowTurnTaxonomy({
      capabilities: { tool_calls: false },
      strict: true,
    });
    expect(unanswered).not.toFollowTurnTaxonomy();
  });

  test('the message names the rule, the line and the docs, never the secret', () => {
    const secret = 'sk-test-Vb7Q2mX9pLk3Wz';
    const t = acp(...acpOpen(), prompt(2), chunk(`my key is ${secret}`), stop(2));
    const result = toFollowTurnTaxonomy.call({}, t, { secrets: [secret], strict: true });
    expect(result.pass).toBe(false);
    const message = result.message();
    expect(message).toContain('expect(received).toFollowTurnTaxonomy(options)');
    expect(message).toContain('AGENTCLI-25/secret-echoed');
    expect(message).toContain('line 6: ');
    expect(message).toContain(`see ${rulePage('docs/rules/AGENTCLI-25.md')}`);
    expect(message).toContain('AGENTCLI-25 fail');
    expect(message).not.toContain(secret);
    expect(toFollowTurnTaxonomy.call({ isNot: true }, cleanAcp()).message()).toContain(
      'AGENTCLI-20 pass',
    );
  });

  test('unknown event types are named', () => {
    const message = toFollowTurnTaxonomy
      .call({}, [{ type: 'delta', text: 'x' }, { type: 'turn-end' }], { strict: true })
      .message();
    expect(message).toContain('AGENTCLI-22/unknown-type: event 1 has type "delta"');
  });
});
