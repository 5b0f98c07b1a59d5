"""Resume that never keeps a stale verdict.

Every record carries digests of what it was made from: the sample (its text, seed and
finish reason) and the prompt (its text, module, prelude, reference solution and hidden
tests, targets). Before anything runs, the samples are read once, streaming, and each
one that already has a record is compared with it:

* unchanged: the record stands and the sample is not run again;
* changed, or a record written without digests: by default the run is refused, naming
  the samples and prompts that changed (and which prompt fields). A results directory
  holds one evaluation; silently keeping old verdicts mixes two, and silently replacing
  them loses the old ones. With ``--rerun-changed`` exactly those samples are evaluated
  again; their old records move to ``results.jsonl.replaced``, nothing is deleted.

The settings a run was made with are checked by the store (``OUT/run.json``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from codeeval.errors import InputError, UsageError
from codeeval.models import Prompt, Sample
from codeeval.prompts import prompt_field_digests
from codeeval.samples import BadInput, iter_samples
from codeeval.store import KeyTuple, ResultStore

#: How many changed samples a refusal names before it says "and N more".
NAMED = 5


def sample_digest(sample: Sample) -> str:
    """A hash of everything in a sample that can change its record."""
    canonical = json.dumps(
        {"text": sample.text, "seed": sample.seed, "finish_reason": sample.finish_reason},
        sort_keys=True,
        ensure_ascii=True,
    )
    return "sha256:" + hashlib.sha256(canonical.encode()).hexdigest()


@dataclass
class Scan:
    """What one read of the samples found, before anything runs."""

    samples: int = 0
    bad: int = 0
    first_bad: BadInput | None = None
    pending: dict[str, int] = field(default_factory=dict)
    """Samples to evaluate, per prompt id (changed ones included)."""
    changed_samples: list[KeyTuple] = field(default_factory=list)
    changed_prompts: dict[str, list[KeyTuple]] = field(default_factory=dict)
    unverifiable: list[KeyTuple] = field(default_factory=list)
    """Records written without input digests (by an older codeeval)."""

    @property
    def changed(self) -> list[KeyTuple]:
        keys = [*self.changed_samples, *self.unverifiable]
        keys += [k for keys_ in self.changed_prompts.values() for k in keys_]
        return list(dict.fromkeys(keys))


def scan(
    path: Path,
    prompts: dict[str, Prompt],
    digests: dict[str, str],
    store: ResultStore,
    selects: Callable[[Sample], bool] = lambda sample: True,
) -> Scan:
    """Read the samples once and compare each finished one (that ``selects`` lets
    through) with its record."""
    found = Scan()
    seen: set[KeyTuple] = set()
    for item in iter_samples(path):
        if isinstance(item, BadInput):
            found.bad += 1
            found.first_bad = found.first_bad or item
            continue
        found.samples += 1
        key = (item.model, item.prompt_id, item.run)
        if key in seen or item.prompt_id not in prompts or not selects(item):
            continue  # reported by the evaluation itself
        seen.add(key)
        if key in store.done:
            inputs = store.inputs.get(key, {})
            if not inputs:
                found.unverifiable.append(key)
            elif inputs.get("prompt") != digests[item.prompt_id]:
                found.changed_prompts.setdefault(item.prompt_id, []).append(key)
            elif inputs.get("sample") != sample_digest(item):
                found.changed_samples.append(key)
            else:
                continue
        found.pending[item.prompt_id] = found.pending.get(item.prompt_id, 0) + 1
    return found


def require_a_sample(path: Path) -> None:
    """``require_samples`` before anything starts: the input is read only as far as its
    first sample (to the end when it holds none).

    Raises:
        InputError: the file is empty, or not one of its lines is a sample.
    """
    found = Scan()
    for item in iter_samples(path):
        if not isinstance(item, BadInput):
            return
        found.bad += 1
        found.first_bad = found.first_bad or item
    require_samples(found, path)


def require_samples(found: Scan, path: Path) -> None:
    """One clear error for an input that holds no sample at all.

    Raises:
        InputError: the file is empty, or not one of its lines is a sample.
    """
    if found.samples:
        return
    if found.first_bad is None:
        raise InputError(
            f"{path}: no samples (empty)",
            hint="pass a JSON Lines file with one sample per line, or a directory of .md files",
        )
    first = found.first_bad
    raise InputError(
        f"{path}: not one sample could be read ({found.bad} "
        f"{'entry' if found.bad == 1 else 'entries'} rejected; the first, {first.where}: "
        f"{first.reason})",
        hint="each line must be a JSON object with model, prompt_id, run and text",
    )


def check_changes(
    found: Scan,
    store: ResultStore,
    prompts: dict[str, Prompt],
    notes: dict[str, dict[str, Any]],
    rerun_changed: bool,
) -> int:
    """Refuse to resume over changed inputs, or set their records aside to run again.

    Returns:
        How many records were set aside (``--rerun-changed``).

    Raises:
        UsageError: inputs changed and ``rerun_changed`` is off; the message names them.
    """
    changed = found.changed
    if not changed:
        return 0
    if rerun_changed:
        return store.replace(changed)
    parts: list[str] = []
    for prompt_id, keys in sorted(found.changed_prompts.items()):
        fields = _changed_fields(prompts[prompt_id], notes.get(prompt_id, {}))
        what = f" ({', '.join(fields)})" if fields else ""
        parts.append(f"prompt {prompt_id!r} changed{what}: {_count(keys)}")
    if found.changed_samples:
        parts.append(f"sample text changed: {_names(found.changed_samples)}")
    if found.unverifiable:
        parts.append(f"records without input digests: {_names(found.unverifiable)}")
    raise UsageError(
        f"{store.dir} holds records made from other inputs — " + "; ".join(parts),
        hint="pass --rerun-changed to evaluate exactly those samples again (their old "
        "records move to results.jsonl.replaced), or use another --out directory",
    )


def _changed_fields(prompt: Prompt, note: dict[str, Any]) -> list[str]:
    before = note.get("fields")
    if not isinstance(before, dict):
        return []
    now = prompt_field_digests(prompt)
    return [k for k in sorted(set(before) | set(now)) if before.get(k) != now.get(k)]


def _label(key: KeyTuple) -> str:
    return f"{key[0]}/{key[1]}/run{key[2]}"


def _count(keys: list[KeyTuple]) -> str:
    return f"{len(keys)} record{'s' if len(keys) != 1 else ''}"


def _names(keys: list[KeyTuple]) -> str:
    shown = ", ".join(_label(k) for k in keys[:NAMED])
    more = len(keys) - NAMED
    return shown + (f" and {more} more" if more > 0 else "")
