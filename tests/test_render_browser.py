"""Deal sheets in a real browser: Playwright driving Debian's Chromium (printed from it:
test_render_browser_print.py)."""

from __future__ import annotations

import http.server
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest
from playwright.sync_api import ConsoleMessage, Page, Request

from betel_tutor.dealing import deal
from betel_tutor.seats import Seat
from tests.browser import ARTIFACTS, ROOT, render
from tests.in_process import run_cli
from tests.learner import quiz_line, quizzes_of

HOSTILE = """\
# yaml-language-server: $schema=../scenario.schema.json
kind: board
id: hostile
title: {en: "<script>window.pwned = 1</script>Hostile", pl: "Wrogi"}
deals:
  - id: board
    seed: 9
    notes:
      - id: "1"
        version: 1
        category: before
        en: "<script>window.pwned = 2</script> <img src=x onerror=\\"window.pwned = 3\\"> ♠{A}"
        pl: "<script>window.pwned = 2</script> ♠{A}"
"""


# The tests share this module's browser: they run on one worker (scripts/test.sh).
pytestmark = pytest.mark.xdist_group(__name__)


def test_blue_suit_board_sheet(page: Page, tmp_path: Path) -> None:
    out = render(tmp_path, str(ROOT / "scenarios" / "boards" / "blue-suit.yaml"), "--lang", "pl")
    page.goto((out / "blue-suit.html").as_uri())
    assert page.locator(".hand").count() == 4
    assert page.locator(".hand.north h3").inner_text() == "Północ"
    assert "Przykładowo jeśli atutami są piki" in page.locator(".note").inner_text()
    assert page.locator(".note .card-clubs").first.get_attribute("data-card") == "♣2"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "blue-suit-sheet.png"), full_page=True)
    pdf = page.pdf(format="A4")
    assert pdf.startswith(b"%PDF")
    boxes = re.findall(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", pdf)
    assert boxes, "no page in the PDF"
    for width, height in boxes:  # A4 is 595.28 × 841.89 points
        assert abs(float(width) - 595.28) < 2 and abs(float(height) - 841.89) < 2


def test_a_hostile_note_runs_no_script(page: Page, tmp_path: Path) -> None:
    from betel_tutor.render.html import render_handout
    from betel_tutor.scenario.loader import load_text

    folder = tmp_path / "boards"
    folder.mkdir()
    (folder / "hostile.yaml").write_text(HOSTILE, encoding="utf-8")
    # The checker refuses raw HTML in a note, so the command prints no sheet of it ...
    refused = run_cli("render", str(folder), "--no-solver", "-o", str(tmp_path / "out"))
    assert refused.returncode == 1 and "raw HTML <script>" in refused.stderr
    # ... and the sheet made of it anyway escapes it.
    scenario, _ = load_text(HOSTILE, "hostile.yaml")
    assert scenario is not None
    out = tmp_path / "sheet"
    out.mkdir()
    (out / "handout.html").write_text(render_handout([scenario]), encoding="utf-8")
    page.goto((out / "handout.html").as_uri())
    assert page.evaluate("window.pwned") is None
    assert "<script>window.pwned = 2</script>" in page.locator(".note").inner_text()
    assert "<script>window.pwned = 1</script>Hostile" in page.locator("h1").inner_text()


def test_student_sheet_hides_a_closed_deals_hands(page: Page, tmp_path: Path) -> None:
    level = ROOT / "scenarios" / "levels" / "level-03.yaml"
    out = render(tmp_path, str(level), "--sheet", "student")
    page.goto((out / "level-03.html").as_uri())
    # Level 3 plays its first three deals open (every hand shown), the next three closed.
    first, closed = page.locator(".deal").nth(0), page.locator(".deal").nth(3)
    for seat in ("south", "west", "north"):
        assert first.locator(f".hand.{seat} .spades").count() == 1
    assert closed.locator(".hand.south .spades").count() == 1
    assert closed.locator(".hand.west .spades").count() == 0
    assert closed.locator(".hand.north .spades").count() == 0


def test_auction_with_exchange_and_play_with_winners(page: Page, tmp_path: Path) -> None:
    from betel_tutor.bots import choose_card
    from betel_tutor.cards import format_cards
    from betel_tutor.play import DealPlay
    from betel_tutor.scenario.model import DealSpec
    from betel_tutor.scenario.script import replay

    first = deal(21).dubel[0]
    calls = f"[{first}>{first}]2♠ pass pass"
    spec = DealSpec(id="d", seed=21, auction=tuple(calls.split()))
    game = DealPlay(replay(spec).state)
    for _ in range(6):  # two tricks, played by the computer players
        game.play(choose_card(game.state).card)
    text = (
        "kind: practice\nid: sheet\ntitle: {en: Sheet, pl: Arkusz}\ndeals:\n"
        f'  - {{id: d, seed: 21, auction: "{calls}", play: "{format_cards(game.played)}"}}\n'
    )
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "sheet.yaml").write_text(text, encoding="utf-8")
    out = render(tmp_path, str(folder))
    page.goto((out / "handout.html").as_uri())
    cells = page.locator("table.auction td").all_inner_texts()
    assert cells == [f"takes {first}, lays {first}: Two spades", "pass", "pass"]
    assert page.locator("table.auction th").all_inner_texts() == ["South", "West", "North"]
    assert page.locator("table.tricks tr").count() == 2
    winners = page.locator("table.tricks td.wins").all_inner_texts()
    expected = [
        f"{Seat(t.winner).localized('en')} {t.cards[(t.winner - t.leader) % 3]}"
        for t in game.state.tricks
    ]
    assert winners == expected


TRADED = """\
kind: practice
id: traded
title: {en: Trade, pl: Handel}
deals:
  - id: d
    dealer: S
    hands:
      S: ♠A7 ♥A10 9 ♦KQJ ♣AK
      W: ♠QJ10 9 8 ♥KQ ♦A ♣9 8
      N: ♥J87 ♦10 9 8 ♣QJ10 7
    dubel: ♠K ♦7
    first_exchange: [5, 10, 0]
    auction: "[♠K>♣8]3♠ pass pass"
    trades:
      - {after: 2, offer: "W>S call pass +15", answer: accept}
      - {after: 3, offer: "W>S swap ♣9 ♠A +20", answer: accept}
      - {after: 9, offer: "S>W see ♠ +10", answer: decline}
    prediction: {seat: E, made: true}
    play: >-
      ♠A ♣7 ♠7 ♦A ♦8 ♦J ♠K ♥7 ♣9 ♥K ♥8 ♥A ♣A ♠8 ♣10 ♠Q ♦9 ♥9 ♥Q ♥J ♥10 ♠J ♦10 ♦Q
      ♠10 ♣J ♣K ♠9 ♣Q ♦K
"""


def test_trades_bids_prediction_and_points(page: Page, tmp_path: Path) -> None:
    """A scripted deal with trade: the bids for the first exchange, the auction from the
    buyer, every offer in order with its answer, the prediction, and contract + trade."""
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "traded.yaml").write_text(TRADED, encoding="utf-8")
    out = render(tmp_path, str(folder / "traded.yaml"), "--lang", "both")
    page.goto((out / "traded.html").as_uri())
    english, polish = page.locator(".deal[lang=en]"), page.locator(".deal[lang=pl]")
    assert english.locator("table.first-exchange td").all_inner_texts() == ["5", "10", "0"]
    assert english.locator(".bought").inner_text() == (
        "West buys the first exchange for 10 and calls first (rules 9–10)"
    )
    calls = english.locator("table.auction td").all_inner_texts()
    assert calls == ["", "takes ♠K, lays ♣8: Three spades", "pass", "pass"]  # West first
    offers = english.locator("ol.offers li")
    assert offers.all_inner_texts() == [
        "after call 2 (pass): West and South: South's next call is pass, paying 15 — accepted",
        "after call 3 (pass): West offers South ♣9 for ♠A, paying 20 — accepted",
        "after card 6 (♦J): South asks to see West's ♠ cards, paying 10 — declined",
    ]
    classes = offers.evaluate_all("els => els.map(e => e.className)")
    assert classes == ["offer accepted", "offer accepted", "offer declined"]
    assert english.locator(".prediction").inner_text() == (
        "East rests and predicts that the contract will be made — right: +10"
    )
    rows = english.locator("table.points tr")
    assert rows.nth(0).locator("th").all_inner_texts() == [
        "Player",
        "Contract",
        "Trade",
        "Deal total",
    ]
    points = [rows.nth(n).locator("td").all_inner_texts() for n in range(1, rows.count())]
    assert points == [
        ["South", "+15", "+35", "+50"],
        ["West", "+65", "-45", "+20"],
        ["North", "0", "0", "0"],
        ["East (resting)", "—", "—", "+10"],
    ]
    assert english.locator(".bank").inner_text() == "The bank received 10 in trade (rule 19)"
    assert polish.locator("ol.offers li").first.inner_text() == (
        "po odzywce 2 (pas): Zachód i Południe: Południe przy najbliższej odzywce mówi pas, "
        "płacąc 15 — przyjęta"
    )
    assert "trafnie: +10" in polish.locator(".prediction").inner_text()


def test_both_languages_side_by_side(page: Page, tmp_path: Path) -> None:
    out = render(tmp_path, str(ROOT / "scenarios" / "boards" / "blue-suit.yaml"), "--lang", "both")
    page.goto((out / "blue-suit.html").as_uri())
    row = page.locator(".deal-row").first
    assert row.locator(".deal").count() == 2
    english, polish = row.locator(".deal[lang=en]"), row.locator(".deal[lang=pl]")
    assert "For example assuming ♠s are trumps" in english.locator(".note").inner_text()
    assert "Przykładowo jeśli atutami są piki" in polish.locator(".note").inner_text()
    left = english.bounding_box()
    right = polish.bounding_box()
    assert left is not None and right is not None and left["x"] < right["x"]
    assert abs(left["y"] - right["y"]) < 1  # side by side, not one under the other


def test_student_and_answer_sheets_for_quizzes(page: Page, tmp_path: Path) -> None:
    level = str(ROOT / "scenarios" / "levels" / "level-08.yaml")
    answers = render(tmp_path / "a", level)
    student = render(tmp_path / "s", level, "--sheet", "student", "--lang", "pl")
    quizzes = quizzes_of(8)
    page.goto((answers / "level-08.html").as_uri())
    assert page.locator(".quiz").count() == len(quizzes)
    assert page.locator(".quiz .answer").all_inner_texts() == [quiz_line(q) for q in quizzes]
    assert "100, 60, 0" in page.locator(".quiz .answer").all_inner_texts()
    page.goto((student / "level-08.html").as_uri())
    assert page.locator(".quiz .answer").count() == 0
    assert page.locator(".quiz .blank").count() == len(quizzes)
    first = page.locator(".quiz").first.inner_text()
    assert "Czy Południe może zacząć licytację od kontry?" in first


def test_step_through_replay(page: Page, tmp_path: Path) -> None:
    out = render(tmp_path, str(ROOT / "tests" / "data" / "sheets"))
    page.goto((out / "handout.html").as_uri())
    played = page.locator(".replay").get_attribute("data-played")
    assert played is not None
    cards = played.split()
    assert page.locator(".held.away").count() == 0
    page.locator(".replay .next").click()
    page.locator(".replay .next").click()
    hidden = page.locator(".held.away")
    assert sorted(hidden.evaluate_all("els => els.map(e => e.dataset.card)")) == sorted(cards[:2])
    page.keyboard.press("ArrowLeft")
    assert page.locator(".held.away").count() == 1
    assert page.locator(".replay .position").inner_text() == "1"
    page.emulate_media(media="print")
    assert not page.locator(".replay").is_visible()


SWAPPED = """\
kind: practice
id: swapped
title: {en: A swap in the play, pl: Zamiana w rozgrywce}
deals:
  - id: d
    dealer: S
    hands:
      S: ♠A7 ♥A10 9 ♦KQJ ♣AK
      W: ♠QJ10 9 8 ♥KQ ♦A ♣9 8
      N: ♥J87 ♦10 9 8 ♣QJ10 7
    dubel: ♠K ♦7
    first_exchange: [5, 10, 0]
    auction: "[♠K>♣8]3♠ pass pass"
    trades:
      - {after: 6, offer: "W>S swap ♣9 ♥A +20", answer: accept}
    play: ♠K ♣7 ♠A ♦K ♦A ♦8 ♥A ♥7 ♥9
"""
SHOWN = "els => els.filter(e => getComputedStyle(e).display !== 'none').map(e => e.dataset.card)"


def test_step_through_follows_swaps_and_the_dubel_exchange(page: Page, tmp_path: Path) -> None:
    """West takes ♠K from the dubel and lays ♣8; after the third card South gives ♥A for
    West's ♣9, and West plays it as the seventh. At every step each hand shows exactly what
    its player holds; printed, the hands are as dealt."""
    from betel_tutor.scenario import load_text
    from betel_tutor.scenario.deals import realize
    from betel_tutor.scenario.script import replay

    source = tmp_path / "swapped.yaml"
    source.write_text(SWAPPED, encoding="utf-8")
    checked = run_cli("check", str(source))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    loaded, problems = load_text(SWAPPED, "swapped.yaml")
    assert loaded is not None and problems == []
    spec = loaded.deals[0]
    holdings = [state.hands for state in replay(spec).states]
    out = render(tmp_path, str(source))
    page.goto((out / "swapped.html").as_uri())
    hands = {
        seat: page.locator(f".hand.{name} .held")
        for seat, name in enumerate(("south", "west", "north"))
    }

    def shown() -> list[set[str]]:
        return [set(hands[seat].evaluate_all(SHOWN)) for seat in range(3)]

    def step(position: int) -> list[set[str]]:  # the arrow keys work when printed too
        while int(page.locator(".replay .position").inner_text()) < position:
            page.keyboard.press("ArrowRight")
        while int(page.locator(".replay .position").inner_text()) > position:
            page.keyboard.press("ArrowLeft")
        return shown()

    south, west, north = step(0)  # after the auction: ♠K taken, ♣8 laid, no swap yet
    assert "♠K" in west and "♣8" not in west
    assert "♥A" in south and "♣9" in west
    south, west, _ = step(2)
    assert "♥A" in south and "♥A" not in west
    south, west, _ = step(3)  # the swap is made after the third card
    assert "♥A" in west and "♥A" not in south
    assert "♣9" in south and "♣9" not in west
    south, west, _ = step(6)
    assert "♥A" in west
    south, west, north = step(7)  # West has played it
    assert "♥A" not in west and "♥A" not in south and "♥A" not in north
    for position, held in enumerate(holdings):
        assert step(position) == [{str(c) for c in hand} for hand in held], position
    assert page.locator(".hand.west .held.arrived[data-card='♥A']").count() == 1
    assert page.locator(".hand.south .held.arrived[data-card='♣9']").count() == 1
    page.emulate_media(media="print")  # printed: the deal as dealt, whatever the position
    dealt = [{str(c) for c in hand} for hand in realize(spec).hands]
    assert shown() == dealt
    step(3)
    assert shown() == dealt
    assert "—" in page.locator(".hand.north .spades").inner_text()


def test_a_folder_makes_one_handout_with_an_index(page: Page, tmp_path: Path) -> None:
    out = render(tmp_path, str(ROOT / "scenarios" / "levels"), "--per-page", "4")
    assert [p.name for p in out.iterdir()] == ["handout.html"]
    page.goto((out / "handout.html").as_uri())
    links = page.locator("nav.index a")
    assert links.count() == 10
    assert links.first.get_attribute("href") == "#level-01"
    assert page.locator("h2.part").count() == 10
    pdf = page.pdf(format="A4")
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    deals = page.locator(".deal").count()
    # Six deals in levels 1-8 (three open, three closed) and nine more in level 3 (its further
    # rounds of Betelek 2, 1 and 0), five in level 9 (one open, three closed, its example),
    # three in level 10.
    assert deals == 65
    assert pages < deals  # four deals share a page
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "handout-four-a-page.png"))


def test_solver_table_and_cost_marks(page: Page, tmp_path: Path) -> None:
    """The answer sheet prints the trick table and marks the card that cost tricks; the
    student sheet shows neither."""
    source = str(ROOT / "tests" / "data" / "sheets" / "replay.yaml")
    out = render(tmp_path / "a", source, solver=True)
    page.goto((out / "replay.html").as_uri())
    rows = page.locator("table.solver tr")
    assert rows.count() == 4
    south = rows.nth(1).locator("td").all_inner_texts()
    # South holds the top spades and diamonds: nine tricks in ♠, ♦ and NT, all cards seen.
    assert south[:5] == ["5", "9", "5", "9", "9"] and south[-1] == "Szlemik no trump"
    costly = page.locator("td.costly")
    assert costly.count() == 1
    assert costly.inner_text().startswith("South ♥Q") and "✗2" in costly.inner_text()
    assert "2 trick" in (costly.get_attribute("title") or "")
    student = render(tmp_path / "s", source, "--sheet", "student", solver=True)
    page.goto((student / "replay.html").as_uri())
    assert page.locator("table.solver").count() == 0 and page.locator("td.costly").count() == 0


@pytest.mark.parametrize(
    ("lang", "cell"),
    [("en", "looked at {card}, pass (-5)"), ("pl", "oglądane karty dubla: {card}, pas (-5)")],
)
def test_a_look_at_the_dubel_then_a_pass_shows_its_penalty(lang: str, cell: str) -> None:
    """Spec §3, §12.3: the sheet's auction shows the card looked at and the −5 it costs."""
    from betel_tutor.render.played import play_deal
    from betel_tutor.render.viewmodel import deal_view
    from betel_tutor.scenario import load_text

    looked = deal(21).dubel[0]
    text = (
        "kind: practice\nid: sheet\ntitle: {en: Sheet, pl: Arkusz}\ndeals:\n"
        f'  - {{id: d, seed: 21, auction: "[?{looked}]pass 1♠ pass pass"}}\n'
    )
    scenario, problems = load_text(text, "sheet.yaml")
    assert problems == [] and scenario is not None
    view = deal_view(scenario, play_deal(scenario.deals[0]), lang=lang, sheet="answers")
    assert view.auction_rows[0][0] == cell.format(card=looked)


REMOTE = """\
kind: board
id: remote
title: {en: Remote, pl: Zdalny}
deals:
  - id: board
    seed: 9
    notes:
      - id: "1"
        version: 1
        category: before
        en: "![lead](http://127.0.0.1:9/lead.png) [rules](https://127.0.0.1:9/rules) ♠{A}"
        pl: "![wist](//127.0.0.1:9/wist.png) ♠{A}"
"""


class _Counting(http.server.BaseHTTPRequestHandler):
    """A web server that answers 404 and remembers each path asked for."""

    asked: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        self.asked.append(self.path)
        self.send_error(404)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def server() -> Iterator[tuple[str, list[str]]]:
    """A local web server: its address, and the paths it was asked for."""
    _Counting.asked = []
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Counting)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}", _Counting.asked
    httpd.shutdown()
    httpd.server_close()


def _loads(base: str) -> str:
    """What a hostile or careless page might try to load; each refused by the page's policy."""
    return (
        f'<img src="{base}/x.png"><link rel="stylesheet" href="{base}/s.css">'
        f'<script src="{base}/s.js"></script><iframe src="{base}/f"></iframe>'
        f'<style>body {{ background: url("{base}/b.png"); }}</style>'
    )


def _requests(page: Page, page_file: Path) -> list[str]:
    """The URLs a page asks for while it is opened in ``page`` and stepped through."""
    urls: list[str] = []

    def asked(request: Request) -> None:
        urls.append(request.url)

    page.on("request", asked)
    try:
        page.goto(page_file.as_uri())
        page.wait_for_load_state("networkidle")
        if page.locator(".replay .next").count():
            page.locator(".replay .next").first.click()
    finally:
        page.remove_listener("request", asked)
    return urls


def test_sheets_make_no_network_request(
    page: Page, tmp_path: Path, server: tuple[str, list[str]]
) -> None:
    from betel_tutor.render.html import render_handout
    from betel_tutor.scenario.loader import load_text

    base, asked = server
    out = render(tmp_path, str(ROOT / "tests" / "data" / "sheets" / "replay.yaml"))
    # A note with a remote image and link, rendered with the checker bypassed: shown as text.
    scenario, problems = load_text(REMOTE.replace("http://127.0.0.1:9", base), "remote.yaml")
    assert scenario is not None, problems
    remote = tmp_path / "remote.html"
    remote.write_text(render_handout([scenario], lang="both"), encoding="utf-8")
    assert "127.0.0.1" not in remote.read_text(encoding="utf-8")
    for page_file in (out / "replay.html", remote):
        assert _requests(page, page_file) == [page_file.as_uri()]  # itself, nothing else
    assert asked == []
    # The policy alone: loads put into a rendered page never reach the server (Chromium
    # announces each request, then refuses it before it leaves the browser).
    text = (out / "replay.html").read_text(encoding="utf-8")
    hostile = tmp_path / "hostile.html"
    hostile.write_text(text.replace("<title>", _loads(base) + "<title>", 1), encoding="utf-8")
    assert len(_requests(page, hostile)) > 1
    assert asked == []
    # Without the policy the same page does load from the server: the counts above are real.
    policy = re.search(r'<meta http-equiv="Content-Security-Policy"[^>]*>', text)
    assert policy is not None
    bare = tmp_path / "bare.html"
    bare.write_text(hostile.read_text(encoding="utf-8").replace(policy.group(0), ""), "utf-8")
    _requests(page, bare)
    assert asked


def test_the_step_through_runs_under_the_policy(page: Page, tmp_path: Path) -> None:
    out = render(tmp_path, str(ROOT / "tests" / "data" / "sheets" / "replay.yaml"))
    refused: list[str] = []

    def told(message: ConsoleMessage) -> None:
        refused.append(message.text)

    page.on("console", told)
    try:
        page.goto((out / "replay.html").as_uri())
        page.locator(".replay .next").click()
        assert page.locator(".replay .position").inner_text() == "1"
    finally:
        page.remove_listener("console", told)
    assert not [text for text in refused if "Content Security Policy" in text], refused


def test_step_through_keys_dubel_empty_suits_and_the_current_card(
    page: Page, tmp_path: Path
) -> None:
    """The arrow keys move the deal in view, not the first; the dubel shows what the exchange
    left in it; a suit the play has emptied shows "—"; the card just played is marked."""
    from betel_tutor.scenario import load_text
    from betel_tutor.scenario.script import replay

    second = SWAPPED.split("deals:\n", 1)[1].replace("- id: d\n", "- id: e\n")
    text = SWAPPED + second
    source = tmp_path / "two.yaml"
    source.write_text(text, encoding="utf-8")
    loaded, problems = load_text(text, "two.yaml")
    assert loaded is not None and problems == []
    replayed = replay(loaded.deals[0])
    out = render(tmp_path, str(source))
    page.set_viewport_size({"width": 1000, "height": 700})
    page.goto((out / "two.html").as_uri())
    deals = page.locator(".deal")
    assert deals.count() == 2
    first, last = deals.nth(0), deals.nth(1)
    dubel = first.locator(".dubel .held")
    assert set(dubel.evaluate_all(SHOWN)) == {"♦7", "♣8"}  # ♠K taken, ♣8 laid
    last.scroll_into_view_if_needed()
    last.locator("h2").evaluate("e => e.scrollIntoView({block: 'start'})")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    assert last.locator(".replay .position").inner_text() == "3"
    assert first.locator(".replay .position").inner_text() == "0"
    current = last.locator(".tricks td.current")
    assert current.count() == 1
    assert replayed.played[2][1].format(lang="en") in current.inner_text()
    for _ in range(len(replayed.played) - 3):
        page.keyboard.press("ArrowRight")
    end = replayed.state.hands
    for seat, name in enumerate(("south", "west", "north")):
        for suit, css in (("♠", "spades"), ("♥", "hearts"), ("♦", "diamonds"), ("♣", "clubs")):
            line = last.locator(f".hand.{name} .suit-line.{css}")
            holds = any(str(card).startswith(suit) for card in end[seat])
            if line.locator(".void-now").count() == 0:  # void as dealt: its "—" is always there
                continue
            dash = line.locator(".void-now").evaluate("e => getComputedStyle(e).display")
            had = line.locator(".held").count() > 0
            assert (dash != "none") == (had and not holds), (name, suit)
    page.emulate_media(media="print")
    printed = first.locator(".dubel .held")
    assert set(printed.evaluate_all(SHOWN)) == {"♠K", "♦7"}  # printed: the dubel as dealt
    assert last.locator(".void-now").evaluate_all(SHOWN) == []
