export { validateAppManifest, validateAppPackage, commandFiles, type AppManifestOptions, type AppManifestReport } from './manifest.js';
export { checkAgentApplication, collectIds, isStructuredError, parseStdout, UNKNOWN_COMMAND_PROBE, type AppCheckOptions, type AppReport } from './application.js';
