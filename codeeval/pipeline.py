"""The orchestrator: samples in, one record per sample out.

``evaluate`` wires the stages: read a sample, find its prompt, parse the output
into files, analyse them statically, plan the suites, run them (or not, with
``--no-exec``), measure the text, and append the record. Everything but running
is pure and happens on the worker thread that owns the sample.
"""

from __future__ import annotations

import itertools
import platform
import threading
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any, Literal

from codeeval import __version__
from codeeval.analysis import (
    analyse,
    count_test_functions,
    names_defined,
    names_imported_from,
)
from codeeval.errors import InputError
from codeeval.extract import extract
from codeeval.junit import judge_run
from codeeval.models import (
    Execution,
    Extraction,
    Limits,
    ParseOutcome,
    ParserMode,
    Prompt,
    Provenance,
    RunRequest,
    RunResult,
    Sample,
    StaticAnalysis,
    SuiteName,
    SuiteResult,
    SuiteSpec,
)
from codeeval.prompts import load_prompts, prompt_digest, prompt_field_digests
from codeeval.record import FailureIssue, Inputs, MetricsFailure, Result
from codeeval.resume import (
    check_changes,
    require_a_sample,
    require_samples,
    sample_digest,
    scan,
)
from codeeval.runners.base import Runner
from codeeval.samples import BadInput, iter_samples
from codeeval.selfcheck import REFERENCE_TEST_FILE, PassedChecks, require_passing, run_checks
from codeeval.store import OutLock, ResultStore
from codeeval.textmetrics import TextMetrics, measure

__all__ = ["REFERENCE_TEST_FILE", "Backend", "RunOptions", "RunSummary", "evaluate", "run"]


Backend = Literal["local", "ray"]


@dataclass
class RunOptions:
    samples: Path
    prompts: Path
    out: Path
    execute: bool = True
    jobs: int = 2
    limits: Limits = field(default_factory=Limits)
    notice_patterns: tuple[str, ...] = ()
    isolate_reference: bool = True
    parser: ParserMode = "default"
    only_models: tuple[str, ...] = ()
    """Evaluate only these models' samples (all when empty)."""
    only_prompts: tuple[str, ...] = ()
    """Evaluate only samples of these prompt ids (all when empty)."""

    rerun_changed: bool = False
    """Evaluate again the samples whose sample text or prompt changed since their records
    were written (their old records move aside); by default such a resume is refused."""
    cache_dir: Path | None = None
    """Where prompt self-checks that passed are remembered across runs (keyed by the
    prompt's digest, the image digest, the limits and the isolation); None: not at all."""
    backend: Backend = "local"
    """Where the sandboxed suites run: this host's Docker engine, or a Ray cluster's."""
    ray_address: str | None = None
    """The Ray cluster (``--ray-address``); None: ``RAY_ADDRESS`` or the local cluster."""
    runtime: str | None = None
    """The engine's OCI runtime for the sandbox (``runsc``: gVisor); None: the default."""

    def selects(self, sample: Sample) -> bool:
        """Whether ``--models`` / ``--prompt-ids`` let this sample through."""
        return (not self.only_models or sample.model in self.only_models) and (
            not self.only_prompts or sample.prompt_id in self.only_prompts
        )


@dataclass
class RunSummary:
    out: Path
    written: int = 0
    resumed: int = 0
    filtered: int = 0
    """Samples left out by ``only_models`` / ``only_prompts``."""
    bad_inputs: list[BadInput] = field(default_factory=list)
    sandbox_errors: int = 0
    runner: str = "none"
    image_digest: str | None = None
    replaced: int = 0
    """Records of changed inputs set aside to run again (``--rerun-changed``)."""
    prompts_checked: int = 0
    """Prompts whose reference solution passed its hidden tests in this run's self-check."""


Progress = Callable[[str, int], None]


def plan_suites(
    prompt: Prompt, ext: Extraction, analysis: StaticAnalysis, isolate_reference: bool = True
) -> tuple[SuiteSpec, ...]:
    """The suites a sample gets: own tests, hidden reference tests, own tests vs. reference.

    The hidden tests run isolated (the module in a process of its own) unless
    ``isolate_reference`` is False, which trades forge-proofing for speed.
    """
    module = ext.file("module")
    tests = [f for f in ext.files if f.role == "tests"]
    others = tuple((f.name, f.content) for f in ext.files if f.role == "other")
    suites: list[SuiteSpec] = []
    own_count = sum(count_test_functions(t.content) for t in tests)
    extra_tests = tuple((t.name, t.content) for t in tests[1:])
    if module is not None and tests and ext.module_name:
        suites.append(
            SuiteSpec(
                name="own",
                module_name=ext.module_name,
                module_source=module.content,
                test_file=tests[0].name,
                test_source=tests[0].content,
                extra_files=others + extra_tests,
                expected_tests=own_count,
            )
        )
    ref = prompt.reference
    ref_module = prompt.module[:-3] if prompt.module else None
    if ref is not None and ref.tests and ref_module and module is not None:
        suites.append(
            SuiteSpec(
                name="reference",
                module_name=ref_module,
                module_source=module.content,
                test_file=REFERENCE_TEST_FILE,
                test_source=ref.tests,
                extra_files=others,
                expected_tests=count_test_functions(ref.tests),
                isolate=isolate_reference,
            )
        )
    if ref is not None and ref.solution and ref_module and tests and not api_mismatch(prompt, ext):
        suites.append(
            SuiteSpec(
                name="own_vs_reference",
                module_name=ref_module,
                module_source=ref.solution,
                test_file=tests[0].name,
                test_source=tests[0].content,
                extra_files=tuple(o for o in others if o[0] != f"{ref_module}.py") + extra_tests,
                expected_tests=own_count,
            )
        )
    return tuple(suites)


#: How an alias file the extractor writes begins (``codeeval.extract``): the tests import
#: the module under the alias's name.
_ALIAS_MARK = '"""Written by codeeval: the tests import '


def api_mismatch(prompt: Prompt, ext: Extraction) -> str:
    """Why the model's tests cannot say anything when run against the reference solution,
    or "" when they can: they import names the reference solution does not define."""
    ref = prompt.reference
    if ref is None or not ref.solution or not prompt.module:
        return ""
    modules = {prompt.module.removesuffix(".py")}
    modules |= {ext.module_name} if ext.module_name else set()
    modules |= {
        f.name.removesuffix(".py")
        for f in ext.files
        if f.role == "other" and f.content.startswith(_ALIAS_MARK)
    }
    wanted: set[str] = set()
    for f in ext.files:
        if f.role == "tests":
            wanted |= names_imported_from(f.content, modules)
    defined = names_defined(ref.solution)
    if defined is None or wanted <= defined:
        return ""
    missing = ", ".join(sorted(wanted - defined))
    return f"the tests import names the reference solution does not define: {missing}"


def not_applicable(prompt: Prompt, ext: Extraction) -> dict[SuiteName, SuiteResult]:
    """Suites the prompt asks for that say nothing about this answer: n/a, not 0.

    An answer without tests has no own-test or test-validity score (``untested``); tests
    that import names the reference solution lacks have no validity score
    (``api_mismatch``). Both are excluded from their tables and counted.
    """
    applicable = applicable_suites(prompt)
    absent: dict[SuiteName, SuiteResult] = {}
    has_tests = any(f.role == "tests" for f in ext.files)
    if not has_tests and ext.status not in ("rejected", "error"):
        names: tuple[SuiteName, ...] = ("own", "own_vs_reference")
        for name in names:
            if name in applicable:
                absent[name] = SuiteResult(status="untested", detail="the answer holds no tests")
    elif "own_vs_reference" in applicable:
        why = api_mismatch(prompt, ext)
        if why:
            absent["own_vs_reference"] = SuiteResult(status="api_mismatch", detail=why)
    return absent


def applicable_suites(prompt: Prompt) -> list[SuiteName]:
    """The suites a coding prompt asks for, whether or not the output made them runnable."""
    if prompt.domain != "coding":
        return []
    ref = prompt.reference
    suites: list[SuiteName] = ["own"]
    if ref and ref.tests:
        suites.append("reference")
    if ref and ref.solution:
        suites.append("own_vs_reference")
    return suites


def summarise(
    suites: dict[str, SuiteResult], parse_status: str = "ok", hazards: tuple[str, ...] = ()
) -> Execution:
    """The ``execution`` object: the module's verdict is the hidden tests' when they ran,
    else the own tests'. Without either (no module), the status is ``skipped``.

    A ``collection_error`` of a module with top-level code that stops its import
    (``hazards``, from the static analysis: ``input()``, ``sys.exit()`` …) names that
    code in the reason, so the record says why the tests could not even start.
    """
    if not suites:
        return Execution(status="skipped", reason="nothing to run")
    if any(s.status == "sandbox_error" for s in suites.values()):
        reason = next(s.detail for s in suites.values() if s.status == "sandbox_error")
        return Execution(status="sandbox_error", reason=reason, **suites)
    for name in ("reference", "own"):
        if name in suites:
            status = suites[name].status
            reason = f"verdict of the {name} suite"
            if status == "collection_error" and hazards:
                reason += f"; the module stops at import: {'; '.join(hazards)}"
            return Execution(status=status, reason=reason, **suites)
    return Execution(
        status="skipped", reason=f"parse: {parse_status}: no module to judge", **suites
    )


class Evaluator:
    """Turns one sample into one record; shared by every worker thread."""

    def __init__(self, prompts: dict[str, Prompt], runner: Runner | None, opts: RunOptions):
        self.prompts = prompts
        self.runner = runner
        self.opts = opts
        self.digests = {pid: prompt_digest(p) for pid, p in prompts.items()}
        self.provenance = Provenance(
            codeeval_version=__version__,
            runner=runner.name if runner else "none (--no-exec)",
            executed=runner is not None,
            image_digest=runner.image_digest if runner else None,
            limits=runner.limits if runner else None,
            python=platform.python_version(),
            reference_isolated=opts.isolate_reference if runner else None,
            runtime=(opts.runtime or "runc") if runner else None,
        )

    def record(self, sample: Sample) -> Result:
        prompt = self.prompts[sample.prompt_id]
        parse: ParseOutcome | None = None
        execution: Execution
        provenance = self.provenance
        if prompt.domain == "coding":
            try:
                ext = extract(
                    sample.text,
                    module=prompt.module,
                    prelude=prompt.prelude,
                    entry_point=prompt.entry_point,
                    parser=self.opts.parser,
                )
                analysis = analyse(ext) if ext.files else None
            except Exception as exc:
                ext = Extraction(status="error", notes=(f"parser failed: {exc!r}"[:500],))
                analysis = None
            parse = ParseOutcome.of(ext, analysis)
            suites = (
                plan_suites(prompt, ext, analysis, self.opts.isolate_reference) if analysis else ()
            )
            absent = not_applicable(prompt, ext)
            if not suites:
                execution = Execution(status="skipped", reason=f"parse: {ext.status}")
            elif self.runner is None:
                execution = Execution(status="not_run", reason="--no-exec: nothing was executed")
            else:
                verdicts, placed = self._execute(sample, suites, analysis)
                hazards = analysis.import_hazards if analysis is not None else ()
                execution = summarise(verdicts, ext.status, hazards)
                if placed is not None and placed.node is not None:
                    provenance = provenance.model_copy(
                        update={"node": placed.node, "attempt": placed.attempt}
                    )
            if absent:
                execution = execution.model_copy(update={str(k): v for k, v in absent.items()})
        else:
            execution = Execution(status="skipped", reason=f"domain {prompt.domain}: no code")
        metrics: TextMetrics | MetricsFailure
        try:
            metrics = measure(
                prompt,
                sample.text,
                finish_reason=sample.finish_reason,
                notice_patterns=self.opts.notice_patterns,
            )
        except Exception as exc:  # a metrics bug must not end a nightly run either
            issue = FailureIssue(code="error", detail=repr(exc)[:500])
            metrics = MetricsFailure(status="error", issues=(issue,))
        return Result(
            model=sample.model,
            prompt_id=sample.prompt_id,
            run=sample.run,
            seed=sample.seed,
            domain=prompt.domain,
            source=sample.source,
            inputs=Inputs(sample=sample_digest(sample), prompt=self.digests[prompt.id]),
            applicable=tuple(applicable_suites(prompt)),
            parse=parse,
            execution=execution,
            metrics=metrics,
            provenance=provenance,
        )

    def _execute(
        self, sample: Sample, suites: tuple[SuiteSpec, ...], analysis: StaticAnalysis | None
    ) -> tuple[dict[str, SuiteResult], RunResult | None]:
        """Run the suites; a suite whose test file does not compile is not sent to the
        sandbox (pytest would only report that as a collection error, slowly). Returns the
        verdicts and the runner's result (None when nothing ran), which says where it ran."""
        known = uncompilable_tests(suites, analysis)
        runnable = tuple(s for s in suites if s.name not in known)
        verdicts: dict[str, SuiteResult] = {}
        result: RunResult | None = None
        if runnable and self.runner is not None:
            req = RunRequest(key=sample.key, suites=runnable)
            result = self.runner.run(req)
            verdicts = judge_run(req, result)
        for name, error in known.items():
            verdicts[name] = SuiteResult(
                status="collection_error",
                detail=f"{error} (the test file does not compile; pytest was not run)",
            )
        return {s.name: verdicts[s.name] for s in suites}, result


def uncompilable_tests(
    suites: tuple[SuiteSpec, ...], analysis: StaticAnalysis | None
) -> dict[str, str]:
    """Suites whose test files the static analysis found not to compile, with the error."""
    if analysis is None or analysis.syntax_ok:
        return {}
    found: dict[str, str] = {}
    for spec in suites:
        if spec.name == "reference":
            continue  # the prompt's hidden tests, not the output's files
        tests = {spec.test_file, *(n for n, _ in spec.extra_files if _is_test_file(n))}
        for error in analysis.syntax_errors:
            if error.split(":", 1)[0] in tests:
                found[spec.name] = error
                break
    return found


def _is_test_file(name: str) -> bool:
    return name.startswith("test_") or name.endswith("_test.py")  # as the runners decide


def manifest(opts: RunOptions, runner: Runner | None) -> dict[str, Any]:
    return {
        "executed": runner is not None,
        "image_digest": runner.image_digest if runner else None,
        "limits": runner.limits.model_dump() if runner else None,
        "reference_isolated": opts.isolate_reference if runner else None,
        "parser": opts.parser,
        "notice_patterns": list(opts.notice_patterns),
        "runtime": (opts.runtime or "runc") if runner else None,
    }


def evaluate(
    opts: RunOptions,
    runner: Runner | None,
    progress: Progress | None = None,
    stop: threading.Event | None = None,
    prompts: dict[str, Prompt] | None = None,
) -> RunSummary:
    """Evaluate every sample not already in ``OUT/results.jsonl``, holding ``OUT``'s lock.

    Args:
        opts: paths and settings.
        runner: a started runner, or None for ``--no-exec``.
        progress: called with ("done" | "resumed" | "bad", count) as work proceeds.
        stop: set it to stop after the samples under way; their records are not written.
        prompts: the prompts, when the caller has already loaded them from ``opts.prompts``.
    """
    if prompts is None:
        prompts = load_prompts(opts.prompts)
    if not opts.samples.exists():
        raise InputError(f"{opts.samples}: no such samples file or directory")
    with OutLock(opts.out):
        return _evaluate(opts, prompts, runner, progress, stop)


def _evaluate(
    opts: RunOptions,
    prompts: dict[str, Prompt],
    runner: Runner | None,
    progress: Progress | None,
    stop: threading.Event | None,
) -> RunSummary:
    store = ResultStore(opts.out, manifest(opts, runner))
    try:
        summary = _prepare(opts, prompts, runner, store)
        return _evaluate_samples(opts, prompts, runner, store, summary, progress, stop)
    finally:
        store.close()


def _prepare(
    opts: RunOptions, prompts: dict[str, Prompt], runner: Runner | None, store: ResultStore
) -> RunSummary:
    """Before any model code runs: read the samples once, check resume against the
    records' input digests, and self-check the prompts that have samples to evaluate."""
    summary = RunSummary(
        out=opts.out,
        runner=runner.name if runner else "none",
        image_digest=runner.image_digest if runner else None,
    )
    digests = {pid: prompt_digest(p) for pid, p in prompts.items()}
    found = scan(opts.samples, prompts, digests, store, opts.selects)
    require_samples(found, opts.samples)
    notes = store.prompt_notes()
    summary.replaced = check_changes(found, store, prompts, notes, opts.rerun_changed)
    used = [prompts[pid] for pid in sorted(found.pending)]
    if runner is not None:
        # A prompt that passed with this digest under these settings (run.json pins the
        # image, limits and isolation) is not checked again on resume.
        todo = [p for p in used if notes.get(p.id, {}).get("checked") != digests[p.id]]
        cache = PassedChecks(opts.cache_dir, runner, opts.isolate_reference)
        todo = [p for p in todo if not cache.passed(digests[p.id])]
        checks = run_checks(todo, runner, opts.isolate_reference, opts.jobs)
        require_passing(checks)
        cache.remember(digests[c.prompt_id] for c in checks if c.result is not None)
        for check in checks:
            if check.result is not None:
                notes.setdefault(check.prompt_id, {})["checked"] = digests[check.prompt_id]
                summary.prompts_checked += 1
    for prompt in used:
        note = notes.setdefault(prompt.id, {})
        if note.get("digest") != digests[prompt.id]:
            note.update(digest=digests[prompt.id], fields=prompt_field_digests(prompt))
            if note.get("checked") not in (None, digests[prompt.id]):
                note.pop("checked")
    store.save_prompt_notes(notes)
    return summary


def _evaluate_samples(
    opts: RunOptions,
    prompts: dict[str, Prompt],
    runner: Runner | None,
    store: ResultStore,
    summary: RunSummary,
    progress: Progress | None,
    stop: threading.Event | None,
) -> RunSummary:
    evaluator = Evaluator(prompts, runner, opts)
    stop = stop or threading.Event()
    seen: set[tuple[str, str, int]] = set()
    tick = progress or (lambda kind, n: None)

    counting = threading.Lock()

    def work(sample: Sample) -> None:
        record = evaluator.record(sample)
        if stop.is_set():
            return  # interrupted: the sample is run again on resume
        store.append(record)
        with counting:
            if record.execution.status == "sandbox_error":
                summary.sandbox_errors += 1
            summary.written += 1
        tick("done", 1)

    pending: set[Future[None]] = set()
    limit = max(1, opts.jobs) * 2
    with ThreadPoolExecutor(max_workers=max(1, opts.jobs)) as pool:
        try:
            for item in iter_samples(opts.samples):
                if stop.is_set():
                    break
                if isinstance(item, BadInput):
                    summary.bad_inputs.append(item)
                    tick("bad", 1)
                    continue
                if not opts.selects(item):
                    summary.filtered += 1
                    tick("filtered", 1)
                    continue
                key = (item.model, item.prompt_id, item.run)
                if key in seen:
                    summary.bad_inputs.append(
                        BadInput(item.source, f"duplicate sample {item.key.label()}")
                    )
                    tick("bad", 1)
                    continue
                seen.add(key)
                if item.prompt_id not in prompts:
                    summary.bad_inputs.append(
                        BadInput(item.source, f"unknown prompt id {item.prompt_id!r}")
                    )
                    tick("bad", 1)
                    continue
                if key in store.done:
                    summary.resumed += 1
                    tick("resumed", 1)
                    continue
                pending.add(pool.submit(work, item))
                if len(pending) >= limit:
                    finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                    _raise_first(finished)
            finished, pending = wait(pending)
            _raise_first(finished)
        except BaseException:
            stop.set()
            for fut in pending:
                fut.cancel()
            if runner is not None:
                runner.close()  # kills the suites under way; their samples run on resume
            raise
    return summary


def _raise_first(futures: set[Future[None]]) -> None:
    for fut in futures:
        exc = fut.exception()
        if exc is not None:
            raise exc


def warm_up_host(opts: RunOptions, prompts: dict[str, Prompt]) -> None:
    """Make the record of the first sample once, without a runner, and discard it.

    The text metrics compile their patterns when first used, about half a second of
    CPU, and the parser warms up too; done while the sandbox starts (which mostly waits
    on the Docker engine), that time no longer delays the first record. Any failure
    here is ignored: the real evaluation of the sample reports it.
    """
    try:
        head = itertools.islice(iter_samples(opts.samples), 64)
        found = (s for s in head if isinstance(s, Sample))
        item = next((s for s in found if s.prompt_id in prompts), None)
        if item is not None:
            Evaluator({item.prompt_id: prompts[item.prompt_id]}, None, opts).record(item)
    except Exception:  # a warm-up only
        return


def docker_runner(
    opts: RunOptions,
    image: str,
    docker_url: str | None,
    while_booting: Callable[[], None] | None = None,
) -> Runner:
    """The real sandbox, built with the run's limits (the runner owns them from here on):
    this host's Docker engine, or the Docker hosts of a Ray cluster (``--backend ray``).

    ``while_booting``: host work the local runner does while its containers boot (see
    ``DockerRunner``); the Ray runner does not take it.
    """
    if opts.backend == "ray":
        from codeeval.runners.ray import RayRunner

        return RayRunner(image, opts.limits, address=opts.ray_address, runtime=opts.runtime)
    from codeeval.runners.docker import DockerRunner

    return DockerRunner(
        image,
        opts.limits,
        jobs=opts.jobs,
        base_url=docker_url,
        runtime=opts.runtime,
        while_booting=while_booting,
    )


def run(
    opts: RunOptions,
    *,
    image: str = "",
    docker_url: str | None = None,
    runner: Runner | None = None,
    progress: Progress | None = None,
    stop: threading.Event | None = None,
) -> RunSummary:
    """``codeeval run``: start the sandbox (unless ``--no-exec``), evaluate, clean up.

    Args:
        opts: paths and settings.
        image: the runner image, for the Docker runner.
        docker_url: the engine, for the Docker runner.
        runner: a runner to use instead of the Docker runner (tests, dry runs); it is
            started here, and closed before this returns. Ignored with ``--no-exec``.
        progress: see ``evaluate``.
        stop: see ``evaluate``.

    The local Docker runner made here is closed on a thread of its own once every record
    is written: the removal of its containers (about 0.1 s) overlaps what the caller does
    next (the CLI renders the tables), and the interpreter waits for that thread before
    it exits. After an error or an interruption it is closed before this returns.
    """
    # Bad input and a busy results directory are reported before the engine is touched.
    prompts = load_prompts(opts.prompts)
    if not opts.samples.exists():
        raise InputError(f"{opts.samples}: no such samples file or directory")
    # An input without a single sample too; samples or prompts changed since the records
    # are found by ``_prepare``, once the runner has named its image (run.json pins it).
    require_a_sample(opts.samples)
    with OutLock(opts.out):
        if not opts.execute:
            return _evaluate(opts, prompts, None, progress, stop)
        # The host's own first use of the parser and the text metrics (their patterns are
        # compiled on first use) happens while the sandbox starts, not before the first
        # record; nothing of it is kept. The local runner does it once the engine has
        # started its containers (so it never slows those engine calls); with any other
        # runner it runs beside the runner's start.
        warm_up = partial(warm_up_host, opts, prompts)
        warming: threading.Thread | None = None
        detach = runner is None and opts.backend == "local"
        if detach:
            runner = docker_runner(opts, image, docker_url, while_booting=warm_up)
        else:
            if runner is None:
                runner = docker_runner(opts, image, docker_url)
            warming = threading.Thread(target=warm_up, name="warm-up")
            warming.start()
        try:
            try:
                runner.start()
            finally:
                if warming is not None:
                    warming.join()  # never left running into the interpreter's shutdown
            cap = getattr(runner, "in_flight_cap", None)  # a cluster: as many as it may hold
            if isinstance(cap, int) and cap > 0:
                opts = replace(opts, jobs=cap)
            summary = _evaluate(opts, prompts, runner, progress, stop)
        except BaseException:
            runner.close()
            raise
        if detach:
            threading.Thread(target=runner.close, name="codeeval-close").start()
        else:
            runner.close()
        return summary
