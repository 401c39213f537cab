// The floor an agent fake is measured against (issue 32, decision 2): a program that imports the SDK the fake speaks
// (the same modules the fake imports) and answers the first line it reads with one JSON line. Nothing else.
// `node sdk-floor.mjs acp|mcp`.
const which = process.argv[2];
if (which === 'acp') await import('@agentclientprotocol/sdk');
else if (which === 'mcp') {
  await import('@modelcontextprotocol/sdk/server/mcp.js');
  await import('@modelcontextprotocol/sdk/server/stdio.js');
} else throw new Error(`sdk-floor: acp or mcp, not ${which}`);
let read = '';
let answered = false;
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  read += chunk;
  if (!answered && read.includes('\n')) {
    answered = true;
    process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: 0, result: {} })}\n`);
  }
});
process.stdin.on('end', () => process.exit(0));
