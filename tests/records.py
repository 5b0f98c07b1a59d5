"""Typed result records for report tests: real-looking, built through the record's validator."""

from __future__ import annotations

from typing import Any

from codeeval.record import Result, upgrade

ALL = ["own", "reference", "own_vs_reference"]


def suite(passed: int = 0, failed: int = 0, errors: int = 0, skipped: int = 0,
          status: str | None = None) -> dict[str, Any]:  # fmt: skip
    if status is None:
        status = "failed" if failed or errors else "passed"
    return {"status": status, "passed": passed, "failed": failed, "errors": errors,
            "skipped": skipped, "exit_code": 0 if status == "passed" else 1,
            "duration_s": 0.41, "detail": "", "output_tail": ""}  # fmt: skip


def metrics(words: int = 120, truncated: bool = False, findings: int = 0) -> dict[str, Any]:
    item = {"kind": "refusal", "evidence": "I can't help with that", "start": 0, "end": 22,
            "reason": "a first-person decline"}  # fmt: skip
    return {
        "status": "ok", "chars": words * 6, "words": words,
        "truncation": {"suspected": truncated, "signals": (
            [{"kind": "unclosed_code_fence", "detail": "a fence is still open"}]
            if truncated else [])},
        "evasion": {"findings": [item] * findings, "observations": []},
    }  # fmt: skip


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
