// Log-log line charts as plain SVG (no dependency), written by the scaling suite so
// bench/RESULTS.md shows each cost's slope at a glance.

export interface Series {
  name: string;
  /** [x, y] points; y null = not measured. */
  points: [number, number | null][];
}

const COLORS = ['#d62728', '#1f77b4', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b'];

/**
 * A log-log chart of `series` (x: size, y: cost). A straight line's slope is the
 * exponent: flat = constant, 45° = linear, steeper = worse than linear.
 */
export function lineChart({ title, xLabel, yLabel, series }: { title: string; xLabel: string; yLabel: string; series: Series[] }): string {
  const W = 560;
  const H = 320;
  const L = 70;
  const R = 170;
  const T = 36;
  const B = 48;
  const pts = series.flatMap((s) => s.points.filter((p): p is [number, number] => p[1] !== null && p[1] > 0));
  if (!pts.length) return '';
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const x0 = Math.log10(Math.min(...xs));
  const x1 = Math.log10(Math.max(...xs));
  const y0 = Math.floor(Math.log10(Math.min(...ys)));
  const y1 = Math.ceil(Math.log10(Math.max(...ys)));
  const px = (x: number) => L + ((Math.log10(x) - x0) / (x1 - x0 || 1)) * (W - L - R);
  const py = (y: number) => H - B - ((Math.log10(y) - y0) / (y1 - y0 || 1)) * (H - T - B);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="11">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${L}" y="20" font-size="13" font-weight="bold">${esc(title)}</text>`,
  ];
  for (let e = y0; e <= y1; e++) {
    const y = py(10 ** e);
    out.push(`<line x1="${L}" x2="${W - R}" y1="${y}" y2="${y}" stroke="#ddd"/>`);
    out.push(`<text x="${L - 6}" y="${y + 4}" text-anchor="end">${fmtTick(10 ** e)}</text>`);
  }
  for (const x of [...new Set(xs)].sort((a, b) => a - b)) {
    const X = px(x);
    out.push(`<line x1="${X}" x2="${X}" y1="${T}" y2="${H - B}" stroke="#eee"/>`);
    out.push(`<text x="${X}" y="${H - B + 16}" text-anchor="middle">${x.toLocaleString('en-US')}</text>`);
  }
  out.push(`<text x="${(L + W - R) / 2}" y="${H - 10}" text-anchor="middle">${esc(xLabel)}</text>`);
  out.push(`<text x="14" y="${(T + H - B) / 2}" text-anchor="middle" transform="rotate(-90 14 ${(T + H - B) / 2})">${esc(yLabel)}</text>`);
  series.forEach((s, i) => {
    const color = COLORS[i % COLORS.length];
    const p = s.points.filter((q): q is [number, number] => q[1] !== null && q[1] > 0);
    if (p.length > 1) out.push(`<polyline fill="none" stroke="${color}" stroke-width="2" points="${p.map(([x, y]) => `${px(x).toFixed(1)},${py(y).toFixed(1)}`).join(' ')}"/>`);
    for (const [x, y] of p) out.push(`<circle cx="${px(x).toFixed(1)}" cy="${py(y).toFixed(1)}" r="3" fill="${color}"/>`);
    const ly = T + 10 + i * 18;
    out.push(`<line x1="${W - R + 14}" x2="${W - R + 34}" y1="${ly}" y2="${ly}" stroke="${color}" stroke-width="2"/>`);
    out.push(`<text x="${W - R + 40}" y="${ly + 4}">${esc(s.name)}</text>`);
  });
  out.push('</svg>');
  return out.join('\n');
}

function fmtTick(v: number): string {
  if (v >= 1000) return `${v / 1000}k`;
  if (v >= 1) return String(v);
  return String(Number(v.toPrecision(1)));
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
