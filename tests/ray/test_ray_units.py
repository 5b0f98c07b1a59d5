"""The Ray backend's pure parts: which nodes get work, how attempts are counted, the flags."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from codeeval.cli import app
from codeeval.runners.ray import Ledger, docker_nodes


def test_only_alive_nodes_advertising_docker_slots_get_work() -> None:
    nodes = [
        {"NodeID": "head", "Alive": True, "Resources": {"node:__internal_head__": 1.0}},
        {"NodeID": "gpu", "Alive": True, "Resources": {"CPU": 8.0, "GPU": 1.0}},
        {"NodeID": "a", "Alive": True, "Resources": {"CPU": 2.0, "docker_slots": 4.0}},
        {"NodeID": "dead", "Alive": False, "Resources": {"docker_slots": 4.0}},
        {"NodeID": "zero", "Alive": True, "Resources": {"docker_slots": 0.0}},
    ]
    assert docker_nodes(nodes) == {"a": 4}
    assert docker_nodes(nodes[:2]) == {}


def test_ledger_counts_attempts_per_submission() -> None:
    ledger = Ledger()
    assert ledger.begin("m/p/run1#1", "node-a", 10) == 1
    assert ledger.begin("m/p/run1#2", "node-b", 11) == 1  # another submission, same sample
    assert ledger.begin("m/p/run1#1", "node-b", 12) == 2  # Ray ran it again elsewhere
    assert ledger.snapshot() == {
        "running": {"m/p/run1#1": ("node-b", 12), "m/p/run1#2": ("node-b", 11)},
        "retried": 1,
    }
    ledger.end("m/p/run1#1")
    assert ledger.begin("m/p/run1#1", "node-a", 13) == 1  # ended: memory is given back


def test_unknown_backend_is_a_usage_error(tmp_path: Path) -> None:
    samples = tmp_path / "s.jsonl"
    samples.write_text("")
    result = CliRunner().invoke(app, ["run", str(samples), "--backend", "k8s"])
    assert result.exit_code == 2
    assert "k8s" in result.output
