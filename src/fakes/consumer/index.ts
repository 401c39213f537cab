export { FakeChildProcess } from './child-process.js';
export { fakeProcess, type FakeProcessOptions, type StdioMode } from './fake-process.js';
export {
  fakeSpawner,
  spawnFake,
  type FakeSpawn,
  type FakeSpawnCall,
  type FakeSpawnOptions,
  type FakeSpawnerOptions,
} from './spawn.js';
export { withFakeCli, type FakeCli, type WithFakeCliOptions } from './with-fake-cli.js';
export { cutBytes, type ChunkOptions } from './pipe.js';
export type { FakeScenario, FaultSpecInput, ReplayRun } from './scenario.js';
