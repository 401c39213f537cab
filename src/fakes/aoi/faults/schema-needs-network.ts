import { worstOf, type FaultFactory } from './stream-fault.js';

/**
 * Discovery reaches for the network (§3: schema and capabilities work without network). The connection is
 * attempted for real in a process (the linter's tripwire sees and refuses it) and only recorded in memory,
 * where no linter can observe it.
 */
export const schemaNeedsNetwork: FaultFactory<Record<string, never>> = () => {
  const violates = ['AOI-01/schema-network'];
  return {
    id: 'schema-needs-network',
    description:
      '`schema` opens a TCP connection to a remote host (an unrouted documentation address) before printing, to "check for a newer schema"',
    violates,
    severity: worstOf(violates),
    params: {},
    behaviour: { schemaNetwork: true },
  };
};
