"""The HTML report in a real headless browser (Debian's chromium through chromedriver).

The page is opened from a file with the network unreachable by construction (its content
security policy allows nothing from outside); the test checks that it renders, that the
three charts are there with one mark per model or cell, that a click on a heatmap cell
opens the drill-down of its samples, and keeps a screenshot as a test artefact
(``out/test-artifacts/html-report.png``, or under ``$CODEEVAL_ARTIFACTS``).
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from codeeval import baseline as baselines
from codeeval.publish import ReportOptions, report
from codeeval.report import aggregate
from tests.records import nightly_records, rec, suite, write_results

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("CODEEVAL_ARTIFACTS", ROOT / "out" / "test-artifacts"))
CHROMIUM = shutil.which("chromium")
CHROMEDRIVER = shutil.which("chromedriver")
REQUIRED = bool(os.environ.get("CI") or os.environ.get("CODEEVAL_REQUIRE_DOCKER"))

PROMPTS = ["lru", "slugify", "rle", "isbn"]
MODELS = {
    "model-a": [True] * 8,
    "model-b": [True, False, True, True, False, False, True, True],
    "model-c": [False] * 7 + [True],
}


@pytest.fixture(scope="module")
def driver() -> Iterator[object]:
    if not (CHROMIUM and CHROMEDRIVER):
        message = "chromium and chromium-driver are not installed (.ci/setup.sh installs them)"
        if REQUIRED:
            pytest.fail(message)
        pytest.skip(message)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--window-size=1200,1600",
        "--disable-dev-shm-usage",
    ):
        options.add_argument(arg)
    browser = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    try:
        yield browser
    finally:
        browser.quit()


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("html")
    store = tmp / "baselines"
    for day, flags in (
        (1, {"model-a": [True] * 6 + [False] * 2, "model-b": [False] * 8}),
        (2, {"model-a": [True] * 7 + [False], "model-b": [True] * 3 + [False] * 5}),
    ):
        summary = aggregate(nightly_records(flags, PROMPTS))
        when = datetime(2026, 12, day, 2, 0, tzinfo=UTC)
        baselines.save(baselines.from_summary(summary, "coding", "out", when), store)
    records = nightly_records(MODELS, PROMPTS)
    tail = "E       AssertionError: assert slugify('Ä') == 'ae'\nFAILED test_x.py::test_umlaut\n"
    records[2] = rec(
        "model-a",
        "slugify",
        1,
        "failed",
        own=suite(passed=2),
        reference=suite(passed=4, failed=1) | {"output_tail": tail},
    )
    out = write_results(tmp / "out", records)
    html = tmp / "report.html"
    report(ReportOptions(out=out, html=html, baselines=store, title="nightly <coding>"))
    return html


def test_the_page_is_self_contained(page: Path) -> None:
    text = page.read_text()
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", text)
    assert "default-src 'none'" in text
    assert "nightly &lt;coding&gt;" in text


def test_it_renders_with_its_charts_and_the_drill_down_works(driver: object, page: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.remote.webdriver import WebDriver

    assert isinstance(driver, WebDriver)
    driver.get(page.as_uri())
    assert driver.title == "nightly <coding>"
    bars = driver.find_elements(By.CSS_SELECTOR, "#chart-pass-rate rect.bar")
    assert [b.get_attribute("data-model") for b in bars] == ["model-a", "model-b", "model-c"]
    assert len(driver.find_elements(By.CSS_SELECTOR, "#chart-pass-rate line.errorbar")) == 3
    assert bars[0].size["width"] > bars[1].size["width"] > bars[2].size["width"] > 0
    assert len(driver.find_elements(By.CSS_SELECTOR, "#chart-heatmap g.cell")) == 12
    trend = driver.find_elements(By.CSS_SELECTOR, "#chart-trend polyline.trend")
    assert {t.get_attribute("data-model") for t in trend} == {"model-a", "model-b", "model-c"}

    cell = driver.find_element(
        By.CSS_SELECTOR, '#chart-heatmap g.cell[data-model="model-a"][data-prompt="slugify"] rect'
    )
    cell.click()
    drill = driver.find_element(By.ID, "drill")
    assert drill.find_element(By.TAG_NAME, "h3").text == "model-a / slugify (2 samples)"
    samples = drill.find_elements(By.CSS_SELECTOR, "div.sample")
    assert [s.get_attribute("data-run") for s in samples] == ["1", "2"]
    assert "reference: failed — 4 passed, 1 failed" in samples[0].text
    assert "AssertionError: assert slugify('Ä') == 'ae'" in samples[0].text

    row = driver.find_element(
        By.CSS_SELECTOR, 'tr.sample-row[data-model="model-c"][data-prompt="isbn"][data-run="2"]'
    )
    driver.execute_script("arguments[0].scrollIntoView()", row)
    row.click()
    assert drill.find_element(By.TAG_NAME, "h3").text == "model-c / isbn (1 samples)"

    driver.execute_script("window.scrollTo(0, 0)")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = ARTIFACTS / "html-report.png"
    assert driver.save_screenshot(str(shot))
    assert shot.stat().st_size > 10_000
