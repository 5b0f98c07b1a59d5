"""Refuse to let a model judge itself, by identity rather than by name.

A model judges its own texts too kindly, so the judge must not be the judged model — and
a renamed copy is the same model. Two models are taken to be the same when any of these
match (after normalising: case, a trailing ``:latest``, a path's directory):

* a name or served id of one equals a name or served id of the other, where names
  include every alias the user declares (``--alias judged=other-name``);
* a weights file, path or digest the servers report is the same.

The refusal names the judged model and the matching evidence.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from codeeval.chat import ServerIdentity
from codeeval.errors import SelfJudgingRefused, UsageError
from codeeval.models import Sample


def normalise(name: str) -> str:
    name = name.strip().casefold().rstrip("/")
    name = name.rsplit("/", 1)[-1]
    return name.removesuffix(":latest")


@dataclass
class JudgedModel:
    """What the samples say about one judged model."""

    name: str
    served: set[str] = field(default_factory=set)
    weights: set[str] = field(default_factory=set)


def judged_models(samples: Iterable[Sample]) -> dict[str, JudgedModel]:
    models: dict[str, JudgedModel] = {}
    for s in samples:
        m = models.setdefault(s.model, JudgedModel(s.model))
        if s.served_model:
            m.served.add(s.served_model)
        m.weights.update(s.weights)
    return models


def parse_aliases(pairs: Iterable[str]) -> list[tuple[str, str]]:
    """``A=B`` pairs: B is another name of A."""
    out: list[tuple[str, str]] = []
    for pair in pairs:
        left, sep, right = pair.partition("=")
        if not sep or not left.strip() or not right.strip():
            raise UsageError(f"--alias {pair!r}: expected NAME=OTHER_NAME")
        out.append((left.strip(), right.strip()))
    return out


def _classes(aliases: Iterable[tuple[str, str]]) -> dict[str, set[str]]:
    """Every name to the set of names declared the same model (transitively)."""
    groups: dict[str, set[str]] = {}
    for a, b in aliases:
        a, b = normalise(a), normalise(b)
        merged = groups.get(a, {a}) | groups.get(b, {b})
        for name in merged:
            groups[name] = merged
    return groups


def check_not_self(
    judge: ServerIdentity,
    judged: dict[str, JudgedModel],
    aliases: Iterable[tuple[str, str]] = (),
) -> None:
    """Raise when the judge is one of the judged models.

    Raises:
        SelfJudgingRefused: naming the judged model and what matched.
    """
    groups = _classes(aliases)

    def names(raw: Iterable[str]) -> set[str]:
        out: set[str] = set()
        for n in raw:
            out |= groups.get(normalise(n), {normalise(n)})
        return out

    judge_names = names([judge.requested, *judge.served_ids])
    judge_weights = {normalise(w) for w in judge.weights}
    for model in judged.values():
        model_names = names([model.name, *model.served])
        same = sorted(judge_names & model_names)
        if same:
            raise SelfJudgingRefused(
                f"the judge {judge.requested!r} is the judged model {model.name!r}: "
                f"same name or declared alias ({', '.join(same)})"
            )
        weights = sorted(judge_weights & {normalise(w) for w in model.weights})
        if weights:
            raise SelfJudgingRefused(
                f"the judge {judge.requested!r} runs the same weights as the judged model "
                f"{model.name!r} ({', '.join(weights)}): a renamed copy is the same model"
            )
