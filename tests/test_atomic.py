"""A file replaced whole: the new text or the old, never a part, and no temporary left."""

from __future__ import annotations

from pathlib import Path

import pytest

from codeeval import atomic


def test_the_new_text_replaces_the_old_and_nothing_else_is_left(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    path.write_text("old", encoding="utf-8")
    atomic.write_text(path, "neu ✓")
    assert path.read_text(encoding="utf-8") == "neu ✓"
    assert [p.name for p in tmp_path.iterdir()] == ["notes.json"]


def test_a_failed_replacement_keeps_the_old_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "taken"
    path.mkdir()  # a directory cannot be replaced by a file
    (path / "inside").write_text("kept", encoding="utf-8")
    with pytest.raises(OSError):
        atomic.write_text(path, "new")
    assert (path / "inside").read_text(encoding="utf-8") == "kept"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken"]
