"""Typed result records for report tests: real-looking, built through the record's validator."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from codeeval.record import Result, upgrade

ALL = ["own", "reference", "own_vs_reference"]


def suite(
    passed: int = 0, failed: int = 0, errors: int = 0, skipped: int = 0, status: str | None = None
) -> dict[str, Any]:
    if status is None:
        status = "failed" if failed or errors else "passed"
    return {
        "status": status,
        "passed": passed,
        "failed": failed,
        "errors": errors,
        "skipped": skipped,
        "exit_code": 0 if status == "passed" else 1,
        "duration_s": 0.41,
        "detail": "",
        "output_tail": "",
    }


def metrics(words: int = 120, truncated: bool = False, findings: int = 0) -> dict[str, Any]:
    item = {
        "kind": "refusal",
        "evidence": "I can't help with that",
        "start": 0,
        "end": 22,
        "reason": "a first-person decline",
    }
    return {
        "status": "ok",
        "chars": words * 6,
        "words": words,
        "truncation": {
            "suspected": truncated,
            "signals": (
                [{"kind": "unclosed_code_fence", "detail": "a fence is still open"}]
                if truncated
                else []
            ),
        },
        "evasion": {"findings": [item] * findings, "observations": []},
    }


def raw(
    model: str,
    prompt_id: str,
    run: int,
    status: str,
    applicable: list[str] | None = None,
    domain: str = "coding",
    runner: str = "docker",
    **suites: dict[str, Any],
) -> dict[str, Any]:
    return {
        "schema_version": 1,
        "model": model,
        "prompt_id": prompt_id,
        "run": run,
        "seed": 1000 + run,
        "domain": domain,
        "applicable": ALL if applicable is None else applicable,
        "parse": {"status": "ok", "module": prompt_id, "files": [f"{prompt_id}.py"]},
        "execution": {"status": status, "reason": "", **suites},
        "metrics": metrics(),
        "provenance": {
            "codeeval_version": "0.1.0",
            "runner": runner,
            "executed": not runner.startswith("none"),
        },
    }


def rec(*args: Any, **kwargs: Any) -> Result:
    return Result.model_validate(upgrade(raw(*args, **kwargs)))


def write_results(out: Path, records: list[Result]) -> Path:
    """A results directory as `codeeval run` leaves it, from typed records."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "results.jsonl").write_bytes(b"".join(r.to_line() for r in records))
    return out


def nightly_records(
    models: dict[str, list[bool]], prompts: list[str], runs: int = 2
) -> list[Result]:
    """Records whose hidden-tests verdicts follow the flags given per model, in order
    prompt by prompt, run by run (True: every test passed; False: 3 of 5 passed)."""
    out = []
    for model, flags in models.items():
        it = iter(flags)
        for prompt in prompts:
            for run in range(1, runs + 1):
                ok = next(it)
                ref = suite(passed=5) if ok else suite(passed=3, failed=2)
                out.append(
                    rec(
                        model,
                        prompt,
                        run,
                        "passed" if ok else "failed",
                        own=suite(passed=4),
                        reference=ref,
                        own_vs_reference=suite(passed=4),
                    )
                )
    return out
