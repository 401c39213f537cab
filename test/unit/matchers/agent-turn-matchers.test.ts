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
    }): T;
  }
}

const ended = [
  { type: 'text-delta', text: 'hi' },
  { type: 'turn-end', stopReason: 'end_turn' },
];
const crashed = [{ type: 'text-delta', turn: 0, text: 'hi' }];
const late = acp(...acpOpen(), prompt(2), chunk('a'), stop(2), chunk('late'));

describe('toCompleteTurn', () => {
  test('pass, .not, stopReason', () => {
    expect(ended).toCompleteTurn();
    expect(ended).toCompleteTurn({ stopReason: 'end_turn' });
    expect(ended).not.toCompleteTurn({ stopReason: 'cancelled' });
    expect(cleanAcp()).toCompleteTurn({ stopReason: 'end_turn' });
    expect(crashed).not.toCompleteTurn();
    expect(late).not.toCompleteTurn();
    expect([]).not.toCompleteTurn();
  });

  test('the failure message: hint, rule id, line, docs', () => {
    const message = toCompleteTurn.call({}, late).message();
    expect(message.split('\n')[0]).toBe('expect(received).toCompleteTurn()');
    expect(message).toContain(
      'AGENTCLI-22/event-after-end: a text-delta event of turn 1 after its turn-end',
    );
    expect(message).toContain('line 8: ');
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
    expect(acp(...acpOpen(999))).not.toFollowTurnTaxonomy();
    expect([{ type: 'message', text: 'x' }, { type: 'turn-end' }]).not.toFollowTurnTaxonomy();
    expect(cleanAcp()).not.toFollowTurnTaxonomy({ capabilities: { tool_calls: false } });
  });

  test('the message names the rule, the line and the docs, never the secret', () => {
    const secret = 'sk-test-Vb7Q2mX9pLk3Wz';
    const t = acp(...acpOpen(), prompt(2), chunk(`my key is ${secret}`), stop(2));
    const result = toFollowTurnTaxonomy.call({}, t, { secrets: [secret] });
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
      .call({}, [{ type: 'delta', text: 'x' }, { type: 'turn-end' }])
      .message();
    expect(message).toContain('AGENTCLI-22/unknown-type: event 1 has type "delta"');
  });
});
