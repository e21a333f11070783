"""Split probabilities (spec §10): Betel's table, the article's bridge table, the inference."""

from __future__ import annotations

from fractions import Fraction

import pytest

from betel_tutor.errors import BetelError, NotationError
from betel_tutor.odds import after_discard, split_percent, split_table

# The article's table ("Prawdopodobieństwo", seeds/002): it is the bridge table.
ARTICLE = {
    0: {"0-8": 0.16, "1-7": 2.86, "2-6": 17.14, "3-5": 47.12, "4-4": 32.72},
    1: {"0-7": 0.52, "1-6": 6.78, "2-5": 30.52, "3-4": 62.18},
    2: {"0-6": 1.50, "1-5": 14.54, "2-4": 48.44, "3-3": 35.53},
    3: {"0-5": 3.92, "1-4": 28.26, "2-3": 67.82},
    4: {"0-4": 9.56, "1-3": 49.74, "2-2": 40.70},
    5: {"0-3": 22.0, "1-2": 78.0},
    6: {"0-2": 48.0, "1-1": 52.0},
}


def test_spec_example() -> None:
    assert [round(s.percent, 2) for s in split_table(4)] == [8.67, 49.54, 41.80]
    assert split_percent(4, 0, "2-2") == pytest.approx(41.80, abs=0.005)
    assert split_percent(4, 0, "3-1") == pytest.approx(49.54, abs=0.005)


@pytest.mark.parametrize("hold", range(7))
def test_the_article_printed_the_bridge_table(hold: int) -> None:
    # Missing cards are the same (8 − hold) in the article's rows; bridge deals 26 unknown 13–13.
    bridge = split_table(13 - (8 - hold), suit_size=13, unknown=26)
    printed = ARTICLE[hold]
    for split in bridge:
        # Two decimals with rounding slips of one unit (62.18 for 62.17); whole percents at the end.
        tolerance = 0.5 if hold >= 5 else 0.015
        assert split.percent == pytest.approx(printed[split.name], abs=tolerance)
    betel = {s.name: s.percent for s in split_table(hold)}
    assert any(abs(betel[name] - value) > 0.1 for name, value in printed.items())


@pytest.mark.parametrize(
    ("hold", "dubel"), [(h, d) for h in range(9) for d in range(3) if h + d <= 8]
)
def test_exact_and_complete(hold: int, dubel: int) -> None:
    assert sum(s.probability for s in split_table(hold, dubel)) == Fraction(1)


def test_bad_holdings() -> None:
    for hold, dubel in ((9, 0), (7, 2), (-1, 0)):
        with pytest.raises(BetelError) as caught:
            split_table(hold, dubel)
        assert caught.value.reason == "no_such_holding"
    with pytest.raises(BetelError) as caught:
        split_percent(4, 0, "1-4")
    assert caught.value.reason == "no_such_split"
    with pytest.raises(NotationError):
        split_percent(4, 0, "half")


def test_a_discard_makes_the_void_likely() -> None:
    """The article's example: holding 4, an opponent discards one of the suit and you take it.
    The plain table for 5 says 1–2 is 79 %; after the discard 0–3 is the likely split."""
    plain = {s.name: s.percent for s in split_table(5)}
    assert plain["1-2"] > 75
    posterior = {s.name: s.percent for s in after_discard(4)}
    assert sum(s.probability for s in after_discard(4)) == 1
    assert posterior["0-3"] > 70 > plain["0-3"]
    indifferent = {s.name: s.percent for s in after_discard(4, keep_guarded=Fraction(1))}
    assert indifferent["0-3"] < posterior["0-3"]


def test_no_discard_when_you_hold_the_whole_suit() -> None:
    with pytest.raises(BetelError) as refused:
        after_discard(8)
    assert refused.value.key == "odds.no_discard"
    assert "8" in refused.value.message("pl")
