"""How often the hallucination signals fire on real text and real code that has none.

    python bench/hallucination_bench.py [--answers DIR] [--code DIR ...]

* **measured numbers** on real model answers: every answer in the refusal sets under
  ``../shared/data/refusal/`` (XSTest v2, CC BY 4.0; ChatGPT refusals, MIT), prose that
  presents no measurements of code;
* **missing attributes** on real, working Python: every ``.py`` file under each ``--code``
  directory (by default the standard library and the installed packages of the running
  interpreter). Every name flagged there exists somewhere — another platform, another
  Python version, a run-time attribute — so each flagged file is a false alarm for code
  meant to run on this interpreter, or code that would fail here.

Prints the rate per corpus and the first flagged files, with their signals.
"""

from __future__ import annotations

import argparse
import json
import site
import sys
import sysconfig
import time
from pathlib import Path

from codeeval.hallucination import measured_numbers, missing_attributes
from codeeval.rubrics import load_signals

HERE = Path(__file__).resolve().parent
ANSWERS = HERE.parent.parent / "shared" / "data" / "refusal"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--answers", type=Path, default=ANSWERS)
    ap.add_argument("--code", type=Path, action="append")
    ap.add_argument("--show", type=int, default=10)
    args = ap.parse_args()
    signals = load_signals()
    for path in sorted(args.answers.glob("*.jsonl")):
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        hits = [r["id"] for r in rows if measured_numbers(r.get("text") or "", signals)]
        print(f"measured numbers: {path.name}: {len(hits)} of {len(rows)} answers {hits[:5]}")
    roots = args.code or [Path(sysconfig.get_paths()["stdlib"]), *map(Path, site.getsitepackages())]
    for root in roots:
        start = time.perf_counter()
        files = flagged = 0
        shown: list[str] = []
        for f in sorted(root.rglob("*.py")):
            try:
                source = f.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            files += 1
            found = missing_attributes([source], signals)
            if found:
                flagged += 1
                if len(shown) < args.show:
                    shown.append(f"  {f.relative_to(root)}: {found[0]}")
        took = time.perf_counter() - start
        print(
            f"missing attributes: {root}: {flagged} of {files} files "
            f"({flagged / max(files, 1):.1%}), {took:.1f} s"
        )
        print("\n".join(shown))
    print(f"python {sys.version.split()[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
