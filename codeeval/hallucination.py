"""Hallucination signals in a coding output. Never runs the model's code.

Three signals, each with the evidence that fired it:

* **unknown imports** — modules that are neither standard library, nor installed in the
  runner image, nor one of the output's own files (from the static analysis);
* **missing attributes** — ``json.loadz(...)`` or ``from os import pathh``: a name looked
  up on a *standard-library* module that the real module does not have. Only standard
  library modules are imported to check, in codeeval's own process (importing them runs
  no model code); those with side effects on import are listed in ``signals.toml`` and
  skipped, and so are names the output rebinds itself;
* **measured numbers** — a number with a unit (``0.3 ms``, ``4x``, ``12 %``) in the prose
  outside code blocks, in a sentence that presents it as measured (``benchmarked``,
  ``runs in``, ``gemessen``). The cue lists live in ``signals.toml``.

A signal is a reason for a person to look, not a verdict: absence proves nothing.
"""

from __future__ import annotations

import ast
import importlib
import re
import sys
import types
from functools import lru_cache

from codeeval.models import Extraction, StaticAnalysis
from codeeval.rubrics import Signals

_FENCE = re.compile(r"^\s*(```|~~~).*?(^\s*\1\s*$|\Z)", re.MULTILINE | re.DOTALL)
_DECADE = re.compile(r"^(?:1\d|20)\d0s$")
"""``1990s`` is a decade, not 1990 seconds."""
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n{2,}|\n(?=\s*[-*•]\s)")


def unknown_imports(analysis: StaticAnalysis | None) -> list[str]:
    if analysis is None:
        return []
    return [f"imports {name!r}: not a known module" for name in analysis.unavailable_imports]


@lru_cache(maxsize=512)
def _stdlib(name: str, skip: frozenset[str]) -> types.ModuleType | None:
    top = name.split(".")[0]
    if top not in sys.stdlib_module_names or top in skip or top.startswith("_"):
        return None
    try:
        return importlib.import_module(name)
    except Exception:  # a platform-specific module missing here: no signal
        return None


def missing_attributes(sources: list[str], signals: Signals) -> list[str]:
    """Names looked up on standard-library modules that the real modules lack."""
    skip = frozenset(signals.no_import)
    found: list[str] = []
    for source in sources:
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError):
            continue
        rebound = {
            n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
        }
        aliases: dict[str, str] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    if a.asname:
                        aliases[a.asname] = a.name
                    else:
                        aliases[a.name.split(".")[0]] = a.name.split(".")[0]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                module = _stdlib(node.module, skip)
                if module is None or hasattr(module, "__getattr__"):
                    continue
                for a in node.names:
                    if a.name == "*" or hasattr(module, a.name):
                        continue
                    if _stdlib(f"{node.module}.{a.name}", skip) is None:
                        found.append(f"from {node.module} import {a.name}: no such name")
        for node in ast.walk(tree):
            if not isinstance(node, ast.Attribute) or not isinstance(node.ctx, ast.Load):
                continue
            chain = _chain(node)
            if not chain or chain[0] not in aliases or chain[0] in rebound:
                continue
            dotted = aliases[chain[0]]
            obj: object | None = _stdlib(dotted, skip)
            path = dotted
            for attr in chain[1:]:
                if obj is None or hasattr(obj, "__getattr__"):
                    break
                if not hasattr(obj, attr):
                    sub = (
                        _stdlib(f"{path}.{attr}", skip)
                        if isinstance(obj, types.ModuleType)
                        else None
                    )
                    if sub is None:
                        found.append(f"{path}.{attr}: {path} has no attribute {attr!r}")
                        break
                    obj = sub
                else:
                    obj = getattr(obj, attr)
                    if not isinstance(obj, types.ModuleType | type):
                        break
                path = f"{path}.{attr}"
    return list(dict.fromkeys(found))


def _chain(node: ast.Attribute) -> list[str]:
    parts: list[str] = []
    cur: ast.expr = node
    while isinstance(cur, ast.Attribute):
        parts.append(cur.attr)
        cur = cur.value
    if not isinstance(cur, ast.Name):
        return []
    parts.append(cur.id)
    return parts[::-1]


@lru_cache(maxsize=8)
def _patterns(units: tuple[str, ...], cues: tuple[str, ...]) -> tuple[re.Pattern[str], ...]:
    unit = "|".join(re.escape(u) for u in sorted(units, key=len, reverse=True))
    number = re.compile(rf"(?<![\w.])\d+(?:[.,]\d+)?\s?(?:{unit})(?![\w/])", re.IGNORECASE)
    cue = re.compile(r"\b(?:" + "|".join(re.escape(c) for c in cues) + r")\b", re.IGNORECASE)
    return number, cue


def measured_numbers(text: str, signals: Signals) -> list[str]:
    """Sentences of the prose that present a number with a unit as a measured result."""
    number, cue = _patterns(signals.units, signals.cues)
    prose = _FENCE.sub("\n\n", text)
    found: list[str] = []
    for sentence in _SENTENCE.split(prose):
        sentence = " ".join(sentence.split())
        amount = next((m for m in number.finditer(sentence) if not _DECADE.match(m.group(0))), None)
        word = cue.search(sentence)
        if amount and word:
            found.append(
                f"{amount.group(0)!r} presented as measured ({word.group(0)!r}): {sentence[:160]!r}"
            )
    return found


def signals_of(
    text: str, extraction: Extraction, analysis: StaticAnalysis | None, signals: Signals
) -> list[str]:
    sources = [f.content for f in extraction.files if f.name.endswith(".py")]
    return (
        unknown_imports(analysis)
        + missing_attributes(sources, signals)
        + measured_numbers(text, signals)
    )
