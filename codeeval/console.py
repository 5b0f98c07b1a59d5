"""The command line's two consoles and its one error boundary.

Every command module (the main CLI, the judging commands, the text-metric commands)
prints through these and turns a :class:`~codeeval.errors.CodeevalError` into ``error:``
and ``hint:`` lines on stderr and the error's exit code, through :func:`fail`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn

import typer
from rich.console import Console
from rich.text import Text

from codeeval.errors import CodeevalError

if TYPE_CHECKING:
    from rich.progress import Progress

err = Console(stderr=True, soft_wrap=True)
out = Console(width=None if Console().is_terminal else 10_000)
"""Piped output is never cut or wrapped: a table row stays one line, whatever its width."""


def fail(exc: CodeevalError) -> NoReturn:
    """Print ``exc`` as ``error:`` and ``hint:`` lines and exit with its code."""
    err.print(Text.assemble(("error:", "red"), " ", str(exc)), highlight=False)
    if exc.hint:
        err.print(f"hint: {exc.hint}", highlight=False, markup=False)
    raise typer.Exit(exc.exit_code)


def progress(label: str, quiet: bool = False) -> Progress:
    """A progress bar on stderr (label, bar, done of total, time), hidden when ``quiet`` or
    when stderr is not a terminal."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    return Progress(
        TextColumn(f"[bold]{label}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        disable=quiet or not err.is_terminal,
    )
