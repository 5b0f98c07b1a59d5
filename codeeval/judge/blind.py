"""Blind human review: anonymised copies, scoring sheets, and strict import of filled sheets.

``make_blind`` writes, under one directory a reviewer may see::

    texts/<id>.md                 the task and the output, model names blanked, random id
    sheets/<rubric>__<criterion>.csv|.md   one sheet per criterion: every text, shuffled
    blind.json                    rubric versions and scales (no models)

and the resolution table (id → model, prompt, run) to a separate file outside it, so the
reviewer never needs to see it. One criterion per sheet over all texts keeps the scale
steady, as the rubric asks.

``import_sheets`` reads filled sheets and resolves them back to models. It is strict: a
sheet with a missing, non-integer, out-of-range or duplicated score, an unknown id, or an
id left out is rejected with the file and line named, and nothing at all is imported.
"""

from __future__ import annotations

import csv
import io
import json
import random
from collections.abc import Iterable
from pathlib import Path
from typing import Literal

from codeeval.errors import SheetError, StoreError, UsageError
from codeeval.judge.agreement import stratified_sample
from codeeval.judge.prompting import anonymise
from codeeval.judge.records import Outcome, Text
from codeeval.models import Frozen, SampleKey
from codeeval.rubrics import Rubric, rubric_for
from codeeval.scoring import Score, make_score, text_hash

SheetFormat = Literal["csv", "md"]
MANIFEST = "blind.json"
HEADER = ("id", "score", "note")


class Resolved(Frozen):
    model: str
    prompt_id: str
    run: int
    rubric: str
    text_hash: str

    @property
    def key(self) -> SampleKey:
        return SampleKey(model=self.model, prompt_id=self.prompt_id, run=self.run)


class KeyTable(Frozen):
    ids: dict[str, Resolved]


class SheetInfo(Frozen):
    rubric: str
    rubric_version: str
    criterion: str
    low: int
    high: int
    file: str


class BlindManifest(Frozen):
    sheets: tuple[SheetInfo, ...]
    texts: int


def default_key_path(out: Path) -> Path:
    return out.parent / f"{out.name}.key.json"


def _write(path: Path, text: str) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise StoreError(f"{path}: cannot write ({exc.strerror})") from exc


def make_blind(
    texts: list[Text],
    rubrics: dict[str, Rubric],
    out: Path,
    key_path: Path | None = None,
    *,
    fraction: float = 0.2,
    seed: int | None = None,
    fmt: SheetFormat = "csv",
    rubric: str | None = None,
) -> tuple[BlindManifest, Path]:
    """Blind copies and empty sheets of a stratified sample of ``texts``.

    Returns:
        The manifest and the path of the resolution table.
    """
    key_path = key_path or default_key_path(out)
    if key_path.resolve().is_relative_to(out.resolve()):
        raise UsageError(
            f"{key_path}: the resolution table must not lie inside {out}",
            hint="reviewers see that directory; keep the table elsewhere",
        )
    if out.exists() and any(out.iterdir()):
        raise UsageError(f"{out}: not empty", hint="blind copies go into a new directory")
    rng = random.SystemRandom() if seed is None else random.Random(seed)
    by_key = {t.key: t for t in texts}
    chosen = stratified_sample(
        by_key, fraction, seed if seed is not None else rng.randrange(1 << 30)
    )
    rng.shuffle(chosen)
    names = {t.sample.model for t in texts} | {
        t.sample.served_model for t in texts if t.sample.served_model
    }
    ids: dict[str, Resolved] = {}
    per_rubric: dict[str, list[str]] = {}
    for key in chosen:
        t = by_key[key]
        r = rubrics[rubric] if rubric else rubric_for(rubrics, t.prompt.domain)
        while (tid := f"t{rng.randrange(16**8):08x}") in ids:
            pass
        body = anonymise(t.sample.text, names)
        ids[tid] = Resolved(
            model=key.model,
            prompt_id=key.prompt_id,
            run=key.run,
            rubric=r.id,
            text_hash=text_hash(body),
        )
        per_rubric.setdefault(r.id, []).append(tid)
        task = t.prompt.prompt.strip()
        _write(out / "texts" / f"{tid}.md", f"# {tid}\n\n## Task\n\n{task}\n\n## Text\n\n{body}\n")
    sheets: list[SheetInfo] = []
    for rid, tids in sorted(per_rubric.items()):
        r = rubrics[rid]
        for c in r.criteria:
            lo, hi = r.bounds(c)
            name = f"{rid}__{c.id}.{fmt}"
            order = list(tids)
            rng.shuffle(order)
            _write(out / "sheets" / name, _empty_sheet(r, c.id, order, fmt))
            sheets.append(
                SheetInfo(
                    rubric=rid,
                    rubric_version=r.version_tag,
                    criterion=c.id,
                    low=lo,
                    high=hi,
                    file=f"sheets/{name}",
                )
            )
    manifest = BlindManifest(sheets=tuple(sheets), texts=len(ids))
    _write(out / MANIFEST, manifest.model_dump_json(indent=2))
    _write(key_path, KeyTable(ids=ids).model_dump_json(indent=2))
    return manifest, key_path


def _empty_sheet(rubric: Rubric, criterion_id: str, ids: list[str], fmt: SheetFormat) -> str:
    c = rubric.criterion(criterion_id)
    lo, hi = rubric.bounds(c)
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(HEADER)
        for tid in ids:
            w.writerow((tid, "", ""))
        return buf.getvalue()
    lines = [f"# {rubric.title}: {c.name}", "", c.question, ""]
    lines += [f"- {p} = {m}" for p, m in rubric.anchors(c).items()] or [f"- {lo}–{hi}"]
    lines += ["", "| id | score | note |", "|---|---|---|"]
    lines += [f"| {tid} |  |  |" for tid in ids]
    return "\n".join(lines) + "\n"


def _rows(path: Path, text: str) -> list[tuple[int, list[str]]]:
    """(line number, cells) of a filled sheet, header excluded."""
    rows: list[tuple[int, list[str]]] = []
    if path.suffix == ".csv":
        reader = csv.reader(io.StringIO(text))
        header_seen = False
        for cells in reader:
            line = reader.line_num
            if not any(c.strip() for c in cells):
                continue
            if not header_seen:
                if [c.strip().lower() for c in cells[:2]] != ["id", "score"]:
                    raise SheetError(f"{path}:{line}: the header must start with id,score")
                header_seen = True
                continue
            rows.append((line, [c.strip() for c in cells]))
        return rows
    in_table = False
    for number, raw in enumerate(text.splitlines(), 1):
        s = raw.strip()
        if not s.startswith("|"):
            in_table = False
            continue
        cells = [c.strip() for c in s.strip("|").split("|")]
        if not in_table:
            in_table = True  # the header row
            continue
        if all(set(c) <= set("-: ") for c in cells):
            continue  # the separator row
        rows.append((number, cells))
    return rows


def import_sheets(
    out: Path,
    key_path: Path,
    sheets: Iterable[Path],
    rater: str,
    rubrics: dict[str, Rubric],
    outcomes: dict[SampleKey, Outcome] | None = None,
) -> list[Score]:
    """Scores from filled sheets, resolved to models; all or nothing.

    Raises:
        SheetError: naming the sheet and line of the first problem; nothing is returned.
    """
    try:
        manifest = BlindManifest.model_validate_json((out / MANIFEST).read_text("utf-8"))
        table = KeyTable.model_validate_json(key_path.read_text("utf-8"))
    except (OSError, ValueError) as exc:
        raise SheetError(
            f"cannot read the blind set {out} or its table {key_path}: {exc}",
            hint="pass the directory `codeeval blind make` wrote and its --key file",
        ) from exc
    infos = {Path(s.file).name: s for s in manifest.sheets}
    scores: list[Score] = []
    for path in sheets:
        info = infos.get(path.name)
        if info is None:
            raise SheetError(f"{path}: not one of this blind set's sheets")
        r = rubrics.get(info.rubric)
        if r is None or r.version_tag != info.rubric_version:
            raise SheetError(
                f"{path}: the rubric {info.rubric} changed since the sheets were made "
                f"({info.rubric_version} → {r.version_tag if r else 'missing'})",
                hint="score with the rubric the sheets were made with (--rubrics DIR)",
            )
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise SheetError(f"{path}: cannot read ({exc})") from exc
        expected = {tid for tid, res in table.ids.items() if res.rubric == info.rubric}
        seen: dict[str, int] = {}
        for line, cells in _rows(path, text):
            tid = cells[0] if cells else ""
            where = f"{path}:{line}"
            if tid not in expected:
                raise SheetError(f"{where}: unknown id {tid!r}")
            if tid in seen:
                raise SheetError(f"{where}: id {tid} is scored twice (also on line {seen[tid]})")
            seen[tid] = line
            raw = cells[1] if len(cells) > 1 else ""
            if not raw:
                raise SheetError(f"{where}: no score for {tid}")
            try:
                value = int(raw)
            except ValueError:
                raise SheetError(f"{where}: score {raw!r} for {tid} is not an integer") from None
            if not info.low <= value <= info.high:
                raise SheetError(
                    f"{where}: score {value} for {tid} is outside {info.low}–{info.high}"
                )
            res = table.ids[tid]
            note = cells[2] if len(cells) > 2 else ""
            outcome = (outcomes or {}).get(res.key)
            scores.append(
                make_score(
                    r,
                    info.criterion,
                    res.key,
                    rater_kind="person",
                    rater=rater,
                    value=value,
                    reason=note,
                    execution=outcome.execution if outcome else None,
                )
            )
        missing = sorted(expected - set(seen))
        if missing:
            raise SheetError(
                f"{path}:{len(text.splitlines())}: {len(missing)} id(s) not scored "
                f"({', '.join(missing[:5])}{', …' if len(missing) > 5 else ''})"
            )
    return scores


def write_scores(scores: list[Score], path: Path) -> None:
    """Append scores in one write (an import is all or nothing)."""
    data = "".join(json.dumps(s.model_dump(mode="json"), ensure_ascii=False) + "\n" for s in scores)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as fh:
            fh.write(data)
    except OSError as exc:
        raise StoreError(f"{path}: cannot write the scores ({exc.strerror})") from exc
