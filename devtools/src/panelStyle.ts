/** The panel's styles, scoped by its shadow root so the app's CSS never leaks in or out. */
export const PANEL_STYLE = `
:host { all: initial; position: fixed; z-index: 2147483000; left: 0; right: 0; bottom: 0; height: 45vh;
  display: flex; flex-direction: column; background: #111827; color: #e5e7eb;
  font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; border-top: 2px solid #6366f1; }
:host([hidden]) { display: none; }
header { display: flex; gap: 4px; align-items: center; padding: 4px 8px; background: #1f2937; }
header strong { margin-right: 8px; color: #a5b4fc; }
button { font: inherit; color: inherit; background: #374151; border: 1px solid #4b5563; border-radius: 3px; padding: 1px 6px; cursor: pointer; }
button[aria-selected="true"] { background: #4f46e5; border-color: #6366f1; }
input { font: inherit; background: #030712; color: inherit; border: 1px solid #4b5563; padding: 1px 4px; margin-left: auto; min-width: 14em; }
main { flex: 1; overflow: auto; padding: 6px 8px; display: flex; gap: 12px; }
main > .list { flex: 1 1 55%; overflow: auto; }
main > .detail { flex: 1 1 45%; overflow: auto; border-left: 1px solid #374151; padding-left: 8px; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 1px 6px; border-bottom: 1px solid #1f2937; vertical-align: top; white-space: nowrap; }
tr[data-selected] td { background: #312e81; }
tr.pick { cursor: pointer; }
h3 { margin: 6px 0 2px; font-size: 12px; color: #a5b4fc; }
.fresh { color: #34d399; } .stale { color: #fbbf24; } .invalid, .error, .aborted, .rollback { color: #f87171; }
.loading, .pending, .optimistic { color: #60a5fa; }
.muted { color: #9ca3af; }
pre { margin: 0; white-space: pre-wrap; }
ul.graph { margin: 0; padding-left: 14px; }
`;
