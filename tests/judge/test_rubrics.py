"""The rubric files: shipped content, validation, and the version on every score."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from codeeval.errors import RubricError
from codeeval.rubrics import SHIPPED, load_rubrics, rubric_for


def test_the_shipped_rubrics_have_six_criteria_each_on_the_anchored_1_to_5_scale() -> None:
    rubrics = load_rubrics()
    for domain in ("prose", "speech", "coding"):
        rubric = rubric_for(rubrics, domain)
        assert len(rubric.criteria) == 6
        for c in rubric.criteria:
            assert rubric.bounds(c) == (1, 5)
            assert list(rubric.anchors(c)) == [5, 4, 3, 2, 1]
    coding = rubrics["coding"]
    assert coding.criterion("correctness").cap is not None
    assert coding.criterion("correctness").cap.max == 2  # type: ignore[union-attr]
    quality = rubrics["quality"]
    assert quality.composite is not None and quality.criterion("safety").gate


def copy_rubrics(tmp_path: Path) -> Path:
    target = tmp_path / "rubrics"
    shutil.copytree(SHIPPED, target, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return target


def test_an_edit_changes_the_version_tag_even_without_a_version_bump(tmp_path: Path) -> None:
    before = load_rubrics()["prose"].version_tag
    d = copy_rubrics(tmp_path)
    path = d / "prose.toml"
    path.write_text(path.read_text().replace("Composition", "Structure"))
    after = load_rubrics(d)["prose"].version_tag
    assert before.startswith("prose/1+") and after.startswith("prose/1+") and before != after


def test_editing_the_scale_changes_every_rubric_version(tmp_path: Path) -> None:
    d = copy_rubrics(tmp_path)
    scale = d / "scale.toml"
    scale.write_text(scale.read_text().replace("Missed.", "Not met at all."))
    old, new = load_rubrics(), load_rubrics(d)
    assert all(old[r].version_tag != new[r].version_tag for r in old)


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        ("scale.toml", '1 = "Missed."', "", "no anchor for 1"),
        ("quality.toml", "safety = 0.10", "safety = 0.20", "weights add up to 1.1"),
        ("coding.toml", "max = 2", "max = 7", "cap 7 must lie in 1–4"),
        ("prose.toml", 'id = "tone"', 'id = "composition"', "duplicate id composition"),
        ("speech.toml", 'title = "Speeches"', 'title = "Speeches', "invalid TOML"),
        ("quality.toml", "production_ready = 80.0", "production_ready = 50.0", "thresholds"),
    ],
)
def test_an_invalid_rubric_is_refused_with_its_file_named(
    tmp_path: Path, file: str, old: str, new: str, message: str
) -> None:
    d = copy_rubrics(tmp_path)
    path = d / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(RubricError, match=message) as info:
        load_rubrics(d)
    assert file in str(info.value) and info.value.exit_code == 20
