// The host for interrupt.test.ts: vitest itself runs a test that times out while the kit's probe still runs.
export default { test: { include: ['*.spec.mjs'], testTimeout: 2_000 } };
