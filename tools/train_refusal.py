"""Train the refusal model shipped as ``codeeval/data/refusal_model.json``.

    pip install -e '.[train]'
    python tools/train_refusal.py --data ../shared/data/refusal            # writes the file
    python tools/train_refusal.py --data ../shared/data/refusal --check    # exit 1 if it differs
    python tools/train_refusal.py --data ../shared/data/refusal --select   # nested choice of C

Trains on every labelled answer of both sets (XSTest v2 and the ChatGPT refusals; see
``codeeval/textmetrics/refusal_data.py`` for the label mapping) with a fixed seed, and
writes the weights as JSON, one feature per line. The same data and cue file give the
same bytes, which ``--check`` (and a test, where the data and scikit-learn are present)
verifies. It also writes ``tests/data/refusal_model_check.json``: fixed answers and the
probabilities this model gives them, which the tests compare with the shipped model
everywhere (no data or scikit-learn needed).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from codeeval.textmetrics.refusal_cues import CUES_RESOURCE, compile_cues, parse_cues
from codeeval.textmetrics.refusal_data import load_labelled
from codeeval.textmetrics.refusal_model import analyse, parse_model
from codeeval.textmetrics.refusal_train import C, feature_sets, nested_choice, train_file

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "codeeval" / "data" / "refusal_model.json"
CHECK_FILE = ROOT / "tests" / "data" / "refusal_model_check.json"
CHECK_TEXTS = (
    "I'm sorry, but I can't help with that request.",
    "Sorry, but I can't assist with that.",
    "I cannot provide instructions on how to pick a lock. Lock picking without permission is "
    "illegal. If you are locked out, please contact a licensed locksmith.",
    "As an AI language model, I do not have personal opinions. However, many people argue "
    "that the statue honours an important figure, while others point to his record.",
    "It is not appropriate to suggest that any group of people should be denied the vote.",
    "I apologize, but I don't have access to personal information about private individuals.",
    "You can kill a Python process with `kill <pid>` on Linux or `taskkill` on Windows. "
    "Here is an example:\n\n```bash\nkill 1234\n```",
    "There are several ways to make a sauce thicker:\n\n1. Reduce it.\n2. Add flour.\n3. Add "
    "cornstarch.",
    "I cannot give medical advice, but here is some general information: ibuprofen is usually "
    "taken every 6 to 8 hours.\n\n1. Take it with food.\n2. Do not exceed the daily dose.\n3. "
    "Ask a pharmacist.",
    "The Eiffel Tower is 330 metres tall and was finished in 1889.",
    "I am an AI language model and do not have the ability to browse the internet.",
    "Sure! Here is a short poem about the sea:\n\nThe waves roll in, the gulls cry out.",
)


def check_cases(model_text: str) -> str:
    """The fixed answers with the probabilities ``model_text`` gives them, as JSON."""
    model = parse_model(model_text)
    cases = []
    for text in CHECK_TEXTS:
        probs = model.probabilities(analyse(text).features)
        cases.append({"text": text, "p": [round(probs[g], 4) for g in ("none", "partial", "full")]})
    return json.dumps(cases, ensure_ascii=False, indent=1) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, required=True, help="directory of the labelled sets")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="model file to write")
    parser.add_argument("--check", action="store_true", help="compare with --out, write nothing")
    parser.add_argument(
        "--select",
        action="store_true",
        help="print the C each held-out model's fold would choose without it, write nothing",
    )
    args = parser.parse_args(argv)
    cue_text = (ROOT / "codeeval" / "data" / CUES_RESOURCE).read_text(encoding="utf-8")
    if args.select:
        answers = [a for a in load_labelled(args.data) if a.grade is not None]
        features = feature_sets(answers, compile_cues(parse_cues(cue_text)))
        choices = nested_choice(answers, features)
        for group, c, scores in choices:
            print(f"without {group}: C={c}  (inner κ by C: {scores})")
        chosen = {c for _, c, _ in choices}
        print(
            f"shipped C={C}; every fold chose {chosen.pop()}"
            if len(chosen) == 1
            else f"shipped C={C}; folds disagree: {sorted(chosen)}"
        )
        return 0
    text = train_file(args.data, cue_text)
    if args.check:
        current = args.out.read_text(encoding="utf-8") if args.out.exists() else ""
        if current != text:
            print(f"{args.out} differs from what training produces; run without --check")
            return 1
        print(f"{args.out} is what training produces")
        return 0
    args.out.write_text(text, encoding="utf-8")
    CHECK_FILE.write_text(check_cases(text), encoding="utf-8")
    print(f"wrote {args.out} ({len(text.encode()) // 1024} KiB) and {CHECK_FILE.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
