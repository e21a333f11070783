"""``simulate --html`` in a real browser (Playwright driving Debian's Chromium): the charts are
drawn, and the page asks for nothing outside the local server it is served from."""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Route

from betel_tutor.app.simulate import SimulateOptions, run_simulation
from tests.browser import ARTIFACTS


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    """The folder ``tmp_path`` on a server of 127.0.0.1; its origin."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path))
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
    browser: Browser, tmp_path: Path, served: str, lang: str
) -> None:
    options = SimulateOptions(
        constraints=("S hcp 8+ or S ♠ 4+",),
        stats=("S makes 2♠", "W takes at least 3 in B1", "not N has ♠A"),
        deals=40,
        seed="browser",
        workers=2,
        html=str(tmp_path / "simulation.html"),
        lang=lang,
    )
    run_simulation(options)
    asked: list[str] = []
    outside: list[str] = []

    def only_local(route: Route) -> None:
        asked.append(route.request.url)
        if route.request.url.startswith(served + "/"):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    page = browser.new_page(viewport={"width": 900, "height": 1200})
    page.route("**/*", only_local)
    page.goto(f"{served}/simulation.html")
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
        f"{served}/simulation.html"
    ]
    assert outside == []
