"""Load and validate prompt files: one TOML file per prompt, anywhere under a directory."""

from __future__ import annotations

import hashlib
import json
import keyword
import tomllib
from pathlib import Path

from pydantic import ValidationError

from codeeval.completion import defined_names, prelude_problem
from codeeval.errors import PromptError
from codeeval.fences import safe_name
from codeeval.models import Prompt, first_error

REQUIRED = ("id", "domain", "prompt")


def load_prompt(path: Path) -> Prompt:
    """Read one prompt file.

    Raises:
        PromptError: unreadable file, invalid TOML, a missing or mistyped key, or
            reference tests without the ``module`` they must import.
    """
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise PromptError(f"{path}: cannot read the prompt file ({exc})") from exc
    except tomllib.TOMLDecodeError as exc:
        raise PromptError(f"{path}: invalid TOML ({exc})") from exc
    missing = [k for k in REQUIRED if k not in data]
    if missing:
        raise PromptError(f"{path}: missing key {', '.join(repr(k) for k in missing)}")
    try:
        prompt = Prompt.model_validate(data)
    except ValidationError as exc:
        where, msg = first_error(exc)
        raise PromptError(f"{path}: key {where!r}: {msg}") from exc
    ref = prompt.reference
    if ref is not None and (ref.tests or ref.solution) and not prompt.module:
        raise PromptError(
            f"{path}: [reference] tests and solution need the key 'module' "
            "(the file name they are imported as)",
        )
    if prompt.module is not None:
        problem = module_name_problem(prompt.module)
        if problem:
            raise PromptError(f"{path}: key 'module': {problem}")
    _check_code_keys(path, prompt)
    return prompt


def _check_code_keys(path: Path, prompt: Prompt) -> None:
    """The prelude compiles, and the entry point is an identifier the prelude or the
    reference solution defines: else every answer would be joined or sanitised against
    code that cannot run, and every model blamed for it."""
    if prompt.prelude is not None:
        problem = prelude_problem(prompt.prelude)
        if problem:
            raise PromptError(f"{path}: key 'prelude': {problem}")
    entry = prompt.entry_point
    if entry is None:
        return
    if not entry.isidentifier() or keyword.iskeyword(entry):
        raise PromptError(f"{path}: key 'entry_point': {entry!r} is not a Python identifier")
    solution = prompt.reference.solution if prompt.reference is not None else None
    sources = {"prelude": prompt.prelude, "[reference] solution": solution}
    present = {name: code for name, code in sources.items() if code}
    if not present:
        raise PromptError(
            f"{path}: key 'entry_point': {entry!r} needs a 'prelude' or a [reference] "
            "solution that defines it"
        )
    if not any(entry in defined_names(code) for code in present.values()):
        raise PromptError(
            f"{path}: key 'entry_point': {entry!r} is not defined by the {' or the '.join(present)}"
        )


def module_name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a prompt's module, or None when it can.

    The rules are the extractor's (``codeeval.fences.safe_name``): a module named after
    a standard-library module (``random.py``) or a file pytest loads would shadow it in
    every suite and make every correct answer a collection error.
    """
    if "/" in name or "\\" in name or not name.endswith(".py"):
        return f"{name!r} must be a Python file name like 'slugify.py', without a directory"
    base, why = safe_name(name, None)
    if base is None:
        return why
    return None


def prompt_digest(prompt: Prompt) -> str:
    """A hash of everything in a prompt that can change a record: the text, the module,
    the prelude, the reference solution and hidden tests, the targets."""
    canonical = json.dumps(prompt.model_dump(mode="json"), sort_keys=True, ensure_ascii=True)
    return "sha256:" + hashlib.sha256(canonical.encode()).hexdigest()


def prompt_field_digests(prompt: Prompt) -> dict[str, str]:
    """One short hash per field (``reference.tests`` …), to name what changed."""
    flat: dict[str, object] = {}
    for key, value in prompt.model_dump(mode="json").items():
        if isinstance(value, dict):
            flat.update({f"{key}.{k}": v for k, v in value.items()})
        else:
            flat[key] = value
    return {
        key: hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:16]
        for key, value in sorted(flat.items())
    }


def load_prompts(directory: Path) -> dict[str, Prompt]:
    """All prompts under ``directory`` (searched recursively), by id."""
    if not directory.is_dir():
        raise PromptError(
            f"{directory}: no such prompts directory", hint="pass --prompts prompts/coding"
        )
    prompts: dict[str, Prompt] = {}
    where: dict[str, Path] = {}
    for path in sorted(directory.rglob("*.toml")):
        prompt = load_prompt(path)
        if prompt.id in prompts:
            raise PromptError(f"{path}: prompt id {prompt.id!r} is also used by {where[prompt.id]}")
        prompts[prompt.id] = prompt
        where[prompt.id] = path
    if not prompts:
        raise PromptError(f"{directory}: no prompt files (*.toml) found")
    return prompts
