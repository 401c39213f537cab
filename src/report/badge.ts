import { CHARACTERISTICS } from '../checks/characteristics.js';
import { TOOL } from './meta.js';
import { cellStatus } from './html.js';
import { xml } from './junit.js';
import { counts, specOf, viewOk, type VerdictView } from './view.js';

const COLOURS = { green: '#4c1', yellow: '#dfb317', red: '#e05d44' } as const;

/**
 * What the badge says. With AOI verdicts: how many of the ten §18.1 characteristics are conformant, that is
 * judged for some command (a rule mapped to it passed) and failed for none; red when one failed, yellow when
 * only the baseline's known failures keep one from being conformant, green otherwise (a characteristic no
 * rule could judge, e.g. Idempotent of a read-only tool, does not make a tool non-conformant: §18.1).
 * Without AOI verdicts (a manifest, an application package): conformant or not.
 */
export function badgeText(view: VerdictView): {
  label: string;
  message: string;
  colour: keyof typeof COLOURS;
} {
  const aoi = view.report.verdicts.filter((v) => specOf(v.rule) === 'aoi');
  if (aoi.length === 0) {
    const c = counts(view);
    return {
      label: `${TOOL} ${view.verb}`,
      message: viewOk(view) ? 'conformant' : 'not conformant',
      colour: !viewOk(view) ? 'red' : c.known > 0 ? 'yellow' : 'green',
    };
  }
  const statuses = CHARACTERISTICS.map((characteristic) =>
    cellStatus(
      view,
      aoi.filter((v) => v.characteristics.includes(characteristic)),
    ),
  );
  const conformant = statuses.filter((s) => s === 'pass' || s === 'warn').length;
  return {
    label: 'AOI-CLI',
    message: `${conformant}/${CHARACTERISTICS.length}`,
    colour: statuses.includes('fail') ? 'red' : statuses.includes('known') ? 'yellow' : 'green',
  };
}

/** Verdana 11px, roughly: enough for a badge that never clips its text. */
const textWidth = (text: string) => Math.ceil([...text].length * 7 + 10);

/** A shields-like SVG badge, self-contained (no font or image fetched), valid XML. */
export function renderBadge(view: VerdictView): string {
  const { label, message, colour } = badgeText(view);
  const [lw, mw] = [textWidth(label), textWidth(message)];
  const width = lw + mw;
  const title = xml(`${label}: ${message}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${title}">
  <title>${title}</title>
  <linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>
  <clipPath id="r"><rect width="${width}" height="20" rx="3" fill="#fff"/></clipPath>
  <g clip-path="url(#r)">
    <rect width="${lw}" height="20" fill="#555"/>
    <rect x="${lw}" width="${mw}" height="20" fill="${COLOURS[colour]}" data-colour="${colour}"/>
    <rect width="${width}" height="20" fill="url(#s)"/>
  </g>
  <g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">
    <text x="${lw / 2}" y="14">${xml(label)}</text>
    <text x="${lw + mw / 2}" y="14">${xml(message)}</text>
  </g>
</svg>
`;
}
