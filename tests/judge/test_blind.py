"""Blind copies, scoring sheets, and the strict import of filled sheets."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from codeeval.cli import app
from codeeval.judge.records import read_scores

from .helpers import sample, write_prompts, write_samples

runner = CliRunner()


@pytest.fixture
def blind(tmp_path: Path) -> tuple[Path, Path]:
    prompts = write_prompts(tmp_path)
    rows = [
        sample(m, "story", r, f"Story {r} by {m}: the tide came in.")
        for m in ("alpha-7b", "beta-13b")
        for r in (1, 2)
    ]
    rows.append(sample("alpha-7b", "toast", 1, "Raise your glasses, friends."))
    samples = write_samples(tmp_path, rows)
    out = tmp_path / "blind"
    result = runner.invoke(
        app,
        [
            "blind",
            "make",
            str(samples),
            "--prompts",
            str(prompts),
            "--out",
            str(out),
            "--fraction",
            "1",
            "--seed",
            "5",
        ],
    )
    assert result.exit_code == 0, result.output
    return out, tmp_path / "blind.key.json"


def fill(sheet: Path, score: dict[str, str] | None = None) -> list[list[str]]:
    rows = list(csv.reader(sheet.open()))
    for row in rows[1:]:
        row[1] = (score or {}).get(row[0], "3")
    return rows


def save(sheet: Path, rows: list[list[str]]) -> None:
    with sheet.open("w", newline="") as fh:
        csv.writer(fh, lineterminator="\n").writerows(rows)


def test_copies_are_anonymous_and_the_table_lies_outside(blind: tuple[Path, Path]) -> None:
    out, key = blind
    texts = sorted((out / "texts").glob("*.md"))
    assert len(texts) == 5
    for path in out.rglob("*"):
        if path.is_file():
            content = path.read_text()
            assert "alpha" not in content and "beta" not in content, path
    table = json.loads(key.read_text())["ids"]
    assert set(table) == {p.stem for p in texts}
    assert {v["model"] for v in table.values()} == {"alpha-7b", "beta-13b"}
    sheets = sorted(p.name for p in (out / "sheets").iterdir())
    assert len(sheets) == 12 and "prose__show_dont_tell.csv" in sheets
    assert sum("[model]" in p.read_text() for p in texts) == 4  # the stories named their model


def test_a_complete_set_of_sheets_imports_resolved_to_models(
    blind: tuple[Path, Path], tmp_path: Path
) -> None:
    out, _key = blind
    sheet = out / "sheets" / "prose__tone.csv"
    save(sheet, fill(sheet))
    scores_file = tmp_path / "people.jsonl"
    result = runner.invoke(
        app, ["blind", "import", str(out), str(sheet), "--rater", "ana", "--out", str(scores_file)]
    )
    assert result.exit_code == 0, result.output
    scores = list(read_scores(scores_file))
    assert len(scores) == 4 and {s.model for s in scores} == {"alpha-7b", "beta-13b"}
    assert all(s.rater_kind == "person" and s.rater == "ana" and s.value == 3 for s in scores)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        ("blank", "no score for"),
        ("six", "score 6 for .* is outside 1–5"),
        ("word", "'good' .* is not an integer"),
        ("duplicate", "is scored twice"),
        ("unknown", "unknown id 'tdeadbeef'"),
        ("missing", "1 id\\(s\\) not scored"),
    ],
)
def test_a_bad_sheet_is_rejected_with_its_line_and_nothing_imported(
    blind: tuple[Path, Path], tmp_path: Path, edit: str, message: str
) -> None:
    out, _key = blind
    good = out / "sheets" / "prose__tone.csv"
    save(good, fill(good))
    bad = out / "sheets" / "prose__composition.csv"
    rows = fill(bad)
    line = 3
    if edit == "blank":
        rows[2][1] = ""
    elif edit == "six":
        rows[2][1] = "6"
    elif edit == "word":
        rows[2][1] = "good"
    elif edit == "duplicate":
        rows.append(list(rows[1]))
        line = len(rows)
    elif edit == "unknown":
        rows[2][0] = "tdeadbeef"
    else:
        del rows[2]
        line = len(rows)
    save(bad, rows)
    scores_file = tmp_path / "people.jsonl"
    result = runner.invoke(
        app,
        [
            "blind",
            "import",
            str(out),
            str(good),
            str(bad),
            "--rater",
            "ana",
            "--out",
            str(scores_file),
        ],
    )
    assert result.exit_code == 21, result.output
    assert f"prose__composition.csv:{line}:" in result.output
    assert re.search(message, result.output), result.output
    assert not scores_file.exists()  # the good sheet was not imported either


def test_markdown_sheets_import_too(tmp_path: Path) -> None:
    prompts = write_prompts(tmp_path)
    samples = write_samples(tmp_path, [sample("m", "story", r, f"Text {r}.") for r in (1, 2)])
    out = tmp_path / "b"
    made = runner.invoke(
        app,
        [
            "blind",
            "make",
            str(samples),
            "--prompts",
            str(prompts),
            "--out",
            str(out),
            "--fraction",
            "1",
            "--format",
            "md",
        ],
    )
    assert made.exit_code == 0, made.output
    sheet = out / "sheets" / "prose__tone.md"
    text = sheet.read_text()
    assert "5 = The criterion is met throughout" in text
    sheet.write_text(text.replace("|  |  |", "| 4 | calm |"))
    result = runner.invoke(
        app,
        [
            "blind",
            "import",
            str(out),
            str(sheet),
            "--rater",
            "bo",
            "--out",
            str(tmp_path / "p.jsonl"),
        ],
    )
    assert result.exit_code == 0, result.output
    assert [s.value for s in read_scores(tmp_path / "p.jsonl")] == [4, 4]


def test_the_table_may_not_lie_inside_the_reviewers_directory(tmp_path: Path) -> None:
    prompts = write_prompts(tmp_path)
    samples = write_samples(tmp_path, [sample("m", "story", 1, "Text.")])
    out = tmp_path / "b"
    result = runner.invoke(
        app,
        [
            "blind",
            "make",
            str(samples),
            "--prompts",
            str(prompts),
            "--out",
            str(out),
            "--key",
            str(out / "key.json"),
        ],
    )
    assert result.exit_code == 2 and "must not lie inside" in result.output


def test_a_default_fraction_draws_a_fifth_of_each_stratum(tmp_path: Path) -> None:
    prompts = write_prompts(tmp_path)
    rows = [
        sample(m, p, r, f"{m} {p} {r}")
        for m in ("a", "b")
        for p in ("story", "toast")
        for r in range(1, 11)
    ]
    samples = write_samples(tmp_path, rows)
    out = tmp_path / "b"
    assert (
        runner.invoke(
            app, ["blind", "make", str(samples), "--prompts", str(prompts), "--out", str(out)]
        ).exit_code
        == 0
    )
    table = json.loads((tmp_path / "b.key.json").read_text())["ids"]
    strata = [(v["model"], v["prompt_id"]) for v in table.values()]
    assert len(strata) == 8 and all(strata.count(s) == 2 for s in set(strata))
