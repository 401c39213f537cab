export {
  FakeChildProcess,
  fakeProcess,
  fakeSpawner,
  spawnFake,
  type FakeProcessOptions,
  type FakeSpawn,
  type FakeSpawnCall,
  type FakeSpawnOptions,
  type FakeSpawnerOptions,
  type StdioMode,
} from './fake-process.js';
export { withFakeCli, type FakeCli, type WithFakeCliOptions } from './with-fake-cli.js';
export { cutBytes, type ChunkOptions } from './pipe.js';
export type { FakeScenario, FaultSpecInput, ReplayRun } from './scenario.js';
