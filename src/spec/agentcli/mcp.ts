/**
 * MCP protocol revisions (modelcontextprotocol.io) a client may speak. An MCP server may answer an older
 * revision than the client offered (the spec's negotiation) when it is one of these and not newer than
 * the offer; anything else is a version the client cannot speak.
 */
export const MCP_PROTOCOL_VERSIONS = [
  '2024-11-05',
  '2025-03-26',
  '2025-06-18',
  '2025-11-25',
] as const;
