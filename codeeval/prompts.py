"""Load and validate prompt files: one TOML file per prompt, anywhere under a directory."""

from __future__ import annotations

import keyword
import tomllib
from pathlib import Path

from pydantic import ValidationError

from codeeval.errors import PromptError
from codeeval.models import Prompt

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
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise PromptError(f"{path}: key {where!r}: {first['msg']}") from exc
    ref = prompt.reference
    if ref is not None and (ref.tests or ref.solution) and not prompt.module:
        raise PromptError(
            f"{path}: [reference] tests and solution need the key 'module' "
            "(the file name they are imported as)",
        )
    if prompt.module is not None and not _is_module_file(prompt.module):
        raise PromptError(f"{path}: key 'module' must be a Python file name like 'slugify.py'")
    return prompt


def _is_module_file(name: str) -> bool:
    stem, dot, ext = name.partition(".")
    return bool(dot) and ext == "py" and stem.isidentifier() and not keyword.iskeyword(stem)


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
