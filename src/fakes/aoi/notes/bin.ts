import { runAsProcess } from '../engine/process.js';
import { notes } from './index.js';

// The clean reference tool as its own small bundle (dist/bin/notes.js): a fake must start nearly as fast
// as `node -e 0`, so this entry loads the tool and the engine, not the fault catalogue.
await runAsProcess(notes);
