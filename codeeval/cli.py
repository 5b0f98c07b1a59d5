"""The command line: parse arguments, make one library call, render the result.

The only module that prints. Every ``CodeevalError`` becomes ``error:`` and
``hint:`` lines and the error's exit code; no traceback.
"""

from __future__ import annotations

import copy
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from types import FrameType
from typing import Annotated

import typer
from rich.text import Text

from codeeval import __version__
from codeeval.config import settings
from codeeval.console import err, fail, out, progress
from codeeval.errors import EXIT_INPUT_REJECTED, CodeevalError
from codeeval.models import Limits, ParserMode
from codeeval.pipeline import Backend, RunOptions, RunSummary
from codeeval.pipeline import run as run_pipeline
from codeeval.report import Results, aggregate, load
from codeeval.runners.base import Runner
from codeeval.store import RESULTS

app = typer.Typer(help="Evaluate language-model outputs, above all code.", no_args_is_help=True)
image_app = typer.Typer(help="The runner image.", no_args_is_help=True)
app.add_typer(image_app, name="image")
prompts_app = typer.Typer(help="The prompt files.", no_args_is_help=True)
app.add_typer(prompts_app, name="prompts")

try:
    from codeeval.textmetrics.cli import metrics_app

    app.add_typer(metrics_app, name="metrics")
except ImportError:  # pragma: no cover - the text metrics are part of the package
    pass

from codeeval.judge.cli import register as register_judging  # noqa: E402

register_judging(app)


class Terminated(Exception):
    """SIGTERM arrived."""


def _on_sigterm(signum: int, frame: FrameType | None) -> None:
    raise Terminated()


def _given_runner(ctx: typer.Context) -> Runner | None:
    """A runner handed in by the caller (``app(obj={"runner": …})``: tests, dry runs)."""
    obj = ctx.find_root().obj
    return obj.get("runner") if isinstance(obj, dict) else None


@app.command()
def run(
    ctx: typer.Context,
    samples: Annotated[Path, typer.Argument(help="JSONL file or directory of Markdown files")],
    prompts: Annotated[Path, typer.Option(help="directory of prompt TOML files")] = Path("prompts"),
    out: Annotated[Path, typer.Option(help="results directory (resumed if it exists)")] = Path(
        "out"
    ),
    no_exec: Annotated[
        bool, typer.Option("--no-exec", help="parse and measure, never run")
    ] = False,
    jobs: Annotated[int, typer.Option(min=1, max=64, help="containers in parallel")] = 2,
    timeout: Annotated[float, typer.Option(min=1, help="wall-clock seconds per suite")] = 10.0,
    memory: Annotated[int, typer.Option(min=64, help="MiB of memory per suite")] = 512,
    image: Annotated[str | None, typer.Option(help="runner image tag")] = None,
    runtime: Annotated[
        str | None,
        typer.Option(
            help="the engine's OCI runtime for the sandbox, e.g. runsc (gVisor's user-space "
            "kernel; see SECURITY.md); default: $CODEEVAL_RUNTIME, else the engine's default",
        ),
    ] = None,
    notice_pattern: Annotated[
        list[str] | None,
        typer.Option(
            "--notice-pattern",
            help="regex of a line the generating tool wrote into outputs (repeatable); "
            "such lines are stripped before any text metric",
        ),
    ] = None,
    hidden_tests_in_process: Annotated[
        bool,
        typer.Option(
            "--hidden-tests-in-process",
            help="run hidden tests in the module's process: faster, but a hostile module "
            "could forge their outcome (see SECURITY.md)",
        ),
    ] = False,
    parser: Annotated[
        ParserMode,
        typer.Option(
            help="default: every Python block of the answer (README, 'parse'); sanitize: "
            "only imports and what the prompt's entry_point reaches (EvalPlus-style)",
        ),
    ] = "default",
    rerun_changed: Annotated[
        bool,
        typer.Option(
            "--rerun-changed",
            help="on resume, evaluate again the samples whose text or prompt changed since "
            "their records were written (old records move to results.jsonl.replaced); "
            "without it such a resume is refused",
        ),
    ] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="no progress bar")] = False,
    models: ModelsOpt = None,
    only_prompts: Annotated[
        list[str] | None,
        typer.Option(
            "--prompt-ids", help="only samples of these prompt ids (repeatable, or comma-separated)"
        ),
    ] = None,
    backend: Annotated[
        Backend,
        typer.Option(
            help="local: this host's Docker engine; ray: the Docker hosts of a Ray cluster "
            "(nodes advertising docker_slots; needs codeeval[ray])",
        ),
    ] = "local",
    ray_address: Annotated[
        str | None,
        typer.Option(help="the Ray cluster for --backend ray (default: RAY_ADDRESS, or local)"),
    ] = None,
) -> None:
    """Evaluate samples: parse, run in the sandbox, write OUT/results.jsonl, print tables."""
    cfg = settings(image, runtime)
    opts = RunOptions(
        samples=samples,
        prompts=prompts,
        out=out,
        execute=not no_exec,
        jobs=jobs,
        limits=Limits(timeout_s=timeout, memory_mb=memory),
        isolate_reference=not hidden_tests_in_process,
        notice_patterns=tuple(notice_pattern or ()),
        parser=parser,
        only_models=_names(models),
        only_prompts=_names(only_prompts),
        rerun_changed=rerun_changed,
        cache_dir=cfg.cache_dir,
        backend=backend,
        ray_address=ray_address,
        runtime=cfg.runtime,
    )
    stop = threading.Event()
    previous = signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        with _progress_bar(samples, shown=not quiet and err.is_terminal) as advance:
            summary = run_pipeline(
                opts,
                image=cfg.image,
                docker_url=cfg.docker_url,
                runner=_given_runner(ctx),
                progress=advance,
                stop=stop,
            )
    except CodeevalError as exc:
        fail(exc)
    except KeyboardInterrupt:
        err.print("interrupted: finished records are kept; run the same command to resume")
        raise typer.Exit(130) from None
    except Terminated:
        err.print("terminated: finished records are kept; run the same command to resume")
        raise typer.Exit(143) from None
    finally:
        signal.signal(signal.SIGTERM, previous)
    _render_run(summary, _names(models), _names(only_prompts))
    if summary.bad_inputs:
        raise typer.Exit(EXIT_INPUT_REJECTED)


@contextmanager
def _progress_bar(samples: Path, shown: bool) -> Iterator[Callable[[str, int], None]]:
    """The progress callback of ``run``: advances a bar on stderr when ``shown``. A run
    without a bar does not count the samples' lines (a read of the whole file, on the
    way to the sandbox's start)."""
    if not shown:
        yield lambda kind, n: None
        return
    bar = progress("evaluating")
    task = bar.add_task("samples", total=_count_lines(samples))
    with bar:
        yield lambda kind, n: bar.advance(task, n)


def _count_lines(path: Path) -> int | None:
    try:
        if path.is_dir():
            return sum(1 for p in path.rglob("*") if p.suffix in (".md", ".txt"))
        with path.open("rb") as fh:
            return sum(chunk.count(b"\n") for chunk in iter(lambda: fh.read(1 << 20), b""))
    except OSError:
        return None


def _render_run(
    summary: RunSummary, models: tuple[str, ...] = (), prompts: tuple[str, ...] = ()
) -> None:
    for bad in summary.bad_inputs:
        err.print(
            Text.assemble(("skipped input:", "yellow"), f" {bad.where}: {bad.reason}"),
            highlight=False,
        )
    _print_tables(load(summary.out, models, prompts), markdown=False)
    err.print(
        f"{summary.written} records written, {summary.resumed} already there"
        f"{f', {summary.filtered} samples left out by the filters' if summary.filtered else ''}"
        f"{f', {summary.sandbox_errors} sandbox errors' if summary.sandbox_errors else ''}"
        f"{f', {len(summary.bad_inputs)} input lines rejected' if summary.bad_inputs else ''}"
        f"{f', {summary.replaced} records of changed inputs replaced' if summary.replaced else ''}"
        f" → {summary.out / RESULTS}",
        highlight=False,
    )


def _warn_bad_lines(results: Results) -> None:
    for bad in results.bad_lines:
        err.print(
            Text.assemble(("warning:", "yellow"), f" {results.path}:{bad.line}: {bad.reason}"),
            highlight=False,
        )


def _print_tables(results: Results, markdown: bool) -> None:
    from codeeval.render import empty_notes, grids, markdown_grid, rich_grid

    summary = aggregate(results)
    _warn_bad_lines(results)
    if not summary.outputs:
        out.print(f"no records in {results.path}", highlight=False)
        return
    for grid in grids(summary):
        if markdown:
            out.print(markdown_grid(grid), markup=False, highlight=False, soft_wrap=True)
        else:
            out.print(rich_grid(grid))
    for note in empty_notes(summary):
        out.print(note, highlight=False)
    if summary.statuses:
        counts = ", ".join(f"{k}: {v}" for k, v in sorted(summary.statuses.items()))
        out.print(f"execution status of {summary.records} coding samples — {counts}")


ModelsOpt = Annotated[
    list[str] | None,
    typer.Option("--models", help="only these models (repeatable, or comma-separated)"),
]
PromptsOpt = Annotated[
    list[str] | None,
    typer.Option("--prompts", help="only these prompt ids (repeatable, or comma-separated)"),
]


def _names(values: list[str] | None) -> tuple[str, ...]:
    return tuple(n.strip() for v in values or () for n in v.split(",") if n.strip())


@prompts_app.command("check")
def prompts_check(
    ctx: typer.Context,
    directory: Annotated[Path, typer.Argument(help="directory of prompt TOML files")],
    image: Annotated[str | None, typer.Option(help="runner image tag")] = None,
    hidden_tests_in_process: Annotated[
        bool,
        typer.Option(
            "--hidden-tests-in-process", help="check the way `run --hidden-tests-in-process` runs"
        ),
    ] = False,
) -> None:
    """Run every prompt's reference solution against its hidden tests in the sandbox."""
    from codeeval.selfcheck import check_prompts, describe

    cfg = settings(image)
    try:
        checks = check_prompts(
            directory,
            image=cfg.image,
            docker_url=cfg.docker_url,
            runner=_given_runner(ctx),
            isolate=not hidden_tests_in_process,
        )
    except CodeevalError as exc:
        fail(exc)
    for check in checks:
        verdict = describe(check.result) if check.result else "nothing to check (no reference)"
        out.print(f"{check.prompt_id}: {verdict}", highlight=False, markup=False)
    checked = sum(1 for c in checks if c.result is not None)
    err.print(f"{checked} of {len(checks)} prompts checked: every reference solution passes")


@app.command()
def table(
    out: Annotated[Path, typer.Argument(help="results directory of an earlier run")],
    markdown: Annotated[bool, typer.Option("--markdown", help="Markdown for a wiki page")] = False,
    models: ModelsOpt = None,
    prompts: PromptsOpt = None,
) -> None:
    """Print the pass-rate tables of an earlier run."""
    try:
        results = load(out, _names(models), _names(prompts))
        _print_tables(results, markdown=markdown)
    except CodeevalError as exc:
        fail(exc)


class ReportFormat(StrEnum):
    markdown = "markdown"
    csv = "csv"
    json = "json"


@app.command()
def report(
    out: Annotated[Path, typer.Argument(help="results directory of an earlier run")],
    format: Annotated[ReportFormat, typer.Option("--format", help="of the report text")] = (
        ReportFormat.markdown
    ),
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="write the report text here, not stdout")
    ] = None,
    html: Annotated[
        Path | None, typer.Option("--html", help="also write one self-contained HTML page")
    ] = None,
    junit: Annotated[
        Path | None,
        typer.Option("--junit", help="also write codeeval's verdicts as JUnit XML"),
    ] = None,
    models: ModelsOpt = None,
    prompts: PromptsOpt = None,
    suite: Annotated[str, typer.Option(help="baseline suite name")] = "coding",
    baselines: Annotated[
        Path, typer.Option(help="baselines folder (baselines/<suite>/<timestamp>.json)")
    ] = Path("baselines"),
    save: Annotated[bool, typer.Option("--save", help="save this run as a baseline")] = False,
    compare: Annotated[
        str | None,
        typer.Option("--compare", help="'latest' or a baseline file: deltas and a paired test"),
    ] = None,
    tolerance: Annotated[
        float, typer.Option(min=0.0, max=1.0, help="drop in strict pass rate that is tolerated")
    ] = 0.05,
    alpha: Annotated[
        float, typer.Option(min=0.0, max=1.0, help="significance level of the paired test")
    ] = 0.05,
    title: Annotated[str, typer.Option(help="title of the report")] = "codeeval report",
) -> None:
    """Report an earlier run: Markdown, CSV or JSON; HTML, JUnit; baselines and comparisons.

    Exit 12 when --compare finds a regression: a model's strict pass rate fell by more than
    --tolerance and McNemar's exact test on the paired samples gives p < --alpha.
    """
    from codeeval.errors import EXIT_REGRESSION
    from codeeval.publish import ReportOptions
    from codeeval.publish import report as make_report

    opts = ReportOptions(
        out=out,
        format=format.value,
        output=output,
        html=html,
        junit=junit,
        models=_names(models),
        prompts=_names(prompts),
        suite=suite,
        baselines=baselines,
        save=save,
        compare=compare,
        tolerance=tolerance,
        alpha=alpha,
        title=title,
    )
    try:
        outcome = make_report(opts)
    except CodeevalError as exc:
        fail(exc)
    for bad in outcome.bad_lines:
        err.print(
            Text.assemble(
                ("warning:", "yellow"), f" {outcome.results_path}:{bad.line}: {bad.reason}"
            ),
            highlight=False,
        )
    if not outcome.summary.outputs:
        err.print(f"no records in {outcome.results_path}", highlight=False)
    if output is None:
        sys.stdout.write(outcome.text)
        sys.stdout.flush()
    for path in outcome.written:
        err.print(f"wrote {path}", highlight=False)
    if outcome.saved is not None:
        err.print(f"saved baseline {outcome.saved}", highlight=False)
    if compare and outcome.comparison is None:
        err.print("nothing to compare: no records", highlight=False)
    if outcome.regressed and outcome.comparison is not None:
        names = ", ".join(m.model for m in outcome.comparison.regressions)
        err.print(
            Text.assemble(("regression:", "red"), f" {names} (against {outcome.compared_with})"),
            highlight=False,
        )
        raise typer.Exit(EXIT_REGRESSION)


@app.command("compare")
def compare_command(
    old: Annotated[Path, typer.Argument(help="baseline file or results directory (before)")],
    new: Annotated[Path, typer.Argument(help="baseline file or results directory (after)")],
    tolerance: Annotated[
        float, typer.Option(min=0.0, max=1.0, help="drop in strict pass rate that is tolerated")
    ] = 0.05,
    alpha: Annotated[
        float, typer.Option(min=0.0, max=1.0, help="significance level of the paired test")
    ] = 0.05,
) -> None:
    """Compare two runs: deltas, flipped samples, McNemar's exact test (exit 12: regression)."""
    from codeeval.errors import EXIT_REGRESSION
    from codeeval.publish import compare_paths, comparison_markdown

    try:
        comparison = compare_paths(old, new, tolerance=tolerance, alpha=alpha)
    except CodeevalError as exc:
        fail(exc)
    sys.stdout.write(comparison_markdown(comparison))
    if comparison.regressions:
        names = ", ".join(m.model for m in comparison.regressions)
        err.print(Text.assemble(("regression:", "red"), f" {names}"), highlight=False)
        raise typer.Exit(EXIT_REGRESSION)


@app.command()
def show(
    out: Annotated[Path, typer.Argument(help="results directory of an earlier run")],
    model: Annotated[str, typer.Argument(help="model name")],
    prompt: Annotated[str, typer.Argument(help="prompt id")],
    run: Annotated[int, typer.Argument(min=1, help="run number")],
) -> None:
    """Explain one sample: its files, each suite, the failing tests, the text metrics."""
    from codeeval.explain import show_text
    from codeeval.report import find

    try:
        record = find(load(out), model, prompt, run)
    except CodeevalError as exc:
        fail(exc)
    sys.stdout.write(show_text(record))


@app.command()
def suite(
    names: Annotated[
        list[str] | None, typer.Argument(help="suites to score (all when none are named)")
    ] = None,
    suites: Annotated[Path, typer.Option(help="folder of suite files")] = Path("suites"),
    results: Annotated[
        Path | None,
        typer.Option(help="results directory for suites that score codeeval's verdicts"),
    ] = None,
    json_out: Annotated[bool, typer.Option("--json", help="the scoreboard as JSON")] = False,
) -> None:
    """Score suites with ground truth (binary or label-set) and check their gates.

    Exit 13 when a suite scores below one of its gates.
    """
    from codeeval.errors import EXIT_GATE_FAILED
    from codeeval.render import scoreboard_grid, scoreboard_json
    from codeeval.suites import run_suites

    try:
        scored = run_suites(suites, names or (), results)
    except CodeevalError as exc:
        fail(exc)
    if json_out:
        sys.stdout.write(scoreboard_json(scored))
    else:
        from codeeval.render import rich_grid

        out.print(rich_grid(scoreboard_grid(scored)))
    failed = [(r.spec.name, g) for r in scored for g in r.gates if not g.passed]
    for name, gate in failed:
        value = "none" if gate.value is None else f"{gate.value:.3f}"
        err.print(
            Text.assemble(
                ("gate failed:", "red"), f" {name}: {gate.gate} = {value}, needs {gate.threshold:g}"
            ),
            highlight=False,
        )
    if failed:
        raise typer.Exit(EXIT_GATE_FAILED)


@image_app.command("build")
def image_build(
    base: Annotated[str, typer.Option(help="auto | registry | offline")] = "auto",
    tag: Annotated[str | None, typer.Option(help="image tag")] = None,
) -> None:
    """Build the runner image (offline from Debian's archive when no registry answers)."""
    from codeeval.errors import UsageError
    from codeeval.image import Base, build

    if base not in ("auto", "registry", "offline"):
        fail(UsageError(f"unknown base {base!r}", hint="use auto, registry or offline"))
    chosen: Base = base  # type: ignore[assignment]  # checked just above
    cfg = settings(tag)
    try:
        digest = build(
            cfg.image,
            chosen,
            base_url=cfg.docker_url,
            cache=cfg.cache_dir,
            log=lambda line: err.print(line, highlight=False, markup=False),
        )
    except CodeevalError as exc:
        fail(exc)
    out.print(f"{cfg.image} {digest}")


@app.command()
def version() -> None:
    """Print codeeval's version."""
    out.print(__version__)


def _print_version(value: bool) -> None:
    if value:
        out.print(__version__)
        raise typer.Exit(0)


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_print_version, is_eager=True, help="print the version"),
    ] = False,
) -> None:
    """Evaluate language-model outputs, above all code."""


def _app_for(argv: list[str]) -> typer.Typer:
    """``app`` with only the command or group that ``argv`` starts with, when it names one.

    Building a command's parameters from its signature takes a few milliseconds, some
    0.08 s for all of them, on the way to every start; the command invoked is the only
    one needed. Anything else (no command, an option first, an unknown name) gets the
    whole ``app``, so help and error messages are the usual ones.
    """
    name = argv[0] if argv else ""
    commands = [
        info
        for info in app.registered_commands
        if info.callback is not None
        and (info.name or info.callback.__name__.replace("_", "-")) == name
    ]
    groups = [info for info in app.registered_groups if info.name == name]
    if not commands and not groups:
        return app
    only = copy.copy(app)  # the same callback (--version) and settings
    only.registered_commands = commands
    only.registered_groups = groups
    return only


def main(argv: list[str] | None = None) -> int:
    """The entry point: bad flags and values become ``error:``/``hint:`` lines (exit 2)."""
    command = typer.main.get_command(_app_for(sys.argv[1:] if argv is None else argv))
    try:
        code = command.main(args=argv, prog_name="codeeval", standalone_mode=False)
    except typer.Abort:
        err.print("interrupted", highlight=False)
        return 130
    except Exception as exc:
        # typer's vendored click raises UsageError (exit code 2) for bad flags and values;
        # it is not public API, so it is recognised by its shape.
        if getattr(exc, "exit_code", None) != 2 or not hasattr(exc, "format_message"):
            raise
        if type(exc).__name__ == "NoArgsIsHelpError":
            err.print(exc.format_message(), highlight=False, markup=False)
            return 2
        ctx = getattr(exc, "ctx", None)
        where = getattr(ctx, "command_path", None) or "codeeval"
        err.print(Text.assemble(("error:", "red"), " ", exc.format_message()), highlight=False)
        err.print(f"hint: see `{where} --help`", highlight=False, markup=False)
        return 2
    return code if isinstance(code, int) else 0


if __name__ == "__main__":  # pragma: no cover - `python -m codeeval.cli`
    sys.exit(main())
