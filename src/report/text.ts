import { checkText } from './text/check.js';
import { compatText } from './text/compat.js';
import { consumerText } from './text/consumer.js';
import { lintText } from './text/lint.js';
import { manifestText } from './text/manifest.js';
import { runnerText } from './text/runner.js';
import type { ReportView } from './view.js';

/** Text for people: each verb's own layout (its facts: probes, stream statistics, scenarios), then the baseline. */
export function renderText(view: ReportView, color: boolean): string {
  switch (view.verb) {
    case 'lint':
      return lintText(view, color);
    case 'check':
      return checkText(view, color);
    case 'manifest':
      return manifestText(view);
    case 'consumer':
      return consumerText(view, color);
    case 'compat':
      return compatText(view, color);
    case 'runner':
      return runnerText(view, color);
  }
}
