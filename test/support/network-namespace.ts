import type { NamespaceSupport } from '../../src/run/network-namespace.js';
import { networkNamespaceSupport } from '../../src/run/network-tripwire.js';

/**
 * Whether this machine runs probes in a network namespace, for the files that prove that tripwire (they skip where
 * it is not). With AOI_TESTKIT_REQUIRE_NETNS=1 (.ci/run sets it) a missing namespace fails instead of skipping, so
 * CI cannot lose the proof silently.
 */
export async function requiredNamespaceSupport(): Promise<NamespaceSupport> {
  const support = await networkNamespaceSupport();
  if (!support.available && process.env.AOI_TESTKIT_REQUIRE_NETNS === '1')
    throw new Error(
      `a network namespace is required here (AOI_TESTKIT_REQUIRE_NETNS=1): ${support.reason}`,
    );
  return support;
}
