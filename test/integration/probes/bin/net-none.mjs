// A discovery command done right (AOI-CLI §3): `schema` answers from what is built in, no network.
// It starts a Node child, uses a local pipe, and looks up only "localhost" — none of which is network.
import { execFileSync } from 'node:child_process';
import { lookup } from 'node:dns/promises';

const child = execFileSync(process.execPath, ['-e', 'process.stdout.write("ok")'], { encoding: 'utf8' });
const local = await lookup('localhost');
console.log(JSON.stringify({ type: 'schema', $schema: 'https://json-schema.org/draft/2020-12/schema', child, local: Boolean(local.address) }));
console.log(JSON.stringify({ type: 'aoi:summary', ok: true, count: 1 }));
