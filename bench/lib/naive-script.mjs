// The naive loop as a user's script (no kit loaded): the yardstick of `aoi-testkit check FILE`, both
// timed as processes from spawn to exit. Prints the event count; exits 1 on a line without a type.
import { createReadStream } from 'node:fs';

let rest = '';
let events = 0;
let bad = 0;
const count = (line) => {
  if (typeof JSON.parse(line).type === 'string') events++;
  else bad++;
};
for await (const chunk of createReadStream(process.argv[2], {
  highWaterMark: 64 * 1024,
  encoding: 'utf8',
})) {
  const lines = (rest + chunk).split('\n');
  rest = lines.pop();
  for (const line of lines) if (line !== '') count(line);
}
if (rest !== '') count(rest);
process.stdout.write(`${events}\n`);
process.exitCode = bad === 0 ? 0 : 1;
