"""The isolation proxy's cost per call: a hidden test's call into the isolated module.

Runs the loop of the shipped ``roman_numerals`` prompt's call-heaviest hidden test
(``from_roman(to_roman(n)) == n`` for n in 1..3999: 7,998 calls) against its reference
solution three ways: in-process (a plain call), through the proxy of ``sandbox/`` (the
module served by a forked process over a socket pair, both pinned to one core as codeeval
pins a container), and through the proxy of another ``sandbox/`` copy (``--against``,
e.g. an older tree's). The ways run in turns, ``--rounds`` times; the median is printed.
No Docker: this measures the proxy's own code and the round trip, not the container.
Usage::

    python bench/proxy_call_bench.py [--rounds 7] [--against /path/to/old/sandbox]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# One measurement in a fresh interpreter: argv = sandbox dir (or "-" for in-process), module dir.
INNER = r"""
import os, socket, sys, time
sandbox, where = sys.argv[1], sys.argv[2]
sys.path.insert(0, where)
if sandbox == "-":
    import roman_numerals as mod
else:
    sys.path.insert(0, sandbox)
    import rpc
    ours, theirs = socket.socketpair()
    pid = os.fork()
    if pid == 0:
        ours.close()
        rpc.serve_module("roman_numerals", theirs)
        os._exit(0)
    theirs.close()
    mod = rpc.connect_module("roman_numerals", ours, where, (where + "/private/",))
to_roman, from_roman = mod.to_roman, mod.from_roman

def loop():
    for n in range(1, 4000):
        assert from_roman(to_roman(n)) == n

loop()
times = []
for _ in range(3):
    t = time.perf_counter()
    loop()
    times.append(time.perf_counter() - t)
print(min(times) / 7998 * 1e6)
"""


def measure(sandbox: str, where: str) -> float:
    out = subprocess.run(
        ["taskset", "-c", "0", sys.executable, "-c", INNER, sandbox, where],
        check=True,
        capture_output=True,
        text=True,
    )
    return float(out.stdout.strip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--against", help="another sandbox/ directory to compare with")
    args = parser.parse_args()
    prompt = tomllib.loads((ROOT / "prompts" / "coding" / "roman_numerals.toml").read_text())
    ways = {"in-process call": "-", "proxy (this tree)": str(ROOT / "sandbox")}
    if args.against:
        ways["proxy (--against)"] = str(Path(args.against).resolve())
    with tempfile.TemporaryDirectory() as where:
        Path(where, "roman_numerals.py").write_text(prompt["reference"]["solution"])
        runs: dict[str, list[float]] = {name: [] for name in ways}
        for _ in range(args.rounds):
            for name, sandbox in ways.items():
                runs[name].append(measure(sandbox, where))
    print(f"roman_numerals round trip, 7,998 calls, {args.rounds} rounds, median µs per call")
    base = statistics.median(runs["proxy (this tree)"])
    for name, values in runs.items():
        median = statistics.median(values)
        print(f"  {name:<20} {median:7.1f} µs   ({median / base:.2f} × this tree's proxy)")
    print(f"  load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
