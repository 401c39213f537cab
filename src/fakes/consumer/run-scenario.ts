import { UsageError } from '../../errors.js';
import { CONSUMER_SCENARIOS } from '../../spec/consumer/scenarios.js';
import { playConsumerScenario } from './tool-on-path.js';

/**
 * `aoi-testkit fake consumer.<stdin|spawn>.<name> [args...]`: the upstream of a consumer scenario as this process,
 * its bytes and then its end (the tool a wrapper is judged with; any arguments are ignored, as the tool ignores them).
 */
export async function runConsumerScenario(id: string): Promise<number> {
  const scenario = CONSUMER_SCENARIOS.find((s) => s.id === id);
  if (!scenario && id.startsWith('consumer.runtime.'))
    throw new UsageError(
      `${id} is an APP-runtime scenario: its package is made afresh per run, not a fake; run aoi-testkit consumer --app-runtime --scenario ${id} -- <runtime>`,
    );
  if (!scenario)
    throw new UsageError(
      `unknown consumer scenario "${id}"; aoi-testkit scenarios --kind consumer lists them`,
    );
  process.stdout.removeAllListeners('error');
  await playConsumerScenario(scenario);
  return 0;
}
