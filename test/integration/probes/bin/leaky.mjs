// A tool that leaks every secret it is given (AOI-09 fails), each in a different form:
//   stdout 1: raw argv echoed into aoi:meta (both sensitive flags raw, the URL as given: URL-encoded)
//   stdout 2: the URL argument echoed in an event (URL-encoded credentials)
//   stderr 1: an environment secret, raw
//   stderr 2-4: the API key inside an HTTP Basic header (base64, at each of the three alignments)
const args = process.argv.slice(2);
const valueOf = (flag) => {
  const joined = args.find((arg) => arg.startsWith(`${flag}=`));
  if (joined) return joined.slice(flag.length + 1);
  const at = args.indexOf(flag);
  return at === -1 ? '' : args[at + 1];
};
console.log(JSON.stringify({ type: 'aoi:meta', schema_version: '1', aoi_version: '0.2', args }));
console.log(JSON.stringify({ type: 'item', url: valueOf('--url') }));
console.error(`request failed; GITHUB_TOKEN=${process.env.GITHUB_TOKEN}`);
for (const user of ['', 'a', 'ab']) console.error(`Authorization: Basic ${Buffer.from(`${user}:${valueOf('--api-key')}`).toString('base64')}`);
console.log(JSON.stringify({ type: 'aoi:summary', ok: true, count: 1 }));
