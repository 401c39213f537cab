// Preloaded (node -r) into the kit's own process by test/hostile/output-cap.test.ts: at exit, its peak resident
// set in KiB is written to $AOI_TESTKIT_PEAK_RSS_FILE, so a test can see what a flooding tool cost the kit.
const { writeFileSync } = require('node:fs');
process.on('exit', () => {
  if (process.env.AOI_TESTKIT_PEAK_RSS_FILE) writeFileSync(process.env.AOI_TESTKIT_PEAK_RSS_FILE, `${process.resourceUsage().maxRSS}\n`);
});
