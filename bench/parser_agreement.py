"""How often codeeval's verdict agrees with the source's own, on real published answers.

Reads the corpus in ``tests/data/answers/`` (raw answers of real models to HumanEval and
MBPP tasks, each with the verdict its source published), turns every task into a
codeeval prompt — the task's prompt as ``prelude``, its ``entry_point``, and the
benchmark's own test as the hidden reference tests — runs ``codeeval run`` on all answers
and compares ``execution.status == "passed"`` with the source's verdict, per source.

Usage (needs Docker and the runner image, like ``codeeval run``):

    .venv/bin/python bench/parser_agreement.py [--parser default|sanitize] [--isolated]
        [--out DIR] [--details FILE]

By default the hidden tests run in the module's process (``--hidden-tests-in-process``),
which is how the benchmarks' own harnesses run them; ``--isolated`` uses the default
isolation instead. ``--details`` writes one line per disagreement (JSON) for reading.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "data" / "answers"


def prompt_id(task_id: str) -> str:
    return re.sub(r"[^A-Za-z0-9_]+", "_", task_id)


def hidden_tests(task: dict[str, Any]) -> str:
    """The benchmark's test as a pytest file that imports the module as ``answer``.

    The module's public names are copied in (the benchmarks exec the test in the
    answer's namespace, and some tests call the prompt's helpers), except names pytest
    would collect as tests; the entry point is passed as ``answer.<name>``.
    """
    test = re.sub(r"\ndef test_check\(\):\n(?:[ \t]+.*\n?)*", "\n", task["test"])
    return (
        "import answer\n\n"
        "globals().update(\n"
        "    {k: v for k, v in vars(answer).items() if not k.startswith(('_', 'test', 'Test'))}\n"
        ")\n\n"
        f"{test.strip()}\n\n\n"
        "def test_check():\n"
        f"    check(answer.{task['entry_point']})\n"
    )


def toml_string(text: str) -> str:
    return json.dumps(text)  # a JSON string is a valid TOML basic string


def write_inputs(work: Path) -> dict[tuple[str, str, int], dict[str, Any]]:
    tasks = {
        t["task_id"]: t
        for t in map(json.loads, (CORPUS / "tasks.jsonl").read_text("utf-8").splitlines())
    }
    prompts = work / "prompts"
    prompts.mkdir()
    for task in tasks.values():
        pid = prompt_id(task["task_id"])
        (prompts / f"{pid}.toml").write_text(
            "\n".join(
                [
                    f"id = {toml_string(pid)}",
                    'domain = "coding"',
                    f"prompt = {toml_string(task['prelude'])}",
                    'module = "answer.py"',
                    f"prelude = {toml_string(task['prelude'])}",
                    f"entry_point = {toml_string(task['entry_point'])}",
                    "[reference]",
                    f"tests = {toml_string(hidden_tests(task))}",
                ]
            )
            + "\n",
            encoding="utf-8",
        )
    answers: dict[tuple[str, str, int], dict[str, Any]] = {}
    with (work / "samples.jsonl").open("w", encoding="utf-8") as out:
        for i, line in enumerate((CORPUS / "answers.jsonl").read_text("utf-8").splitlines()):
            answer = json.loads(line)
            model = f"{answer['source']}.{answer['model']}.{answer['method']}"
            pid = prompt_id(answer["task_id"])
            run = i + 1  # unique per line, whatever the source repeats
            answers[(model, pid, run)] = answer
            sample = {"model": model, "prompt_id": pid, "run": run, "text": answer["text"]}
            out.write(json.dumps(sample) + "\n")
    return answers


def main() -> int:
    args = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    args.add_argument("--parser", choices=("default", "sanitize"), default="default")
    args.add_argument("--isolated", action="store_true", help="hidden tests isolated")
    args.add_argument("--out", type=Path, help="keep the run here (default: a temp dir)")
    args.add_argument("--details", type=Path, help="write the disagreements here (JSONL)")
    opts = args.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = opts.out or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        answers = write_inputs(work)
        command = [
            str(ROOT / ".venv" / "bin" / "codeeval"),
            "run",
            str(work / "samples.jsonl"),
            "--prompts",
            str(work / "prompts"),
            "--out",
            str(work / "out"),
            "--quiet",
        ]
        if opts.parser != "default":
            command += ["--parser", opts.parser]
        if not opts.isolated:
            command.append("--hidden-tests-in-process")
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            print(done.stdout, done.stderr, sep="\n", file=sys.stderr)
            return done.returncode
        records = [
            json.loads(line)
            for line in (work / "out" / "results.jsonl").read_text("utf-8").splitlines()
        ]
    per: dict[str, Counter[str]] = defaultdict(Counter)
    joins: Counter[str] = Counter()
    details = []
    for rec in records:
        answer = answers[(rec["model"], rec["prompt_id"], rec["run"])]
        source = f"{answer['source']} {answer['benchmark']}"
        status = rec["execution"]["status"]
        joins[rec["parse"].get("join", "none")] += 1
        if status == "sandbox_error":
            per[source]["sandbox_error"] += 1
            continue
        ours = "passed" if status == "passed" else "failed"
        per[source]["n"] += 1
        if ours == answer["verdict"]:
            per[source]["agree"] += 1
            continue
        parse = rec["parse"]
        details.append(
            {
                "id": answer["id"],
                "source_verdict": answer["verdict"],
                "codeeval": status,
                "parse": parse["status"],
                "join": parse.get("join", "none"),
                "notes": parse["notes"],
                "hazards": (parse.get("analysis") or {}).get("import_hazards", []),
                "tail": ((rec["execution"].get("reference") or {}).get("output_tail") or "")[-600:],
            }
        )
    print(f"parser: {opts.parser}; hidden tests {'isolated' if opts.isolated else 'in-process'}")
    print(f"{'source':<36} {'answers':>7} {'agree':>6} {'rate':>7}")
    total = Counter[str]()
    for source in sorted(per):
        c = per[source]
        total.update(c)
        print(f"{source:<36} {c['n']:>7} {c['agree']:>6} {c['agree'] / max(c['n'], 1):>7.1%}")
    rate = total["agree"] / max(total["n"], 1)
    print(f"{'all':<36} {total['n']:>7} {total['agree']:>6} {rate:>7.1%}")
    if total["sandbox_error"]:
        print(f"excluded: {total['sandbox_error']} sandbox errors")
    print("joins:", dict(sorted(joins.items())))
    if opts.details:
        opts.details.write_text(
            "".join(json.dumps(d, ensure_ascii=False) + "\n" for d in details), encoding="utf-8"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
