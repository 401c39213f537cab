import { createRequire } from 'node:module';

// The kit's bin, dist/cli/main.js, is CommonJS (dist/cli/package.json says so). A fake takes a shortcut: the
// CommonJS bundle of the fake alone (dist/cli/fake.js), no ESM loader and none of the CLI to load, because tests
// start fakes by the hundred and each must start nearly as fast as node. Every other command, `fake --help`
// included (main.ts answers help before the fake runs), is the CLI itself: dist/cli-main.cjs, in the library's
// CommonJS build (one copy of the code, and no ES module loader to start).
const argv = process.argv.slice(2);
const load = createRequire(import.meta.url);
if (argv[0] === 'fake' && argv[1] !== '--help' && argv[1] !== '-h') {
  (load('./fake.js') as typeof import('./fake.js')).fakeMain(argv);
} else {
  load('../cli-main.cjs');
}
