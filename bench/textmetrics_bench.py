"""Benchmark of ``codeeval.textmetrics.measure`` on synthetic outputs.

Generates N outputs of about 1,200 words (German and English, some with dialogue in
quotes, code blocks, tool notices, a preamble or an appended note; fixed seed), measures
each one and prints the median and p95 time per output and the peak memory. In the same
loop, output by output, it times what a user would run instead: a plain word count
(``len(text.split())``) and a refusal prefix list (``baselines.prefix_start``); the
ratios of the medians are what compares across loaded machines. The CPU time the process
spent per output is printed beside the wall time.

With ``--data DIR`` the outputs are real answers instead: the ``text`` of every JSON Lines
record under DIR (e.g. ``../shared/data/refusal``: answers of six models with their
prompts), consecutive answers of one file joined by blank lines until each output has
about W words, in file order (no sampling).

    python bench/textmetrics_bench.py [--n N] [--words W] [--seed S] [--imports K]
                                      [--first-use K] [--data DIR]

It also times the import of ``codeeval.textmetrics`` in K fresh interpreters, on top of
what every part of codeeval imports anyway (``codeeval.models`` and pydantic), beside the
import of ``codeeval.models`` alone in the same interpreters; the median of each is
printed, and their ratio says what the text metrics add.

With ``--first-use K`` it also times what a process pays before its first record, in 2K
fresh interpreters: the import, the cue index, and the first output's measurement (which
compiles the patterns it needs), once with an empty cache directory (the cues are read
from their files, validated and derived, then written to the cache) and once reading
that cache (:mod:`codeeval.textmetrics.cuecache`), alternately; the medians of CPU time
are printed with their ratio.

Timing runs without tracemalloc (it slows Python down several times); the traced peak of
one pass over the largest output is reported separately, next to the process's peak RSS.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from codeeval.models import Prompt
from codeeval.textmetrics import measure
from codeeval.textmetrics.baselines import prefix_start


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


_DE_WORDS = _words(
    "Haus Straße Abend Fenster Regen Zug Stadt Tisch Brief Stimme Licht Hand Tür Morgen Weg "
    "Winter Wasser Garten Küche Jahr Bahnhof Mantel Schlüssel Nachbarin Werkstatt Kaffee "
    "Donaudampfschiff E-Mail-Adresse Bürgermeister Schulhof Kirchturm"
)
_DE_VERBS = _words("sah hörte trug legte fand öffnete zählte wartete nahm schrieb")
_DE_GLUE = _words("und dann aber noch einmal später leise draußen wieder lange kaum")
_EN_WORDS = _words(
    "house street evening window rain train city table letter voice light hand door morning "
    "road winter water garden kitchen year station coat key neighbor workshop coffee "
    "well-known mother-in-law mayor schoolyard steeple"
)
_EN_VERBS = _words("saw heard carried put found opened counted waited took wrote")
_EN_GLUE = _words("and then but once more later quietly outside again for a long time hardly")


def _sentence(rng: random.Random, lang: str) -> str:
    words, verbs, glue = (
        (_DE_WORDS, _DE_VERBS, _DE_GLUE) if lang == "de" else (_EN_WORDS, _EN_VERBS, _EN_GLUE)
    )
    n = rng.randint(8, 18)
    parts = [rng.choice(words), rng.choice(verbs)]
    while len(parts) < n:
        parts.append(rng.choice(glue if rng.random() < 0.3 else words))
    if rng.random() < 0.1:
        parts.insert(3, f"{rng.randint(1, 9)}.{rng.randint(100, 999)}")
    text = " ".join(parts)
    return text[0].upper() + text[1:] + rng.choice(".....!?")


def _paragraph(rng: random.Random, lang: str) -> str:
    sentences = [_sentence(rng, lang) for _ in range(rng.randint(3, 7))]
    if rng.random() < 0.3:
        open_q, close_q = ("„", "“") if lang == "de" else ("“", "”")
        sentences.insert(1, f"{open_q}{_sentence(rng, lang)}{close_q}")
    return " ".join(sentences)


_CODE = "```python\ndef area(w: float, h: float) -> float:\n    return w * h\n```"
_NOTICE = "Hinweis: Antwort bei max_tokens=2048 abgeschnitten"


def make_output(rng: random.Random, words: int) -> tuple[Prompt, str, str | None]:
    """One synthetic output of about ``words`` words and the prompt it answers."""
    lang = rng.choice(("de", "en"))
    domain = rng.choice(("prose", "prose", "speech", "coding"))
    paragraphs: list[str] = []
    if rng.random() < 0.2:
        paragraphs.append("Gerne! Hier ist der Text:" if lang == "de" else "Sure! Here's the text:")
    count = 0
    while count < words:
        p = _paragraph(rng, lang)
        paragraphs.append(p)
        count += len(p.split())
        if domain == "coding" and rng.random() < 0.2:
            paragraphs.append(_CODE)
    if rng.random() < 0.15:
        paragraphs.append(
            "*Hinweis: Diese Geschichte ist frei erfunden.*"
            if lang == "de"
            else "*Note: this story is a work of fiction.*"
        )
    finish = None
    if rng.random() < 0.1:
        paragraphs.append(_NOTICE)
        finish = "length"
    target = rng.choice(("etwa 1200 Wörtern", "about 1,200 words", "600–800 words", ""))
    prompt = Prompt(
        id=f"bench-{lang}-{domain}",
        domain=domain,
        prompt=f"Write a text, {target}.",
        forbids_preamble=rng.random() < 0.5,
    )
    return prompt, "\n\n".join(paragraphs), finish


def real_outputs(data: Path, n: int, words: int) -> list[tuple[Prompt, str, str | None]]:
    """Up to ``n`` outputs of about ``words`` words, each made of consecutive real answers
    of one file under ``data`` (joined by blank lines), with the first answer's prompt."""
    outputs: list[tuple[Prompt, str, str | None]] = []
    for path in sorted(data.rglob("*.jsonl")):
        parts: list[str] = []
        count = 0
        first = ""
        with path.open(encoding="utf-8") as lines:
            for line in lines:
                record = json.loads(line)
                text = record.get("text") or ""
                if not text.strip():
                    continue
                first = first or str(record.get("prompt", ""))
                parts.append(text.strip())
                count += len(text.split())
                if count >= words:
                    prompt = Prompt(id=f"real-{len(outputs)}", domain="prose", prompt=first)
                    outputs.append((prompt, "\n\n".join(parts), None))
                    parts, count, first = [], 0, ""
                    if len(outputs) >= n:
                        return outputs
    return outputs


_IMPORT_PROBE = """
import time
t0 = time.perf_counter()
import codeeval.models
t1 = time.perf_counter()
import codeeval.textmetrics
t2 = time.perf_counter()
print(t1 - t0, t2 - t1)
"""


def import_times(runs: int) -> tuple[float, float]:
    """Median seconds to import ``codeeval.models`` and then ``codeeval.textmetrics``, each
    in a fresh interpreter."""
    base: list[float] = []
    added: list[float] = []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", _IMPORT_PROBE], capture_output=True, text=True, check=True
        ).stdout.split()
        base.append(float(out[0]))
        added.append(float(out[1]))
    return statistics.median(base), statistics.median(added)


_FIRST_USE_PROBE = """
import sys, time
c0 = time.process_time()
import codeeval.textmetrics as tm
from codeeval.models import Prompt
from codeeval.textmetrics.cues import index
c1 = time.process_time()
index()
c2 = time.process_time()
prompt_json, text = sys.stdin.read().split("\\0", 1)
tm.measure(Prompt.model_validate_json(prompt_json), text)
c3 = time.process_time()
print(c1 - c0, c2 - c1, c3 - c2)
"""


def first_use_times(runs: int, prompt: Prompt, text: str) -> dict[str, list[float]]:
    """CPU seconds of the import, the cue index and the first measurement in fresh
    interpreters: ``cold`` with an empty cache directory, ``warm`` reading the cache the
    cold runs wrote (one of each per run, alternately)."""
    found: dict[str, list[float]] = {"cold": [], "warm": []}
    parts: dict[str, list[list[float]]] = {"cold": [], "warm": []}
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(runs):
            for kind in ("cold", "warm"):
                cache = Path(tmp) / (f"cold{i}" if kind == "cold" else "warm")
                env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
                out = subprocess.run(
                    [sys.executable, "-c", _FIRST_USE_PROBE],
                    input=prompt.model_dump_json() + "\0" + text,
                    env=env,
                    capture_output=True,
                    text=True,
                    check=True,
                ).stdout.split()
                parts[kind].append([float(x) for x in out])
    for kind, rows in parts.items():
        found[kind] = [statistics.median(col) for col in zip(*rows, strict=True)]
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000, help="number of outputs")
    parser.add_argument("--words", type=int, default=1_200, help="words per output")
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument(
        "--imports", type=int, default=20, help="fresh interpreters to time the import in"
    )
    parser.add_argument(
        "--first-use",
        type=int,
        default=10,
        help="fresh interpreters (each with and without the cue cache) to time the first record in",
    )
    parser.add_argument(
        "--data", type=Path, default=None, help="time real answers (JSON Lines) under DIR"
    )
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    started = time.perf_counter()
    if args.data is not None:
        outputs = real_outputs(args.data, args.n, args.words)
        source = f"real answers joined from {args.data}"
    else:
        outputs = [make_output(rng, args.words) for _ in range(args.n)]
        source = f"synthetic, seed {args.seed}"
    generated = time.perf_counter() - started
    mean_words = statistics.fmean(len(t.split()) for _, t, _ in outputs)

    for prompt, text, finish in outputs[:50]:  # warm caches and imports
        measure(prompt, text, finish_reason=finish)
        prefix_start(text)
    times: list[float] = []
    cpu_times: list[float] = []
    split_times: list[float] = []
    prefix_times: list[float] = []
    for prompt, text, finish in outputs:
        c0 = time.process_time_ns()
        t0 = time.perf_counter_ns()
        measure(prompt, text, finish_reason=finish)
        t1 = time.perf_counter_ns()
        cpu_times.append((time.process_time_ns() - c0) / 1e6)
        len(text.split())
        t2 = time.perf_counter_ns()
        prefix_start(text)
        t3 = time.perf_counter_ns()
        times.append((t1 - t0) / 1e6)
        split_times.append((t2 - t1) / 1e6)
        prefix_times.append((t3 - t2) / 1e6)
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * len(times)) - 1)]

    largest = max(outputs, key=lambda o: len(o[1]))
    tracemalloc.start()
    measure(largest[0], largest[1], finish_reason=largest[2])
    _, traced_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

    median = statistics.median(times)
    split_median = statistics.median(split_times)
    prefix_median = statistics.median(prefix_times)
    print(
        f"outputs: {len(outputs)} (about {mean_words:.0f} whitespace words each), "
        f"made in {generated:.1f} s ({source})"
    )
    print(
        f"per output: median {median:.3f} ms, p95 {p95:.3f} ms, "
        f"max {times[-1]:.3f} ms, total {sum(times) / 1000:.2f} s"
    )
    print(
        f"CPU time per output: median {statistics.median(cpu_times):.3f} ms "
        "(what the process itself spent: steadier than wall time on a loaded machine)"
    )
    print(
        f"same loop: plain word count median {split_median:.3f} ms "
        f"(ratio {median / split_median:.0f}), prefix list median {prefix_median:.3f} ms "
        f"(ratio {median / prefix_median:.0f})"
    )
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(
        f"peak memory: {traced_peak / 1024:.0f} KiB traced in one measure() call; "
        f"process peak RSS {rss_kib / 1024:.1f} MiB"
    )
    if args.first_use:
        first = first_use_times(args.first_use, outputs[0][0], outputs[0][1])
        cold, warm = sum(first["cold"]), sum(first["warm"])
        for kind in ("cold", "warm"):
            imp, ix, meas = (1000 * x for x in first[kind])
            what = "no cache: cue files read and derived" if kind == "cold" else "cue cache read"
            print(
                f"first record, CPU (median of {args.first_use} fresh interpreters, {what}): "
                f"import {imp:.1f} ms, cue index {ix:.1f} ms, first measure {meas:.1f} ms, "
                f"total {imp + ix + meas:.1f} ms"
            )
        print(f"first record with the cue cache / without: ratio {warm / cold:.2f}")
    if args.imports:
        base, added = import_times(args.imports)
        print(
            f"import (median of {args.imports} fresh interpreters): codeeval.models "
            f"{1000 * base:.1f} ms, then codeeval.textmetrics {1000 * added:.1f} ms more "
            f"(ratio {added / base:.2f})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
