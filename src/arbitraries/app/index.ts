export {
  appManifest,
  appManifestWithDefect,
  appMarkdown,
  APP_MANIFEST_DEFECTS,
  type DefectiveAppManifest,
} from './manifest.js';
