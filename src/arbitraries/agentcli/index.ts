export {
  agentCliConfig,
  agentCliConfigWithDefect,
  agentCliManifest,
  agentCliManifestWithDefect,
  agentCliMarkdown,
  MANIFEST_DEFECTS,
  type AgentCliManifestArbitraryOptions,
  type DefectiveConfig,
  type DefectiveManifest,
} from './manifest.js';
