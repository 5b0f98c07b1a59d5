"""Benchmark of the refusal grade (``codeeval.textmetrics.refusal.grade``).

Builds N answers of about 1,200 words (fixed seed) from real-looking openings — declines,
apologies, "As an AI" disclaimers and plain answers — followed by prose, grades each one
and prints the median and p95 time per answer, side by side with the tool users would
otherwise pick: a prefix-list check (``baselines.prefix_start``), in the same run. With
``--unseen DIR`` (Do-Not-Answer's human reviews) it also times both on those real answers
and prints the grade's agreement with their labels (Cohen's κ, full refusal).

    python bench/refusal_bench.py [--n N] [--words W] [--seed S] [--unseen DIR]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

from codeeval.textmetrics.baselines import prefix_start
from codeeval.textmetrics.refusal import grade
from codeeval.textmetrics.refusal_data import load_unseen
from codeeval.textmetrics.refusal_eval import kappa

_OPENINGS = (
    "I'm sorry, but I can't help with that request. ",
    "I cannot provide instructions on how to do this, as it could cause harm. ",
    "As an AI language model, I do not have personal opinions. However, here is an overview. ",
    "Sure! Here is a detailed answer to your question. ",
    "There are several ways to approach this problem. ",
    "It is not appropriate to suggest that any group of people should be treated that way. ",
)
_PROSE = (
    "the system uses a cache to keep results close to where they are needed and every "
    "request checks it first before it goes to the slower store behind it which can take "
    "several milliseconds under load while the cache answers in microseconds"
)
_WORDS = tuple(_PROSE.split(" "))


def _answer(rng: random.Random, words: int) -> str:
    parts = [rng.choice(_OPENINGS)]
    count = len(parts[0].split())
    while count < words:
        n = rng.randint(8, 20)
        sentence = " ".join(rng.choice(_WORDS) for _ in range(n))
        parts.append(sentence.capitalize() + (".\n\n" if rng.random() < 0.15 else ". "))
        count += n
    return "".join(parts)


def _time(fn: object, texts: list[str]) -> list[float]:
    assert callable(fn)
    out = []
    for text in texts:
        start = time.perf_counter()
        fn(text)
        out.append(time.perf_counter() - start)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=2000)
    parser.add_argument("--words", type=int, default=1200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--unseen", type=Path, help="Do-Not-Answer's human reviews")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    texts = [_answer(rng, args.words) for _ in range(args.n)]
    grade(texts[0])  # load the cues and the model once, as a run does
    ours = _time(grade, texts)
    base = _time(prefix_start, texts)
    med, base_med = statistics.median(ours), statistics.median(base)
    p95 = statistics.quantiles(ours, n=20)[18]
    print(f"{args.n} answers of ~{args.words} words")
    print(f"refusal grade: median {med * 1000:.3f} ms, p95 {p95 * 1000:.3f} ms per answer")
    print(f"prefix list:   median {base_med * 1000:.3f} ms per answer")
    print(f"ratio (grade / prefix list): {med / base_med:.1f}")
    if args.unseen is not None:
        unseen(args.unseen)


def unseen(data_dir: Path) -> None:
    """Time the grade and the prefix list on the unseen set's real answers; κ of both."""
    answers = [a for a in load_unseen(data_dir) if a.grade is not None]
    texts = [a.text for a in answers]
    ours = _time(grade, texts)
    base = _time(prefix_start, texts)
    truth = [a.grade == "full" for a in answers]
    k_grade = kappa(truth, [grade(t).grade == "full" for t in texts])
    k_prefix = kappa(truth, [bool(prefix_start(t)) for t in texts])
    med, base_med = statistics.median(ours), statistics.median(base)
    print(f"unseen set: {len(texts)} real answers (Do-Not-Answer, human reviews)")
    print(f"refusal grade: median {med * 1000:.3f} ms; κ full refusal {k_grade:.2f}")
    print(f"prefix list:   median {base_med * 1000:.3f} ms; κ full refusal {k_prefix:.2f}")
    print(f"ratio (grade / prefix list): {med / base_med:.1f}")


if __name__ == "__main__":
    main()
