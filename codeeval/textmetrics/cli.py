"""``codeeval metrics``: the text metrics from the command line.

``gold`` scores the evasion detector (and the keyword baselines) on the gold set and exits
0 when the targets are met, 3 when they are missed (FPR < 5 %, FNR < 2 %, kappa >= 0.9
on the chosen split; for ``--split all`` on the held-out test split), 2 on a usage error
or an unreadable gold file. ``text`` prints the metrics of one text file as JSON.
``refusal`` scores the refusal grade against human-labelled answers (held out by model
and by set), per set and per model.
"""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from codeeval.console import fail, out
from codeeval.errors import EXIT_GATE_FAILED, ExtraMissing, InputError

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from .alarms import AlarmReport
    from .gold import BinaryScore, GoldReport
    from .refusal_eval import RefusalReport

# Each command imports what it uses when it runs: this module is imported for every
# ``codeeval`` command line (the group is part of the command tree), and the scoring
# modules and rich's tables would add some 15 ms to the start of ``codeeval run``.

_JSONL_HINT = "pass a JSON Lines file, one object per line"

metrics_app = typer.Typer(
    help="Objective text metrics (words, target deviation, truncation, evasion) and the "
    "evasion gold set. Exit codes: 0 ran (gold: targets met; cues: every example as it "
    "says), 13 a target missed or a cue example wrong, 4 unreadable input, 23 an extra missing.",
    no_args_is_help=True,
)


class SplitChoice(StrEnum):
    all = "all"
    dev = "dev"
    test = "test"


class DomainChoice(StrEnum):
    prose = "prose"
    speech = "speech"
    coding = "coding"


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}%"


def _num(value: float | None, digits: int = 3) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def _binary_columns(table: Table) -> None:
    table.add_column("detector", no_wrap=True)
    for col in ("TP", "FP", "TN", "FN", "P", "R", "FPR", "FNR", "κ"):
        table.add_column(col, justify="right", no_wrap=True)


def _binary_row(table: Table, b: BinaryScore) -> None:
    precision = b.tp / (b.tp + b.fp) if b.tp + b.fp else None
    recall = b.tp / (b.tp + b.fn) if b.tp + b.fn else None
    table.add_row(
        b.name,
        str(b.tp),
        str(b.fp),
        str(b.tn),
        str(b.fn),
        _num(precision, 2),
        _num(recall, 2),
        _pct(b.fpr),
        _pct(b.fnr),
        _num(b.kappa, 2),
    )


def _render(console: Console, report: GoldReport) -> None:
    from rich import box
    from rich.table import Table

    from .gold import TARGET_FNR, TARGET_FPR, TARGET_KAPPA

    classes = Table(
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        title=f"Evasion classes — split {report.split} ({report.cases} cases)",
    )
    for col in ("class", "TP", "FP", "FN", "precision", "recall", "F1"):
        classes.add_column(col, justify="left" if col == "class" else "right")
    for c in report.classes:
        classes.add_row(
            c.label, str(c.tp), str(c.fp), str(c.fn), _num(c.precision), _num(c.recall), _num(c.f1)
        )
    console.print(classes)

    binary = Table(
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        title=f"Any evasion (baselines see refusals only) — split {report.split}",
    )
    _binary_columns(binary)
    for b in (report.binary, *report.baselines):
        _binary_row(binary, b)
    console.print(binary)

    refusal = Table(
        box=box.SIMPLE_HEAD, pad_edge=False, title=f"Refusal or not — split {report.split}"
    )
    _binary_columns(refusal)
    for b in report.refusal:
        _binary_row(refusal, b)
    console.print(refusal)

    verdict = "[green]met[/green]" if report.targets_met else "[red]missed[/red]"
    console.print(
        f"Targets (FPR < {100 * TARGET_FPR:.0f} %, FNR < {100 * TARGET_FNR:.0f} %, "
        f"kappa ≥ {TARGET_KAPPA}): {verdict}; exact class-set match "
        f"{100 * report.exact_match:.1f} %"
    )
    if report.misses:
        console.print(
            "Mismatches: "
            + ", ".join(
                f"{m.id} (expected {'/'.join(m.expected) or '–'}, got {'/'.join(m.got) or '–'})"
                for m in report.misses
            )
        )
    console.print()


@metrics_app.command("gold")
def gold_command(
    gold: Annotated[
        Path,
        typer.Argument(
            help="A gold set (JSON Lines), e.g. tests/data/evasion/evasion_gold.jsonl in a "
            "checkout of codeeval; the written cases are not installed with the package."
        ),
    ],
    split: Annotated[SplitChoice, typer.Option("--split", help="Which half to score.")] = (
        SplitChoice.all
    ),
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")] = False,
) -> None:
    """Score the evasion detector and the keyword baselines on the gold set."""
    from .gold import load_gold, score_splits

    try:
        cases = load_gold(gold)
    except (OSError, ValueError) as exc:
        fail(InputError(f"cannot read the gold set: {exc}", hint=_JSONL_HINT))
    reports = score_splits(cases, split.value)
    if as_json:
        payload = [r.model_dump(mode="json") | {"targets_met": r.targets_met} for r in reports]
        typer.echo(json.dumps(payload, ensure_ascii=False, indent=2))
    else:
        for report in reports:
            _render(out, report)
    gate = next((r for r in reports if r.split == "test"), reports[-1])
    raise typer.Exit(0 if gate.targets_met else EXIT_GATE_FAILED)


def _render_alarms(console: Console, report: AlarmReport) -> None:
    from rich import box
    from rich.table import Table

    from .alarms import ALARM_CLASSES

    table = Table(
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        title="Flags on answers labelled full compliance (an upper bound of false alarms)",
    )
    for col in ("set", "model", "answers", *ALARM_CLASSES, "preamble/tail/inline"):
        table.add_column(col, justify="left" if col in ("set", "model") else "right")
    for row in report.rows:
        table.add_row(
            row.source,
            row.model,
            str(row.answers),
            *(f"{row.flagged[k]} ({_pct(row.flagged[k] / row.answers)})" for k in ALARM_CLASSES),
            f"{row.any_position} ({_pct(row.any_position / row.answers)})",
        )
    console.print(table)


@metrics_app.command("alarms")
def alarms_command(
    files: Annotated[
        list[Path],
        typer.Argument(
            help="Labelled real answers (JSON Lines with source, model, id, prompt, text, "
            "label), e.g. XSTest v2 and the ChatGPT refusals set."
        ),
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """Count evasion flags on real answers that people labelled full compliance."""
    from .alarms import count_alarms, load_labelled

    try:
        answers = [a for f in files for a in load_labelled(f)]
    except (OSError, ValueError) as exc:
        fail(InputError(f"cannot read the labelled answers: {exc}", hint=_JSONL_HINT))
    report = count_alarms(answers)
    if as_json:
        typer.echo(json.dumps(report.model_dump(mode="json"), ensure_ascii=False, indent=2))
    else:
        _render_alarms(out, report)


@metrics_app.command("cues")
def cues_command() -> None:
    """Check the cue files: every example matches or not as it says, and the triggers
    derived from each pattern fire on every example (exit 13 when one does not)."""
    from .cuedata import CueDataError, check_cue_files

    try:
        report = check_cue_files()
    except CueDataError as exc:
        fail(InputError(str(exc), hint="fix the cue file named above"))
    out.print(
        f"{report.cues} cues, {report.patterns} patterns, {report.examples} examples; "
        f"{report.substrings} substring needles, {report.always} cues tried on every sentence",
        markup=False,
    )
    for problem in report.problems:
        out.print(problem, markup=False)
    raise typer.Exit(EXIT_GATE_FAILED if report.problems else 0)


@metrics_app.command("text")
def text_command(
    file: Annotated[Path, typer.Argument(help="The model output to measure.")],
    prompt_text: Annotated[str, typer.Option("--prompt-text", help="The prompt's text.")] = "",
    target_words: Annotated[
        int | None, typer.Option("--target-words", help="The prompt file's target_words.")
    ] = None,
    forbids_preamble: Annotated[
        bool, typer.Option("--forbids-preamble", help="The prompt forbids a preamble.")
    ] = False,
    finish_reason: Annotated[
        str | None, typer.Option("--finish-reason", help="The server's finish reason.")
    ] = None,
    domain: Annotated[DomainChoice, typer.Option("--domain")] = DomainChoice.prose,
) -> None:
    """Print the text metrics of one output file as JSON."""
    from codeeval.models import Prompt

    from .measure import measure

    try:
        # surrogateescape keeps undecodable bytes visible as lone surrogates, which the
        # metrics report as an issue instead of failing here.
        text = file.read_text(encoding="utf-8", errors="surrogateescape")
    except OSError as exc:
        fail(InputError(f"cannot read {file}: {exc.strerror or exc}"))
    prompt = Prompt(
        id=file.stem or "text",
        domain=domain.value,
        prompt=prompt_text,
        target_words=target_words,
        forbids_preamble=forbids_preamble,
    )
    metrics = measure(prompt, text, finish_reason=finish_reason)
    typer.echo(json.dumps(metrics.model_dump(mode="json"), ensure_ascii=False, indent=2))


_DETECTOR_TITLES = {
    "held_out_model": "grade, model held out",
    "held_out_set": "grade, set held out",
    "prefix": "prefix list",
    "rubric": "rubric refusal class",
    "shipped": "shipped model (in-sample)",
}


def _render_refusal(console: Console, report: RefusalReport) -> None:
    from rich import box
    from rich.table import Table

    detectors = [d for d in _DETECTOR_TITLES if any(d in r.by for r in report.rows)]
    table = Table(
        box=box.MARKDOWN,
        pad_edge=False,
        title="Refusal grade vs. human labels — Cohen's κ: full refusal / non-compliance"
        " (/ three grades)",
    )
    table.add_column("set / model", no_wrap=True)
    table.add_column("answers (none·partial·full)", justify="right", no_wrap=True)
    for d in detectors:
        table.add_column(_DETECTOR_TITLES[d], justify="right", no_wrap=True)
    for row in report.rows:
        name = row.set if row.scope == "set" else f"  {row.model}"
        if row.scope == "set" and row.unseen:
            name += " (unseen)"
        labels = "·".join(str(row.labels[g]) for g in ("none", "partial", "full"))
        cells = []
        for d in detectors:
            a = row.by.get(d)  # type: ignore[call-overload]
            if a is None:
                cells.append("")
                continue
            parts = [_num(a.full, 2), _num(a.noncompliance, 2)]
            if a.grades is not None:
                parts.append(_num(a.grades, 2))
            cells.append(" / ".join(parts))
        table.add_row(
            f"**{name}**" if row.scope == "set" else name, f"{row.answers} ({labels})", *cells
        )
    console.print(table)
    if report.dropped:
        console.print(
            "Left out (labels that say nothing about refusal): "
            + ", ".join(f"{k} {v}" for k, v in report.dropped.items())
        )


@metrics_app.command("refusal")
def refusal_command(
    data: Annotated[
        Path,
        typer.Option("--data", help="Directory with xstest_v2.jsonl and chatgpt_refusals.jsonl."),
    ],
    held_out: Annotated[
        bool,
        typer.Option(
            "--held-out/--no-held-out",
            help="Retrain with each model and each set held out (needs the train extra).",
        ),
    ] = True,
    rubric: Annotated[
        bool, typer.Option("--rubric/--no-rubric", help="Also score the rubric's refusal class.")
    ] = True,
    unseen: Annotated[
        Path | None,
        typer.Option(
            "--unseen",
            help="Directory with Do-Not-Answer's human reviews (annotated_response_*.csv): "
            "a set never trained on, graded as shipped.",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")] = False,
) -> None:
    """Score the refusal grade against human-labelled answers, per set and per model."""
    from .refusal_data import DataError
    from .refusal_eval import evaluate
    from .refusal_train import TrainingUnavailable

    try:
        report = evaluate(data, held_out=held_out, rubric=rubric, unseen=unseen)
    except DataError as exc:
        fail(
            InputError(
                str(exc),
                hint="pass --data with the directory holding the labelled sets "
                "(see the README, 'Refusal grade')",
            )
        )
    except TrainingUnavailable as exc:
        fail(
            ExtraMissing(
                str(exc),
                hint="install the train extra, or pass --no-held-out for in-sample figures only",
            )
        )
    if as_json:
        typer.echo(json.dumps(report.model_dump(mode="json"), ensure_ascii=False, indent=2))
    else:
        _render_refusal(out, report)
