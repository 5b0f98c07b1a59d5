"""Benchmark of ``codeeval.textmetrics.measure`` on synthetic outputs.

Generates N outputs of about 1,200 words (German and English, some with dialogue in
quotes, code blocks, tool notices, a preamble or an appended note; fixed seed), measures
each one and prints the median and p95 time per output and the peak memory.

    python bench/textmetrics_bench.py [--n N] [--words W] [--seed S] [--imports K]

It also times the import of ``codeeval.textmetrics`` in K fresh interpreters, on top of
what every part of codeeval imports anyway (``codeeval.models`` and pydantic), beside the
import of ``codeeval.models`` alone in the same interpreters; the median of each is
printed, and their ratio says what the text metrics add.

Timing runs without tracemalloc (it slows Python down several times); the traced peak of
one pass over the largest output is reported separately, next to the process's peak RSS.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import subprocess
import sys
import time
import tracemalloc

from codeeval.models import Prompt
from codeeval.textmetrics import measure


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000, help="number of outputs")
    parser.add_argument("--words", type=int, default=1_200, help="words per output")
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument(
        "--imports", type=int, default=20, help="fresh interpreters to time the import in"
    )
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    started = time.perf_counter()
    outputs = [make_output(rng, args.words) for _ in range(args.n)]
    generated = time.perf_counter() - started
    mean_words = statistics.fmean(len(t.split()) for _, t, _ in outputs)

    for prompt, text, finish in outputs[:50]:  # warm caches and imports
        measure(prompt, text, finish_reason=finish)
    times: list[float] = []
    for prompt, text, finish in outputs:
        t0 = time.perf_counter_ns()
        measure(prompt, text, finish_reason=finish)
        times.append((time.perf_counter_ns() - t0) / 1e6)
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * len(times)) - 1)]

    largest = max(outputs, key=lambda o: len(o[1]))
    tracemalloc.start()
    measure(largest[0], largest[1], finish_reason=largest[2])
    _, traced_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

    print(
        f"outputs: {args.n} (about {mean_words:.0f} whitespace words each), "
        f"generated in {generated:.1f} s, seed {args.seed}"
    )
    print(
        f"per output: median {statistics.median(times):.3f} ms, p95 {p95:.3f} ms, "
        f"max {times[-1]:.3f} ms, total {sum(times) / 1000:.2f} s"
    )
    print(
        f"peak memory: {traced_peak / 1024:.0f} KiB traced in one measure() call; "
        f"process peak RSS {rss_kib / 1024:.1f} MiB"
    )
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
