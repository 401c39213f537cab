/**
 * helpdesk's command tree: the one source of truth its help renders to text, md and json (cmdhelp v0.1 §6).
 * Plain data; the fake never imports the kit's checks.
 */
import type { CmdhelpCommand, CmdhelpFlag } from '../../spec/cmdhelp/types.js';

export const BINARY = 'helpdesk';
export const VERSION = '2.3.1';
export const SUMMARY = 'helpdesk — a tiny ticket desk (aoi-testkit reference cmdhelp tool)';
/** Queues when the state directory names none (`queues.json`, a JSON list of names). */
export const DEFAULT_QUEUES = ['support', 'billing', 'it'];

export const GLOBAL_FLAGS: Record<string, CmdhelpFlag> = {
  profile: { type: 'string', description: 'Profile to use', default: 'default' },
  verbose: { type: 'bool', short: 'v', description: 'Log more on stderr' },
};

/** The tree, keyed by space-joined path; groups have no flags, args or examples. `{queues}` marks the dynamic enum. */
export const COMMANDS: Record<string, CmdhelpCommand> = {
  ticket: { summary: 'Work with tickets', see_also: ['queue'] },
  'ticket create': {
    summary: 'Open a new ticket.',
    args: [{ name: 'title', type: 'string', required: true, description: 'One-line title' }],
    flags: {
      queue: {
        type: 'enum',
        enum_source: 'dynamic:helpdesk queue list',
        description: 'Queue to file the ticket in',
      },
      priority: {
        type: 'enum',
        enum: ['low', 'normal', 'high'],
        default: 'normal',
        description: 'Priority',
      },
      urgent: { type: 'bool', description: 'Page the on-call person' },
      notify: {
        type: 'bool',
        negate_flag: '--no-notify',
        default: true,
        description: 'Email the requester',
      },
      tag: { type: 'string', repeatable: true, format: 'key=value', description: 'Attach a tag' },
    },
    stdin: { accepted: true, format: 'text/markdown' },
    stdout: { text_template: 'Opened {ref}: {title}', json_schema_ref: '#/schemas/Ticket' },
    exit_codes: {
      '0': 'ok',
      '2': { when: 'validation error', recovery: 'Check the queue and priority and try again' },
    },
    examples: [
      {
        cmd: 'helpdesk ticket create "Printer jam" --queue it --priority high',
        note: 'file a high-priority IT ticket',
      },
      {
        cmd: 'helpdesk ticket create "Refund" --queue billing --no-notify --tag order=42',
        note: 'quietly, with a tag',
      },
    ],
    see_also: ['ticket list', 'ticket close'],
    since: '1.0.0',
    stability: 'stable',
  },
  'ticket list': {
    summary: 'List tickets.',
    flags: {
      queue: {
        type: 'enum',
        enum_source: 'dynamic:helpdesk queue list',
        description: 'Only this queue',
      },
      open: { type: 'bool', description: 'Only open tickets' },
      limit: { type: 'int', default: 20, description: 'At most this many' },
    },
    stdout: { text_template: '{ref}\t{title}' },
    exit_codes: { '0': 'ok' },
    examples: [
      { cmd: 'helpdesk ticket list --open --limit 5', note: 'the five newest open tickets' },
    ],
    see_also: ['ticket create'],
  },
  'ticket close': {
    summary: 'Close a ticket.',
    args: [{ name: 'ticket', type: 'ref', required: true, description: 'Ticket id, e.g. T-12' }],
    flags: { reason: { type: 'string', description: 'Why it was closed' } },
    exit_codes: {
      '0': 'ok',
      '4': { when: 'no such ticket', recovery: 'Run helpdesk ticket list' },
    },
    examples: [{ cmd: 'helpdesk ticket close T-12 --reason "fixed upstream"' }],
  },
  queue: { summary: 'Work with queues' },
  'queue list': {
    summary: 'List the queues of the workspace.',
    stdout: { text_template: '{name}' },
    examples: [{ cmd: 'helpdesk queue list' }],
  },
  'queue show': {
    summary: 'Show one queue.',
    args: [
      { name: 'name', type: 'enum', required: true, enum_source: 'dynamic:helpdesk queue list' },
    ],
    examples: [{ cmd: 'helpdesk queue show support' }],
  },
  status: {
    summary: 'Show the workspace, profile and auth status.',
    flags: { since: { type: 'duration', description: 'Activity in this window, e.g. 24h' } },
    examples: [{ cmd: 'helpdesk status --since 24h' }],
  },
};

export const SCHEMAS = {
  Ticket: {
    type: 'object',
    required: ['ref', 'title'],
    properties: { ref: { type: 'string' }, title: { type: 'string' } },
  },
};
