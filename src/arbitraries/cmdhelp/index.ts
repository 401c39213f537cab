export {
  cmdhelpCapabilityLine,
  cmdhelpDocument,
  cmdhelpDocumentWithDefect,
  cmdhelpTree,
  CMDHELP_DOCUMENT_DEFECTS,
  type CmdhelpTree,
  type DefectiveCmdhelpDocument,
} from './document.js';
