"""The judging commands: ``generate``, ``judge``, ``blind`` and ``review``.

Each command parses its arguments, makes one call into :mod:`codeeval.judge.commands`
(or :mod:`codeeval.generate`) and renders the result. Errors go through the main command
line's one error boundary (``error:`` and ``hint:`` lines, the error's exit code).
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from codeeval.console import err, fail
from codeeval.console import out as console
from codeeval.console import progress as progress_bar
from codeeval.errors import EXIT_INPUT_REJECTED, EXIT_INTERRUPTED, CodeevalError

if TYPE_CHECKING:
    from codeeval.chat import ChatModel

judge_app = typer.Typer(help="The LLM judge, agreement and verdicts.", no_args_is_help=True)
blind_app = typer.Typer(help="Blind copies and scoring sheets for people.", no_args_is_help=True)


class Statistic(StrEnum):
    exact = "exact"
    within_one = "within_one"
    kappa = "kappa"
    alpha = "alpha"


class SheetFormat(StrEnum):
    csv = "csv"
    md = "md"


class _Terminated(Exception):
    pass


def _on_sigterm(signum: int, frame: FrameType | None) -> None:
    raise _Terminated()


@contextmanager
def _boundary(stop: threading.Event | None = None) -> Iterator[None]:
    """The error boundary: codeeval errors, SIGINT and SIGTERM, each with its exit code."""
    previous = signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        yield
    except CodeevalError as exc:
        fail(exc)
    except KeyboardInterrupt:
        if stop is not None:
            stop.set()
        err.print("interrupted: finished work is kept; run the same command to resume")
        raise typer.Exit(EXIT_INTERRUPTED) from None
    except _Terminated:
        if stop is not None:
            stop.set()
        err.print("terminated: finished work is kept; run the same command to resume")
        raise typer.Exit(143) from None
    finally:
        signal.signal(signal.SIGTERM, previous)


def _chat(model: str, base_url: str, timeout: float, retries: int) -> ChatModel:
    from codeeval.client import OpenAIChat
    from codeeval.config import api_key

    return OpenAIChat(model, base_url, api_key=api_key(), timeout=timeout, retries=retries)


ModelOpt = Annotated[str, typer.Option("--model", help="the model the server should use")]
BaseUrlOpt = Annotated[
    str,
    typer.Option("--base-url", help="OpenAI-compatible API root, e.g. http://127.0.0.1:8080/v1"),
]
TimeoutOpt = Annotated[float, typer.Option(min=1, help="seconds per request attempt")]
RetriesOpt = Annotated[int, typer.Option(min=0, help="retries with back-off on transient errors")]
RubricsOpt = Annotated[
    Path | None, typer.Option("--rubrics", help="directory of edited rubric files")
]
QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help="no progress bar")]


def generate(
    prompts: Annotated[Path, typer.Argument(help="directory of prompt TOML files")],
    model: ModelOpt,
    base_url: BaseUrlOpt,
    out: Annotated[Path, typer.Option(help="samples file (JSONL; resumed if it exists)")] = Path(
        "samples.jsonl"
    ),
    runs: Annotated[int, typer.Option(min=1, help="runs per prompt (at least 2 advised)")] = 2,
    seed: Annotated[int | None, typer.Option(help="seed of run 1; run n gets seed+n-1")] = None,
    label: Annotated[str | None, typer.Option(help="model name on the samples")] = None,
    temperature: Annotated[float | None, typer.Option(help="sampling temperature")] = None,
    top_p: Annotated[float | None, typer.Option(help="nucleus sampling")] = None,
    max_tokens: Annotated[int | None, typer.Option(help="token budget per reply")] = None,
    system: Annotated[str | None, typer.Option(help="a system message")] = None,
    concurrency: Annotated[int, typer.Option(min=1, max=64, help="requests in flight")] = 2,
    timeout: TimeoutOpt = 600.0,
    retries: RetriesOpt = 4,
    quiet: QuietOpt = False,
) -> None:
    """Send the prompts to a model server and write the samples file."""
    from codeeval.generate import GenerateOptions
    from codeeval.generate import generate as run_generate

    stop = threading.Event()
    progress = progress_bar("generating", quiet)
    task = progress.add_task("samples", total=None)
    with _boundary(stop), progress:
        opts = GenerateOptions(
            prompts=prompts,
            out=out,
            label=label or model,
            runs=runs,
            seed=seed,
            temperature=temperature,
            top_p=top_p,
            max_tokens=max_tokens,
            concurrency=concurrency,
            system=system,
        )
        summary = run_generate(
            opts,
            _chat(model, base_url, timeout, retries),
            progress=lambda n: progress.advance(task, n),
            stop=stop,
            total=lambda n: progress.update(task, total=n),
        )
    for line in summary.failed:
        err.print(f"[yellow]no sample:[/] {line}", highlight=False)
    err.print(
        f"{summary.written} samples written, {summary.resumed} already there"
        f"{f', {summary.truncated} cut off at the token limit' if summary.truncated else ''}"
        f"{f', {len(summary.failed)} unreadable replies (re-run)' if summary.failed else ''}"
        f" → {summary.out}",
        highlight=False,
    )
    if summary.failed:
        raise typer.Exit(EXIT_INPUT_REJECTED)


@judge_app.command("run")
def judge_run(
    samples: Annotated[Path, typer.Argument(help="samples file or directory")],
    model: ModelOpt,
    base_url: BaseUrlOpt,
    prompts: Annotated[Path, typer.Option(help="directory of prompt TOML files")] = Path("prompts"),
    out: Annotated[Path, typer.Option(help="directory for scores (resumed)")] = Path("judged"),
    results: Annotated[
        Path | None, typer.Option(help="results of `codeeval run`: suggestions and the cap")
    ] = None,
    rubric: Annotated[str | None, typer.Option(help="one rubric for every text")] = None,
    criterion: Annotated[
        list[str] | None, typer.Option("--criterion", help="only these criteria (repeatable)")
    ] = None,
    alias: Annotated[
        list[str] | None,
        typer.Option("--alias", help="NAME=OTHER: OTHER is another name of model NAME"),
    ] = None,
    cache: Annotated[Path | None, typer.Option(help="judgment cache (default OUT/cache)")] = None,
    recheck: Annotated[
        bool, typer.Option("--recheck", help="ask again despite the cache; report drift")
    ] = False,
    concurrency: Annotated[int, typer.Option(min=1, max=64, help="requests in flight")] = 2,
    timeout: TimeoutOpt = 120.0,
    retries: RetriesOpt = 4,
    rubrics: RubricsOpt = None,
    quiet: QuietOpt = False,
) -> None:
    """Score texts with an LLM judge: one criterion across all texts, blind, temperature 0."""
    from codeeval.judge.commands import judge_files
    from codeeval.judge.identity import parse_aliases
    from codeeval.judge.run import JudgeOptions

    stop = threading.Event()
    progress = progress_bar("judging", quiet)
    task = progress.add_task("judgments", total=None)
    with _boundary(stop), progress:
        opts = JudgeOptions(
            out=out,
            rubric=rubric,
            criteria=tuple(criterion or ()),
            aliases=tuple(parse_aliases(alias or ())),
            concurrency=concurrency,
            cache=cache,
            recheck=recheck,
        )
        done = judge_files(
            samples,
            prompts,
            _chat(model, base_url, timeout, retries),
            opts,
            results=results,
            rubrics_dir=rubrics,
            progress=lambda n: progress.advance(task, n),
            total=lambda n: progress.update(task, total=n),
            stop=stop,
        )
    s = done.summary
    for bad in done.bad_inputs:
        err.print(f"[yellow]skipped input:[/] {bad.where}: {bad.reason}", highlight=False)
    table = Table(title=f"judge {s.judge.label()}: scores per criterion")
    for col in ("rubric", "criterion", "scored", "unscored"):
        table.add_column(col, justify="right" if col in ("scored", "unscored") else "left")
    for (rid, cid), tally in sorted(s.per_criterion.items()):
        table.add_row(rid, cid, str(tally["scored"]), str(tally["unscored"]))
    console.print(table)
    if s.reasons:
        console.print("unscored: " + ", ".join(f"{k} ({v})" for k, v in s.reasons.most_common()))
    if s.drift:
        console.print(
            f"drift: {len(s.drift)} of {s.rechecked} re-judged scores changed"
            f" → {opts.out / 'drift.jsonl'}"
        )
    elif s.rechecked:
        console.print(f"drift: none ({s.rechecked} re-judged scores unchanged)")
    if s.overhead_s:
        model_s = sum(s.model_s) / len(s.model_s)
        over = sorted(s.overhead_s)[len(s.overhead_s) // 2]
        console.print(
            f"time per judgment: model {model_s * 1000:.0f} ms (mean), "
            f"codeeval {over * 1000:.1f} ms (median)"
        )
    err.print(
        f"{s.scored} scored, {s.unscored} unscored, {s.cached} from the cache, "
        f"{s.resumed} already there, {s.capped} capped, {s.rejected_by_gate} rejected by a gate; "
        f"{done.suggestions} suggestions → {opts.out}",
        highlight=False,
    )
    if done.bad_inputs:
        raise typer.Exit(EXIT_INPUT_REJECTED)


@judge_app.command("refusal")
def judge_refusal(
    samples: Annotated[Path, typer.Argument(help="samples file or directory")],
    model: ModelOpt,
    base_url: BaseUrlOpt,
    prompts: Annotated[Path, typer.Option(help="directory of prompt TOML files")] = Path("prompts"),
    out: Annotated[Path, typer.Option(help="directory for the judgments (resumed)")] = Path(
        "judged"
    ),
    config: Annotated[
        Path | None, typer.Option(help="an edited refusal_judge.toml (band, instructions)")
    ] = None,
    alias: Annotated[
        list[str] | None,
        typer.Option("--alias", help="NAME=OTHER: OTHER is another name of model NAME"),
    ] = None,
    concurrency: Annotated[int, typer.Option(min=1, max=64, help="requests in flight")] = 2,
    timeout: TimeoutOpt = 120.0,
    retries: RetriesOpt = 4,
    quiet: QuietOpt = False,
) -> None:
    """Let an LLM judge decide the refusal grades the learned model is unsure of."""
    from codeeval.judge.identity import parse_aliases
    from codeeval.judge.records import load_texts
    from codeeval.judge.refusal import judge_refusals, load_config

    stop = threading.Event()
    progress = progress_bar("judging refusals", quiet)
    task = progress.add_task("answers", total=None)
    with _boundary(stop), progress:
        cfg = load_config(config)
        texts, bad = load_texts(samples, prompts)
        s = judge_refusals(
            texts,
            _chat(model, base_url, timeout, retries),
            out,
            config=cfg,
            aliases=parse_aliases(alias or ()),
            concurrency=concurrency,
            progress=lambda n: progress.advance(task, n),
            stop=stop,
        )
    for item in bad:
        err.print(f"[yellow]skipped input:[/] {item.where}: {item.reason}", highlight=False)
    changes = ", ".join(f"{a} → {b} ({n})" for (a, b), n in s.changed.most_common())
    console.print(
        f"{s.texts} answers, {s.uncertain} uncertain (top probability below {cfg.band}): "
        f"{s.judged} judged, {s.unscored} unscored (the model's grade stands), "
        f"{s.resumed} already there; changed: {changes or 'none'}",
        highlight=False,
    )
    err.print(f"→ {s.out}", highlight=False)
    if bad:
        raise typer.Exit(EXIT_INPUT_REJECTED)


def _agreement_table(title: str, rows: list[object]) -> Table:
    from codeeval.judge.agreement import CriterionAgreement

    table = Table(title=title)
    cols = ("rubric", "criterion", "n", "exact", "within 1", "κ (quadratic)", "α (ordinal)", "flag")
    for col in cols:
        table.add_column(col)

    def fmt(row: CriterionAgreement, name: str) -> str:
        value = getattr(row, name)
        if value is None:
            return "–"
        ci = row.intervals.get(name)
        return f"{value:.2f}" + (f" [{ci.low:.2f}, {ci.high:.2f}]" if ci else "")

    for row in rows:
        assert isinstance(row, CriterionAgreement)
        table.add_row(
            row.rubric,
            row.criterion,
            f"{row.n}"
            + (
                f" (+{row.unscored_a + row.unscored_b} unscored)"
                if row.unscored_a + row.unscored_b
                else ""
            ),
            fmt(row, "exact"),
            fmt(row, "within_one"),
            fmt(row, "kappa"),
            fmt(row, "alpha"),
            f"[red]{row.flag_reason}[/]" if row.flagged else "ok",
        )
    return table


@judge_app.command("calibrate")
def judge_calibrate(
    examples: Annotated[Path, typer.Argument(help="JSONL of human-scored examples")],
    model: ModelOpt,
    base_url: BaseUrlOpt,
    threshold: Annotated[float, typer.Option(help="flag below this")] = 0.9,
    statistic: Annotated[Statistic, typer.Option(help="the statistic flagged")] = Statistic.exact,
    concurrency: Annotated[int, typer.Option(min=1, max=64)] = 2,
    reps: Annotated[int, typer.Option(min=100, help="bootstrap resamples")] = 1000,
    timeout: TimeoutOpt = 120.0,
    retries: RetriesOpt = 4,
    rubrics: RubricsOpt = None,
) -> None:
    """How the judge scores examples people scored, before it is trusted."""
    from codeeval.judge.commands import calibrate_file

    with _boundary():
        result = calibrate_file(
            examples,
            _chat(model, base_url, timeout, retries),
            threshold=threshold,
            statistic=statistic.value,
            concurrency=concurrency,
            rubrics_dir=rubrics,
        )
    console.print(_agreement_table("calibration: judge vs people", list(result.agreement)))
    for j, p in zip(result.judge, result.people, strict=True):
        if j.value != p.value:
            console.print(
                f"{p.prompt_id} {p.criterion}: people {p.value}, judge "
                f"{j.value if j.value is not None else 'unscored'} ({j.reason})",
                highlight=False,
                markup=False,
            )
    flagged = [a for a in result.agreement if a.flagged]
    console.print(
        "not yet trustworthy on: " + ", ".join(f"{a.rubric}/{a.criterion}" for a in flagged)
        if flagged
        else "the judge meets the threshold on every criterion"
    )


@judge_app.command("agreement")
def judge_agreement(
    first: Annotated[list[Path], typer.Argument(help="scores of one rater (JSONL)")],
    against: Annotated[
        list[Path], typer.Option("--against", help="scores of the other rater (repeatable)")
    ],
    threshold: Annotated[float, typer.Option(help="flag below this")] = 0.9,
    statistic: Annotated[Statistic, typer.Option(help="the statistic flagged")] = Statistic.exact,
    reps: Annotated[int, typer.Option(min=100, help="bootstrap resamples")] = 1000,
) -> None:
    """Agreement per criterion: exact, within one, quadratic κ, Krippendorff's α, with CIs."""
    from codeeval.judge.commands import agreement_files

    with _boundary():
        rows = agreement_files(
            first, against, threshold=threshold, statistic=statistic.value, reps=reps
        )
    console.print(
        _agreement_table(f"agreement (flag: {statistic.value} < {threshold:g})", list(rows))
    )


@judge_app.command("verdicts")
def judge_verdicts(
    scores: Annotated[list[Path], typer.Argument(help="scores on the quality rubric (JSONL)")],
    out_dir: Annotated[Path, typer.Option("--out", help="verdicts and review queue")] = Path(
        "judged"
    ),
    rubric: Annotated[str, typer.Option(help="rubric with a [composite] table")] = "quality",
    rubrics: RubricsOpt = None,
) -> None:
    """Quality-judge composites and verdicts; borderline ones go to the review queue."""
    from codeeval.judge.commands import verdict_files

    with _boundary():
        found, queue, added = verdict_files(scores, out_dir, rubric=rubric, rubrics_dir=rubrics)
    table = Table(title="verdicts")
    for col in ("text", "rater", "composite", "verdict", "review"):
        table.add_column(col)
    for v in found:
        table.add_row(
            v.id,
            v.rater,
            "–" if v.composite is None else f"{v.composite:.1f}",
            v.verdict,
            "queued" if v.escalate else "",
        )
    console.print(table)
    counts: dict[str, int] = {}
    for v in found:
        counts[v.verdict] = counts.get(v.verdict, 0) + 1
    console.print(", ".join(f"{k}: {n}" for k, n in sorted(counts.items())))
    err.print(f"{added} new item(s) for human review → {queue}", highlight=False)


@blind_app.command("make")
def blind_make(
    samples: Annotated[Path, typer.Argument(help="samples file or directory")],
    out_dir: Annotated[Path, typer.Option("--out", help="new directory for reviewers")],
    prompts: Annotated[Path, typer.Option(help="directory of prompt TOML files")] = Path("prompts"),
    key: Annotated[
        Path | None, typer.Option(help="resolution table (default: beside OUT, not inside)")
    ] = None,
    fraction: Annotated[float, typer.Option(help="share of each (model, prompt) stratum")] = 0.2,
    seed: Annotated[int | None, typer.Option(help="fix the draw and the ids")] = None,
    sheet_format: Annotated[SheetFormat, typer.Option("--format")] = SheetFormat.csv,
    rubric: Annotated[str | None, typer.Option(help="one rubric for every text")] = None,
    rubrics: RubricsOpt = None,
) -> None:
    """Anonymised copies under random ids, and one scoring sheet per criterion."""
    from codeeval.judge.commands import blind_files

    with _boundary():
        manifest, key_path, bad = blind_files(
            samples,
            prompts,
            out_dir,
            key=key,
            fraction=fraction,
            seed=seed,
            fmt=sheet_format.value,
            rubric=rubric,
            rubrics_dir=rubrics,
        )
    for b in bad:
        err.print(f"[yellow]skipped input:[/] {b.where}: {b.reason}", highlight=False)
    console.print(f"{manifest.texts} texts, {len(manifest.sheets)} sheets → {out_dir}/sheets")
    console.print(f"resolution table (keep it from the reviewers) → {key_path}")


@blind_app.command("import")
def blind_import(
    blind_dir: Annotated[Path, typer.Argument(help="the directory `blind make` wrote")],
    sheets: Annotated[list[Path], typer.Argument(help="filled sheets")],
    rater: Annotated[str, typer.Option(help="who scored them")],
    key: Annotated[Path | None, typer.Option(help="the resolution table")] = None,
    out_file: Annotated[Path, typer.Option("--out", help="scores file (appended)")] = Path(
        "people.jsonl"
    ),
    results: Annotated[Path | None, typer.Option(help="results, for the correctness cap")] = None,
    rubrics: RubricsOpt = None,
) -> None:
    """Import filled sheets, resolved back to models; any bad line imports nothing."""
    from codeeval.judge.blind import default_key_path
    from codeeval.judge.commands import import_files

    with _boundary():
        n = import_files(
            blind_dir,
            key or default_key_path(blind_dir),
            sheets,
            rater,
            out_file,
            results=results,
            rubrics_dir=rubrics,
        )
    console.print(f"{n} scores by {rater} → {out_file}")


def review(
    queue: Annotated[Path, typer.Argument(help="the review queue (OUT/review.jsonl)")],
    item: Annotated[str | None, typer.Option("--id", help="the item decided")] = None,
    decision: Annotated[
        str | None, typer.Option(help="production_ready | needs_review | failed")
    ] = None,
    reviewer: Annotated[str | None, typer.Option(help="who decides")] = None,
    note: Annotated[str, typer.Option(help="why")] = "",
) -> None:
    """List the open borderline verdicts, or record a decision on one."""
    from codeeval.errors import UsageError
    from codeeval.judge.composite import decide, queue_state

    with _boundary():
        if item is not None or decision is not None:
            if item is None or decision is None:
                raise UsageError("a decision needs both --id and --decision")
            made = decide(queue, item, decision, reviewer or "", note)
            console.print(
                f"{made.id}: {made.decision} by {made.reviewer} (judge: {made.judge_verdict})"
            )
            return
        state = queue_state(queue)
    open_items = state.open
    console.print(f"{len(open_items)} open, {len(state.decisions)} decided")
    for v in open_items:
        console.print(f"\n[bold]{v.id}[/] composite {v.composite:.1f} → judge: {v.verdict}")
        for reason in v.reasons:
            console.print(f"  - {reason}", highlight=False, markup=False)


def register(app: typer.Typer) -> None:
    """Add the judging commands to the main command line."""
    app.command()(generate)
    app.add_typer(judge_app, name="judge")
    app.add_typer(blind_app, name="blind")
    app.command()(review)
