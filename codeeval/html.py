"""One self-contained HTML report: charts in inline SVG, data inline, no network at all.

The file holds everything it shows: the charts are SVG drawn here (no chart library, no CDN,
no web font), the per-sample details are a JSON island read by a few lines of inline script.
It opens offline from a mail attachment or a CI artefact.

Charts:

* **strict pass rate per model** with 95 % Wilson intervals as error bars (the interval of
  a proportion that stays inside [0, 1] and is honest at small n);
* **model × prompt heatmap** of the strict pass rate per cell; a click on a cell (or on a
  row of the sample list) opens the drill-down of its samples: every suite's status and
  counts, the failing output, the parse result and the text metrics with their evidence;
* **trend** of each model's strict pass rate over the saved baselines of the suite, this
  run last.
"""

from __future__ import annotations

import html
import json
import math
from collections.abc import Iterable
from typing import Any

from codeeval.baseline import Baseline
from codeeval.record import Result
from codeeval.report import Summary, Table

PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2")


def wilson(passes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = passes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def bar_chart(table: Table) -> str:
    models = table.model_names
    label_w, bar_w, row_h = 220, 420, 28
    height = 40 + row_h * len(models)
    parts = [
        f'<svg id="chart-pass-rate" class="chart" role="img" width="{label_w + bar_w + 120}" '
        f'height="{height}" viewBox="0 0 {label_w + bar_w + 120} {height}">',
        "<title>Strict pass rate per model, 95 % Wilson interval</title>",
    ]
    for tick in (0, 0.25, 0.5, 0.75, 1.0):
        x = label_w + tick * bar_w
        parts.append(
            f'<line x1="{x:.1f}" y1="20" x2="{x:.1f}" y2="{height - 12}" stroke="#ddd"/>'
            f'<text x="{x:.1f}" y="14" font-size="10" text-anchor="middle">{tick:.2f}</text>'
        )
    for i, model in enumerate(models):
        row = table.overall(model)
        if row is None:
            continue
        y = 24 + i * row_h
        low, high = wilson(row.strict_passes, row.samples)
        width = row.strict_rate * bar_w
        parts.append(
            f'<text x="{label_w - 8}" y="{y + 15}" font-size="12" text-anchor="end">'
            f"{_e(model)}</text>"
            f'<rect class="bar" data-model="{_e(model)}" x="{label_w}" y="{y + 3}" '
            f'width="{width:.1f}" height="{row_h - 10}" fill="#4a7fb5">'
            f"<title>{_e(model)}: {row.strict_rate:.2f} ({row.strict_passes}/{row.samples}), "
            f"95 % CI {low:.2f}–{high:.2f}</title></rect>"
            f'<line class="errorbar" x1="{label_w + low * bar_w:.1f}" y1="{y + 9}" '
            f'x2="{label_w + high * bar_w:.1f}" y2="{y + 9}" stroke="#000" stroke-width="1.5"/>'
            f'<line x1="{label_w + low * bar_w:.1f}" y1="{y + 4}" x2="{label_w + low * bar_w:.1f}"'
            f' y2="{y + 14}" stroke="#000"/>'
            f'<line x1="{label_w + high * bar_w:.1f}" y1="{y + 4}" '
            f'x2="{label_w + high * bar_w:.1f}" y2="{y + 14}" stroke="#000"/>'
            f'<text x="{label_w + bar_w + 8}" y="{y + 15}" font-size="12">'
            f"{row.strict_rate:.2f} ({row.strict_passes}/{row.samples})</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


def _heat_colour(rate: float) -> str:
    # red (0) → yellow (0.5) → green (1)
    if rate < 0.5:
        r, g = 220, int(60 + 340 * rate)
    else:
        r, g = int(220 - 300 * (rate - 0.5)), 200
    return f"rgb({r},{g},70)"


def heatmap(table: Table) -> str:
    models, prompts = table.model_names, table.prompt_ids
    # many prompts: narrower columns (the page stays about as wide), labels in the tooltips
    col_w = max(12, min(64, 1300 // max(1, len(prompts))))
    label_w, row_h, head_h = 220, 24, (110 if col_w >= 24 else 12)
    width = label_w + col_w * len(prompts) + head_h
    height = head_h + row_h * len(models) + 10
    parts = [
        f'<svg id="chart-heatmap" class="chart" role="img" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}"><title>Strict pass rate per model and prompt</title>'
    ]
    for j, prompt in enumerate(prompts):
        x = label_w + j * col_w + col_w / 2
        if col_w >= 24:
            parts.append(
                f'<text x="{x:.1f}" y="{head_h - 6}" font-size="11" '
                f'transform="rotate(-45 {x:.1f} {head_h - 6})">{_e(prompt)}</text>'
            )
    for i, model in enumerate(models):
        y = head_h + i * row_h
        parts.append(
            f'<text x="{label_w - 8}" y="{y + 16}" font-size="12" text-anchor="end">'
            f"{_e(model)}</text>"
        )
        for j, prompt in enumerate(prompts):
            cell = table.cells.get((model, prompt))
            x = label_w + j * col_w
            if cell is None:
                parts.append(
                    f'<rect x="{x}" y="{y}" width="{col_w - 2}" height="{row_h - 2}" fill="#eee"/>'
                )
                continue
            parts.append(
                f'<g class="cell" data-model="{_e(model)}" data-prompt="{_e(prompt)}" '
                f'tabindex="0" style="cursor:pointer">'
                f'<rect x="{x}" y="{y}" width="{col_w - 2}" height="{row_h - 2}" '
                f'fill="{_heat_colour(cell.strict_rate)}"><title>{_e(model)} / {_e(prompt)}: '
                f"{cell.passes}/{cell.n} strict, mean share {cell.mean:.2f}</title></rect>"
                + (
                    f'<text x="{x + col_w / 2 - 1:.1f}" y="{y + 16}" font-size="11" '
                    f'text-anchor="middle" pointer-events="none">{cell.passes}/{cell.n}</text>'
                    if col_w >= 40
                    else ""
                )
                + "</g>"
            )
    parts.append("</svg>")
    return "".join(parts)


def trend_chart(history: list[Baseline], current: Baseline | None) -> str:
    points = [*history, *([current] if current else [])]
    if len(points) < 2:
        return '<p id="chart-trend" class="note">Trend: fewer than two saved baselines yet.</p>'
    models = sorted({m for b in points for m in b.models})
    left, w, h, top = 50, 560, 220, 20
    width, height = left + w + 240, top + h + 60
    step = w / (len(points) - 1)
    parts = [
        f'<svg id="chart-trend" class="chart" role="img" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}"><title>Strict pass rate over saved baselines</title>'
    ]
    for tick in (0, 0.25, 0.5, 0.75, 1.0):
        y = top + h - tick * h
        parts.append(
            f'<line x1="{left}" y1="{y:.1f}" x2="{left + w}" y2="{y:.1f}" stroke="#ddd"/>'
            f'<text x="{left - 6}" y="{y + 4:.1f}" font-size="10" text-anchor="end">'
            f"{tick:.2f}</text>"
        )
    for k, point in enumerate(points):
        x = left + k * step
        label = "this run" if current is not None and point is current else point.created[:10]
        parts.append(
            f'<text x="{x:.1f}" y="{top + h + 16}" font-size="10" text-anchor="middle">'
            f"{_e(label)}</text>"
        )
    for i, model in enumerate(models):
        colour = PALETTE[i % len(PALETTE)]
        coords = [
            (left + k * step, top + h - p.models[model].strict_rate * h)
            for k, p in enumerate(points)
            if model in p.models
        ]
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in coords)
        parts.append(
            f'<polyline class="trend" data-model="{_e(model)}" points="{path}" fill="none" '
            f'stroke="{colour}" stroke-width="2"/>'
        )
        parts += [f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"/>' for x, y in coords]
        parts.append(
            f'<text x="{left + w + 12}" y="{top + 12 + 16 * i}" font-size="12" fill="{colour}">'
            f"{_e(model)}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


def _sample(record: Result) -> dict[str, Any]:
    data = record.model_dump(mode="json", exclude={"provenance"})
    data["execution"] = record.execution.model_dump(mode="json", exclude_none=True)
    return data


SCRIPT = r"""
const samples = JSON.parse(document.getElementById('samples').textContent);
const drill = document.getElementById('drill');
function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}
function show(model, prompt, run) {
  drill.replaceChildren();
  const chosen = samples.filter(s => s.model === model && s.prompt_id === prompt &&
                                      (run === undefined || s.run === run));
  drill.appendChild(el('h3', model + ' / ' + prompt + ' (' + chosen.length + ' samples)'));
  for (const s of chosen) {
    const box = el('div', undefined, 'sample');
    box.dataset.run = s.run;
    box.appendChild(el('h4', 'run ' + s.run + ': ' + s.execution.status +
                             (s.execution.reason ? ' — ' + s.execution.reason : '')));
    if (s.parse) {
      box.appendChild(el('p', 'parse: ' + s.parse.status + '; files: ' +
                               (s.parse.files.join(', ') || 'none') +
                               (s.parse.notes.length ? '; ' + s.parse.notes.join('; ') : '')));
    }
    for (const name of ['reference', 'own', 'own_vs_reference']) {
      const r = s.execution[name];
      if (!r) continue;
      const counts = r.passed + ' passed, ' + r.failed + ' failed, ' + r.errors + ' errors';
      const why = r.detail ? ' (' + r.detail + ')' : '';
      const line = el('p', name + ': ' + r.status + ' — ' + counts + why, 'suite ' + r.status);
      box.appendChild(line);
      if (r.failing && r.failing.length) {
        box.appendChild(el('p', 'failing: ' + r.failing.join(', ')));
      }
      if (r.status !== 'passed' && r.output_tail) box.appendChild(el('pre', r.output_tail));
    }
    const m = s.metrics;
    if (m && m.status !== 'error') {
      box.appendChild(el('p', 'text: ' + m.words + ' words; truncation suspected: ' +
                               m.truncation.suspected));
      if (m.refusal) box.appendChild(el('p', 'refusal: ' + m.refusal.grade));
      for (const f of m.evasion.findings.concat(m.evasion.observations)) {
        box.appendChild(el('p', 'evasion ' + f.kind + ': “' + f.evidence + '” — ' + f.reason));
      }
    }
    drill.appendChild(box);
  }
  drill.scrollIntoView();
}
document.querySelectorAll('.cell').forEach(c => {
  const open = () => show(c.dataset.model, c.dataset.prompt);
  c.addEventListener('click', open);
  c.addEventListener('keydown', e => { if (e.key === 'Enter') open(); });
});
document.querySelectorAll('tr.sample-row').forEach(r => {
  r.addEventListener('click', () => show(r.dataset.model, r.dataset.prompt, Number(r.dataset.run)));
});
"""

STYLE = """
body { font-family: sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; font-size: 13px; }
td, th { border: 1px solid #ccc; padding: 3px 8px; text-align: right; }
td:first-child, th:first-child { text-align: left; }
#samples-table td, #samples-table th { text-align: left; }
tr.sample-row { cursor: pointer; }
tr.sample-row:hover { background: #eef; }
.note { color: #555; font-size: 13px; }
#drill { border: 2px solid #1f77b4; padding: 0.5em 1em; margin: 1em 0; min-height: 2em; }
pre { background: #f6f6f6; padding: 6px; white-space: pre-wrap; max-height: 20em; overflow: auto; }
.suite.passed { color: #186a1e; } .suite.failed { color: #a01818; }
"""


def render(
    summary: Summary,
    records: Iterable[Result],
    *,
    title: str = "codeeval report",
    history: list[Baseline] | None = None,
    current: Baseline | None = None,
) -> str:
    table = summary.headline
    samples = [_sample(r) for r in records if r.domain == "coding"]
    rows = []
    for model in table.model_names:
        row = table.overall(model)
        if row is None:
            continue
        low, high = wilson(row.strict_passes, row.samples)
        rows.append(
            f"<tr><td>{_e(model)}</td><td>{row.strict_rate:.2f} ({row.strict_passes}/"
            f"{row.samples})</td><td>{low:.2f}–{high:.2f}</td><td>{row.pass_at[1]:.2f}</td>"
            f"<td>{row.mean:.2f} ±{row.sd_runs:.2f}</td><td>{row.min_runs}</td></tr>"
        )
    sample_rows = [
        f'<tr class="sample-row" data-model="{_e(s["model"])}" data-prompt="'
        f'{_e(s["prompt_id"])}" data-run="{s["run"]}"><td>{_e(s["model"])}</td>'
        f"<td>{_e(s['prompt_id'])}</td><td>{s['run']}</td><td>{_e(s['execution']['status'])}"
        f"</td></tr>"
        for s in sorted(samples, key=lambda s: (s["model"], s["prompt_id"], s["run"]))
    ]
    data = json.dumps(samples, ensure_ascii=True).replace("<", "\\u003c")
    thin = table.thin_cells
    warning = (
        f'<p class="note warning">{len(thin)} model × prompt cells have fewer than 2 runs; '
        "their spread says nothing.</p>"
        if thin
        else ""
    )
    body = [
        f"<h1>{_e(title)}</h1>",
        f'<p class="note">Suite: {_e(table.metric)} — strict pass rate: samples whose module '
        "passed every test; error bars: 95 % Wilson interval; mean share: mean over prompts of "
        "the share of tests passed, ± sd over runs.</p>",
        warning,
        "<h2>Strict pass rate per model</h2>",
        bar_chart(table),
        "<table id='models'><tr><th>model</th><th>strict pass rate</th><th>95 % CI</th>"
        "<th>pass@1</th><th>mean share ± sd over runs</th><th>runs per cell</th></tr>",
        *rows,
        "</table>",
        "<h2>Model × prompt (click a cell for its samples)</h2>",
        heatmap(table),
        '<div id="drill"><p class="note">Click a heatmap cell or a sample below.</p></div>',
        "<h2>Trend over saved baselines</h2>",
        trend_chart(history or [], current),
        "<h2>Samples</h2>",
        "<table id='samples-table'><tr><th>model</th><th>prompt</th><th>run</th>"
        "<th>status</th></tr>",
        *sample_rows,
        "</table>",
    ]
    return (
        "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
        f"<title>{_e(title)}</title>"
        "<meta http-equiv='Content-Security-Policy' content=\"default-src 'none'; "
        "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">"
        f"<style>{STYLE}</style></head><body>\n"
        + "\n".join(body)
        + f'\n<script type="application/json" id="samples">{data}</script>'
        + f"\n<script>{SCRIPT}</script>\n</body></html>\n"
    )
