"""Which block becomes which file: splitting combined blocks, duplicates, the module name.

Pure helpers of ``codeeval.extract``, whose docstring states the rules they implement
(Module and tests in one block, Duplicates, Module name, Tests importing the module under
another name).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from codeeval.codeshape import Code, is_local, read_code
from codeeval.completion import compiles
from codeeval.fences import file_text, is_test_name, safe_name
from codeeval.models import ExtractedFile

Kind = Literal["tests", "module", "combined", "snippet"]

_PLACEHOLDERS = frozenset({"solution", "main", "module", "my_module", "mymodule", "your_module"})


@dataclass
class Block:
    index: int
    code: Code
    name: str | None
    kind: Kind
    truncated: bool
    prefix: str = ""
    """For the test half of a split block: the imports that go above the module import."""
    private: tuple[str, ...] | None = None
    """For the test half of a split block: names the star import would not bring."""
    not_tests: tuple[str, ...] = ()
    """For the test half of a split block: module functions named ``test*`` that the star
    import brings in and pytest must not collect."""

    def content(self, module: str) -> str:
        if self.private is None:
            return file_text(self.code.source)
        header = (
            "# codeeval: tests split from a block that also held the module\n"
            f"from {module} import *  # noqa: F403"
        )
        if self.private:
            header += f"\nfrom {module} import {', '.join(self.private)}"
        for name in self.not_tests:
            header += f"\n{name}.__test__ = False  # module code, not a test"
        parts = (self.prefix.strip("\n"), header, self.code.source.strip("\n"))
        return file_text("\n\n".join(part for part in parts if part))


Key = Callable[[Block], frozenset[str]]


# ---------------------------------------------------------------- combined blocks


def is_combined(block: Block, blocks: list[Block], target: str | None) -> bool:
    """Tests that define their own code and take nothing from another file of the answer."""
    if block.kind != "tests" or not block.code.callables:
        return False
    siblings = {b.name.removesuffix(".py") for b in blocks if b.name and b is not block}
    if target:
        siblings.add(target.removesuffix(".py"))
    lines = block.code.source.split("\n")
    test_text = "\n".join(
        "\n".join(lines[s.head : s.end]) for s in block.code.segments if s.role == "test"
    )
    used = set(re.findall(r"[A-Za-z_]\w*", test_text))
    for imp in block.code.imports:
        if not is_local(imp.name):
            continue
        # A test that calls what it imports tests another file; a combined block's own
        # imports serve its module part (a third-party helper, say).
        if imp.name in siblings or imp.star or imp.names & used or imp.name in used:
            return False
    return True


def split_block(block: Block, notes: list[str], entry_point: str | None = None) -> list[Block]:
    lines = block.code.source.split("\n")
    module: list[str] = []
    imports: list[str] = []
    tests: list[str] = []
    last = block.code.segments[-1]
    for seg in block.code.segments:
        if seg.role == "main" and seg is last and block.truncated:
            notes.append("dropped a cut-off `if __name__ == '__main__':` block")
            continue
        if seg.role == "test":
            tests.extend(lines[seg.start : seg.end])
            continue
        module.extend(lines[seg.start : seg.end])
        if seg.role == "import":
            imports.extend(lines[seg.head : seg.end])
    module_code = read_code("\n".join(module), entry_point)
    test_code = read_code("\n".join(tests), entry_point)
    used = set(re.findall(r"[A-Za-z_]\w*", test_code.source))
    restricted = "__all__" in module_code.defs
    private = sorted(n for n in used & module_code.defs if restricted or n.startswith("_"))
    cut_tests = last.role in ("test", "main")
    not_tests = tuple(sorted(n for n in module_code.callables if n.startswith("test")))
    named_tests = block.name is not None and is_test_name(block.name)
    notes.append("split a block holding both module and tests")
    return [
        Block(
            block.index,
            module_code,
            None if named_tests else block.name,
            "module",
            block.truncated and not cut_tests,
        ),
        Block(
            block.index,
            test_code,
            block.name if named_tests else None,
            "tests",
            block.truncated and cut_tests,
            prefix="\n".join(imports),
            private=tuple(private),
            not_tests=not_tests,
        ),
    ]


# ---------------------------------------------------------------- choosing files


def infer_module(blocks: list[Block]) -> str:
    """The module's file name when the prompt does not give one."""
    imported = [
        imp for b in blocks if b.kind == "tests" for imp in b.code.imports if is_local(imp.name)
    ]
    named = list(
        dict.fromkeys(
            b.name for b in blocks if b.kind == "module" and b.name and not is_test_name(b.name)
        )
    )
    for name in named:
        if any(imp.name == name.removesuffix(".py") for imp in imported):
            return name
    # Helpers are imported by the main module; the main module by nobody.
    helpers = {imp.name for b in blocks if b.name in named for imp in b.code.imports}
    mains = [n for n in named if n.removesuffix(".py") not in helpers]
    if mains or named:
        return (mains or named)[0]
    defs = {d for b in blocks if b.kind == "module" for d in b.code.defs}
    for imp in imported:
        if imp.star or imp.names & defs:
            return f"{imp.name}.py"
    if imported:
        return f"{imported[0].name}.py"
    for block in blocks:
        if block.kind == "tests" and block.name:
            stem = block.name.removesuffix(".py").removeprefix("test_").removesuffix("_test")
            safe, _ = safe_name(f"{stem}.py", None)
            if safe:
                return safe
    return "solution.py"


def adopt(blocks: list[Block], target: str, notes: list[str]) -> None:
    """Give the prompt's module name to the model's differently named module file."""
    named = [b.name for b in blocks if b.kind == "module" and b.name and not is_test_name(b.name)]
    if not named:
        return
    imported = {imp.name for b in blocks if b.kind == "tests" for imp in b.code.imports}
    pick = next((n for n in named if n.removesuffix(".py") in imported), None)
    if pick is None and not any(b.kind == "module" and b.name is None for b in blocks):
        pick = infer_module(blocks)
    if pick is None:
        return
    notes.append(f"the prompt asks for {target}; the model's {pick} is used under that name")
    for block in blocks:
        if block.name == pick:
            block.name = target


def supersede(
    blocks: list[Block], key: Key, what: str, notes: list[str], *, residue: bool = False
) -> list[Block]:
    """Apply the duplicate rules: the later complete version of a file replaces earlier ones.

    With ``residue``, what an earlier version defined and the later one does not (a helper
    the correction left out) and its imports stay, in the earlier version's place.
    """
    kept: list[Block] = []
    for block in blocks:
        same = [
            k
            for k in kept
            if (k.name is not None and k.name == block.name)
            or ((k.name is None or block.name is None) and key(k) & key(block))
        ]
        if not same:
            kept.append(block)
            continue
        label = block.name or next((k.name for k in same if k.name), None) or what
        if block.truncated and not all(k.truncated for k in same):
            notes.append(f"{label} appears again but cut off; kept the earlier complete version")
            continue
        notes.append(f"{label} appears more than once; kept the later version")
        block.name = block.name or next((k.name for k in same if k.name), None)
        at = kept.index(same[0])
        rests = [r for k in same if residue and (r := _residue(k, block, notes)) is not None]
        kept = [k for k in kept if k not in same]
        kept[at:at] = [*rests, block]
    return kept


def _residue(old: Block, new: Block, notes: list[str]) -> Block | None:
    """The imports and definitions of ``old`` that ``new`` does not replace."""
    if not compiles(old.code.source):
        return None  # a broken or cut-off version leaves nothing to keep
    lines = old.code.source.split("\n")
    keep = [
        seg
        for seg in old.code.segments
        if seg.role == "import" or (seg.role == "code" and seg.names - new.code.defs)
    ]
    names = sorted({n for seg in keep if seg.role == "code" for n in seg.names - new.code.defs})
    if not names:
        return None
    notes.append(f"kept what only the earlier version defined: {', '.join(names)}")
    source = "\n".join("\n".join(lines[seg.start : seg.end]) for seg in keep)
    return Block(old.index, read_code(source), old.name, old.kind, old.truncated)


def free_name(base: str, taken: set[str]) -> str:
    name, n = f"{base}.py", 2
    while name in taken:
        name, n = f"{base}_{n}.py", n + 1
    return name


def to_file(block: Block, role: Literal["tests", "other"], module: str) -> ExtractedFile:
    assert block.name is not None  # callers name every block first
    return ExtractedFile(
        name=block.name, role=role, content=block.content(module), truncated=block.truncated
    )


def _package_alias(package: str, stem: str) -> ExtractedFile:
    """``src.py`` that makes ``src.slugify`` the real module (``sys.modules`` is consulted
    for a submodule once its parent is imported, so no package directory is needed)."""
    content = (
        f'"""Written by codeeval: the tests import {package}.{stem}, '
        f'the module is {stem}.py."""\n\n'
        f"import importlib\nimport sys\n\n"
        f"{stem} = importlib.import_module({stem!r})\n"
        f"sys.modules[__name__ + {'.' + stem!r}] = {stem}\n"
    )
    return ExtractedFile(name=f"{package}.py", role="other", content=content)


def aliases(
    tests: list[Block],
    files: list[ExtractedFile],
    mods: list[Block],
    stem: str,
    notes: list[str],
) -> list[ExtractedFile]:
    """Alias files for names under which the tests import the module."""
    present = {f.name.removesuffix(".py") for f in files}
    defs = {d for b in mods for d in b.code.defs}
    aliases: list[ExtractedFile] = []
    for imp in (imp for block in tests for imp in block.code.imports):
        if not is_local(imp.name) or imp.name in present:
            continue
        if imp.dotted == f"{imp.name}.{stem}" or (stem in imp.names and stem not in defs):
            # the src/ layout: `from src.slugify import …`, `from src import slugify`
            present.add(imp.name)
            notes.append(
                f"the tests import {imp.name}.{stem} (a package layout) but the module is "
                f"{stem}.py: added an alias package"
            )
            aliases.append(_package_alias(imp.name, stem))
            continue
        if not (imp.star or imp.names & defs or imp.name in _PLACEHOLDERS):
            notes.append(f"the tests import {imp.name}, which is not a file of the answer")
            continue
        present.add(imp.name)
        notes.append(f"the tests import {imp.name} but the module is {stem}.py: added an alias")
        content = (
            f'"""Written by codeeval: the tests import {imp.name}, the module is {stem}.py."""\n\n'
            f"import importlib\nimport sys\n\n"
            f"sys.modules[__name__] = importlib.import_module({stem!r})\n"
        )
        aliases.append(ExtractedFile(name=f"{imp.name}.py", role="other", content=content))
    return aliases
