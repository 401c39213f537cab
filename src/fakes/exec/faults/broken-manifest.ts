import { define, type ExecFaultFactory } from './fault.js';

export const brokenManifest: ExecFaultFactory = () =>
  define({
    id: 'broken-manifest',
    description:
      '`manifest --output json` gives no command a danger_level (a manifest from before REQ-C-002)',
    violates: ['EXEC-01/manifest'],
    params: {},
    manifest: (manifest) => ({
      ...manifest,
      commands: Object.fromEntries(
        Object.entries(manifest.commands).map(([name, { danger_level: _, ...command }]) => [
          name,
          command,
        ]),
      ),
    }),
  });
