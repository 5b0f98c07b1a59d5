"""``codeeval generate``: send the prompts to a model, write the samples file.

Each prompt is sent ``runs`` times (the rubric asks for at least two runs per cell). With
a seed, run *n* is sent with ``seed + n - 1``: fixed, so a run can be repeated, yet
different between runs. Every line of the samples file is one complete completion with
the server's ``finish_reason``, the sampling parameters sent, the latency, the token usage
and the model identity the server reported; it is appended and flushed as soon as the
reply arrives, so an interrupted run keeps everything finished and the same command
resumes with what is missing. A reply that is not a chat completion is not written: it is
counted, and asked again on the next run.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path

from codeeval.chat import ChatModel, ChatRequest, Completion, Message, sampling
from codeeval.errors import StoreError, UsageError
from codeeval.models import Prompt
from codeeval.prompts import load_prompts


@dataclass
class GenerateOptions:
    prompts: Path
    out: Path
    label: str
    """The ``model`` written on every sample (the name the tables show)."""
    runs: int = 2
    seed: int | None = None
    temperature: float | None = None
    top_p: float | None = None
    max_tokens: int | None = None
    concurrency: int = 2
    system: str | None = None


@dataclass
class GenerateSummary:
    out: Path
    written: int = 0
    resumed: int = 0
    failed: list[str] = field(default_factory=list)
    truncated: int = 0


def _done(path: Path, label: str) -> set[tuple[str, int]]:
    done: set[tuple[str, int]] = set()
    if not path.is_file():
        return done
    with path.open("rb") as fh:
        data = fh.read()
    if data and not data.endswith(b"\n"):
        # a line torn by a kill: cut it off, its sample is asked again
        cut = data.rfind(b"\n") + 1
        try:
            with path.open("rb+") as fh:
                fh.truncate(cut)
        except OSError as exc:
            raise StoreError(f"{path}: cannot cut a torn last line ({exc.strerror})") from exc
        data = data[:cut]
    for raw in data.splitlines():
        try:
            row = json.loads(raw)
        except ValueError:
            continue
        if isinstance(row, dict) and row.get("model") == label:
            done.add((str(row.get("prompt_id")), int(row.get("run", 0))))
    return done


def sample_line(label: str, prompt: Prompt, run: int, request: ChatRequest, c: Completion) -> str:
    row = {
        "model": label,
        "prompt_id": prompt.id,
        "run": run,
        "seed": request.seed,
        "text": c.text,
        "finish_reason": c.finish_reason,
        "served_model": c.served_model,
        "sampling": sampling(request),
        "latency_s": round(c.latency_s, 4),
        "usage": c.usage.model_dump() if c.usage else None,
        "system_fingerprint": c.fingerprint,
    }
    return json.dumps(row, ensure_ascii=False)


def generate(
    opts: GenerateOptions,
    chat: ChatModel,
    progress: Callable[[int], None] | None = None,
    stop: threading.Event | None = None,
    total: Callable[[int], None] | None = None,
) -> GenerateSummary:
    """Generate every (prompt, run) not yet in ``opts.out``.

    Raises:
        EndpointError: the server cannot be used (auth, connection, unknown model, a
            persistent failure); finished samples are kept.
    """
    if opts.runs < 1:
        raise UsageError("--runs must be at least 1")
    prompts = load_prompts(opts.prompts)
    identity = chat.identity()  # fails early on a wrong URL, key or model name
    weights = list(identity.weights)
    done = _done(opts.out, opts.label)
    summary = GenerateSummary(out=opts.out)
    todo = [
        (p, run)
        for p in sorted(prompts.values(), key=lambda p: p.id)
        for run in range(1, opts.runs + 1)
        if (p.id, run) not in done
    ]
    summary.resumed = len(prompts) * opts.runs - len(todo)
    if total is not None:
        total(len(todo))
    stop = stop or threading.Event()
    tick = progress or (lambda n: None)
    lock = threading.Lock()
    try:
        opts.out.parent.mkdir(parents=True, exist_ok=True)
        fh = opts.out.open("a", encoding="utf-8")
    except OSError as exc:
        raise StoreError(f"{opts.out}: cannot open for writing ({exc.strerror})") from exc

    def one(prompt: Prompt, run: int) -> None:
        messages = [Message(role="user", content=prompt.prompt)]
        if opts.system:
            messages.insert(0, Message(role="system", content=opts.system))
        request = ChatRequest(
            messages=tuple(messages),
            temperature=opts.temperature,
            top_p=opts.top_p,
            max_tokens=opts.max_tokens,
            seed=None if opts.seed is None else opts.seed + run - 1,
        )
        c = chat.complete(request)
        if stop.is_set():
            return
        with lock:
            if c.text is None:
                summary.failed.append(f"{prompt.id} run {run}: {c.error}")
            else:
                row = json.loads(sample_line(opts.label, prompt, run, request, c))
                row["weights"] = weights
                try:
                    fh.write(json.dumps(row, ensure_ascii=False) + "\n")
                    fh.flush()
                except OSError as exc:
                    raise StoreError(f"{opts.out}: cannot append ({exc.strerror})") from exc
                summary.written += 1
                summary.truncated += c.finish_reason == "length"
        tick(1)

    pending: set[Future[None]] = set()
    try:
        with ThreadPoolExecutor(max_workers=max(1, opts.concurrency)) as pool:
            try:
                for prompt, run in todo:
                    if stop.is_set():
                        break
                    pending.add(pool.submit(one, prompt, run))
                    if len(pending) >= 2 * max(1, opts.concurrency):
                        finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                        for f in finished:
                            f.result()
                finished, pending = wait(pending)
                for f in finished:
                    f.result()
            except BaseException:
                stop.set()
                for f in pending:
                    f.cancel()
                raise
    finally:
        fh.close()
    return summary
