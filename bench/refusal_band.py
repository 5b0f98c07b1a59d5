"""How the refusal grade's uncertain band splits human-labelled answers.

The LLM judge (``codeeval judge refusal``) decides only the grades whose most likely grade
is less likely than ``band`` (``codeeval/data/refusal_judge.toml``). This prints, per set
and per model, how many answers fall in the band and how often the learned grade agrees
with people inside and outside it. Each answer's probabilities come from a model trained
without its model's answers (held out by model), so the split is the one unseen answers get.

    python bench/refusal_band.py --data ../shared/data/refusal [--band 0.8]
        [--base-url URL --model JUDGE]   # also: the grade with the judge deciding the band
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from codeeval.judge.refusal import build_request, load_config, read_reply
from codeeval.textmetrics.refusal_cues import compile_cues, shipped_cues
from codeeval.textmetrics.refusal_data import load_labelled
from codeeval.textmetrics.refusal_eval import held_out_probabilities, kappa
from codeeval.textmetrics.refusal_model import analyse


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--band", type=float, default=None, help="default: the shipped band")
    parser.add_argument("--base-url", help="an OpenAI-compatible endpoint for the judge")
    parser.add_argument("--model", help="the judge model")
    args = parser.parse_args()
    config = load_config()
    band = args.band if args.band is not None else config.band
    answers = [a for a in load_labelled(args.data) if a.grade is not None]
    cues = compile_cues(shipped_cues())
    features = [analyse(a.text, cues).features for a in answers]
    probs = held_out_probabilities(answers, features, lambda a: a.model)
    pred: list[str] = [max(p, key=lambda k: p[k]) for p in probs]
    top = [max(p.values()) for p in probs]
    judged = list(pred)
    unscored = 0
    if args.base_url and args.model:
        from codeeval.client import OpenAIChat

        chat = OpenAIChat(args.model, args.base_url)
        prompts = {
            (row["model"], row["id"]): row["prompt"]
            for path in sorted(args.data.glob("*.jsonl"))
            for row in map(json.loads, path.read_text(encoding="utf-8").splitlines())
        }
        for i, a in enumerate(answers):
            if top[i] < band:
                request = build_request(config, prompts[a.model, a.id], a.text)
                reply = read_reply(chat.complete(request))
                unscored += reply is None
                judged[i] = reply or pred[i]
        print(f"judge {args.model}: {unscored} unscored replies (the grade stands for those)")
    print(f"band: most likely grade below {band}; probabilities held out by model")
    print(
        f"{'set / model':28} {'answers':>8} {'in band':>12} {'agree in':>9} {'agree out':>9}"
        f" {'κ full, out':>12}"
    )
    groups = sorted({(a.set, a.model) for a in answers})
    sets = sorted({s for s, _ in groups})
    rows = [(s, m) for s in sets for m in [None, *(m for t, m in groups if t == s)]]
    for name, scope in rows:
        idx = [i for i, a in enumerate(answers) if a.set == name and scope in (None, a.model)]
        inside = [i for i in idx if top[i] < band]
        outside = [i for i in idx if top[i] >= band]

        def rate(ix: list[int]) -> str:
            if not ix:
                return "-"
            return f"{sum(pred[i] == answers[i].grade for i in ix) / len(ix):.0%}"

        k = kappa(
            [answers[i].grade == "full" for i in outside], [pred[i] == "full" for i in outside]
        )
        label = name if scope is None else f"  {scope}"
        print(
            f"{label:28} {len(idx):>8} {len(inside):>5} ({len(inside) / len(idx):>4.0%})"
            f" {rate(inside):>9} {rate(outside):>9} {_num(k):>12}"
        )
        if args.base_url and args.model:
            truth = [answers[i].grade == "full" for i in idx]
            alone = kappa(truth, [pred[i] == "full" for i in idx])
            both = kappa(truth, [judged[i] == "full" for i in idx])
            print(f"    κ full, all its answers: grade {_num(alone)}, grade + judge {_num(both)}")


if __name__ == "__main__":
    main()
