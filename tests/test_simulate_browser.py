"""``simulate --html`` in a real browser (Playwright driving Debian's Chromium): the charts are
drawn, and the page asks for nothing outside the local server it is served from."""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route

from betel_tutor.app.simulate import SimulateOptions, run_simulation
from betel_tutor.simulation.page import page as simulation_page
from tests.browser import ARTIFACTS

# The tests share this module's simulation and browser: they run on one worker
# (scripts/test.sh).
pytestmark = pytest.mark.xdist_group(__name__)


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of the simulation's page in each language, ``en/`` and ``pl/``: the English
    one written by ``simulate --html``, the Polish one drawn from the same figures (writing
    each language's page from the command: tests/test_simulate.py)."""
    folder = tmp_path_factory.mktemp("simulation")
    for lang in ("en", "pl"):
        (folder / lang).mkdir()
    options = SimulateOptions(
        constraints=("S hcp 8+ or S ♠ 4+",),
        stats=("S makes 2♠", "W takes at least 3 in B1", "not N has ♠A"),
        deals=40,
        seed="browser",
        workers=2,
        html=str(folder / "en" / "simulation.html"),
        lang="en",
    )
    summary = run_simulation(options).summary
    (folder / "pl" / "simulation.html").write_text(simulation_page(summary, "pl"), encoding="utf-8")
    return folder


@pytest.fixture
def served(pages: Path) -> Iterator[str]:
    """The folder of the pages on a server of 127.0.0.1; its origin."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(pages))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_page_draws_its_charts_and_loads_nothing_from_outside(
    page: Page, served: str, lang: str
) -> None:
    asked: list[str] = []
    outside: list[str] = []

    def only_local(route: Route) -> None:
        asked.append(route.request.url)
        if route.request.url.startswith(served + "/"):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    page.set_viewport_size({"width": 900, "height": 1200})
    page.route("**/*", only_local)
    page.goto(f"{served}/{lang}/simulation.html")
    page.wait_for_load_state("networkidle")
    charts = page.locator("svg.chart")
    assert charts.count() == 1 + 3 * 7 + 3  # conditions, spreads, scores a seat
    for index in range(charts.count()):
        box = charts.nth(index).bounding_box()
        assert box is not None and box["width"] > 50 and box["height"] > 20
    stats = page.locator('svg[data-chart="stats"] rect.bar')
    assert stats.count() == 3
    widths = [stats.nth(i).bounding_box()["width"] for i in range(3)]  # type: ignore[index]
    assert max(widths) > 20  # "not N has ♠A" holds on most deals: a long bar
    heading = page.locator("h1").inner_text()
    assert heading == ("Symulacja" if lang == "pl" else "Simulation")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"simulate-{lang}.png"), full_page=True)
    assert page.pdf(format="A4").startswith(b"%PDF")
    assert [url for url in asked if not url.endswith("/favicon.ico")] == [
        f"{served}/{lang}/simulation.html"
    ]
    assert outside == []
