"""The offer notation read back: whatever ``format_offer`` writes, in English or Polish,
``parse_offer`` reads as the same offer; Polish seats are written so that none reads as a
card's rank or another seat (Pd, Zach, Pn, not S, W, N)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from betel_tutor.auction import Call, legal_calls, start
from betel_tutor.cards import BETEL_DECK, Card, Suit
from betel_tutor.errors import NotationError
from betel_tutor.resources import data_dir
from betel_tutor.scenario import load
from betel_tutor.scenario.model import PlayStep
from betel_tutor.seats import NORTH, SOUTH, WEST, Seat, seats
from betel_tutor.trade import Offer, format_offer, parse_offer
from betel_tutor.trade.model import OfferKind
from betel_tutor.tutor.events import Event, Offered, Refused, lines
from betel_tutor.tutor.progress import LevelProgress, Progress
from betel_tutor.tutor.session import Session, prompt_of

CARDS = st.sampled_from(BETEL_DECK)
SUITS = st.sampled_from(list(Suit))
PRICES = st.integers(-50, 50).filter(bool)
CALLS = st.sampled_from(legal_calls(start()))
KINDS: tuple[OfferKind, ...] = ("swap", "call", "play", "show", "see")


@st.composite
def exchange_calls(draw: st.DrawFn) -> Call:
    """A call with a dubel exchange in front (``[♠D>♥7]2♠`` in Polish)."""
    plain = draw(CALLS.filter(lambda call: call.kind == "declare"))
    take = draw(st.lists(CARDS, min_size=1, max_size=2, unique=True))
    lay = draw(st.lists(CARDS, min_size=len(take), max_size=len(take), unique=True))
    return Call("declare", plain.contract, tuple(take), tuple(lay))


@st.composite
def offers(draw: st.DrawFn) -> Offer:
    """Any offer the notation can write: each kind, named cards or a suit or any card on
    each side of a swap, a price either way, none, or one the acceptor names."""
    offerer, to = draw(st.permutations(seats(3)))[:2]
    kind = draw(st.sampled_from(KINDS))
    price = draw(st.one_of(st.just(0), PRICES))
    if kind == "call":
        return Offer(kind, offerer, to, price, call=draw(st.one_of(CALLS, exchange_calls())))
    if kind == "play":
        return Offer(kind, offerer, to, price, card=draw(CARDS))
    if kind in ("show", "see"):
        return Offer(kind, offerer, to, price, suit=draw(st.none() | SUITS))
    gives = draw(st.lists(CARDS, max_size=3))
    wants = draw(st.lists(CARDS, max_size=3))
    open_price = 0 if price else draw(st.sampled_from([0, 1, -1]))
    return Offer(
        kind,
        offerer,
        to,
        price,
        give=gives[0] if gives else None,
        want=wants[0] if wants else None,
        suit=None if wants else draw(st.none() | SUITS),
        gives_more=tuple(gives[1:]),
        wants_more=tuple(wants[1:]),
        give_suit=None if gives else draw(st.none() | SUITS),
        open_price=open_price,
    )


@settings(max_examples=400, deadline=None)
@given(offers(), st.sampled_from(["en", "pl"]))
def test_what_is_written_reads_back(offer: Offer, lang: str) -> None:
    written = format_offer(offer, lang=lang)
    assert parse_offer(written, lang=lang) == offer
    # The addressee alone, the offerer known from where the offer is typed (``oferta Zach …``)
    parties, rest = written.split(" ", 1)
    to = parties.split(">")[1]
    assert parse_offer(f"{to} {rest}", offerer=offer.offerer, lang=lang) == offer


# A seat written as a lone letter, or a Polish rank letter where a seat stands.
LONE_LETTER_SEAT = re.compile(r"(?<![\w♠♥♦♣])[A-Z](?=>)|>[A-Z](?!\w)")


@settings(max_examples=200, deadline=None)
@given(offers())
def test_polish_offers_name_seats_in_no_single_letter(offer: Offer) -> None:
    written = format_offer(offer, lang="pl")
    assert LONE_LETTER_SEAT.search(written) is None, written
    parties = written.split(" ", 1)[0]
    assert parties == f"{offer.offerer.short('pl')}>{offer.to.short('pl')}"


@pytest.mark.parametrize(
    ("english", "polish"),
    [
        ("N>W call pass +60", "Pn>Zach odzywka pas +60"),
        ("W>S swap ♣9 ♠A +20", "Zach>Pd zamiana ♣9 ♠A +20"),
        ("S>W see ♠ +10", "Pd>Zach zobacz ♠ +10"),
        ("N>S show ♦", "Pn>Pd pokaż ♦"),
        ("W>S swap ♣9,♥Q ♠A,♥A +20", "Zach>Pd zamiana ♣9,♥D ♠A,♥A +20"),
        ("S>N play ♠J +10", "Pd>Pn zagraj ♠W +10"),
    ],
)
def test_polish_offers_as_the_lessons_write_them(english: str, polish: str) -> None:
    offer = parse_offer(english)
    assert format_offer(offer, lang="pl") == polish
    assert parse_offer(polish, lang="pl") == offer


@pytest.mark.parametrize(
    ("parties", "offerer", "to"),
    [
        ("Pn>Zach", NORTH, WEST),
        ("Pd>Z", SOUTH, WEST),  # Z: Zachód, the one seat whose name starts so
        ("Z>Pn", WEST, NORTH),
        ("północ>zachód", NORTH, WEST),
        ("polnoc>zachod", NORTH, WEST),
        ("N>W", NORTH, WEST),  # the compass letters, as files write them
        ("pd>zach", SOUTH, WEST),
    ],
)
def test_polish_seats_are_read_in_every_form(parties: str, offerer: Seat, to: Seat) -> None:
    offer = parse_offer(f"{parties} odzywka pas +15", lang="pl")
    assert (offer.offerer, offer.to) == (offerer, to)


@pytest.mark.parametrize("parties", ["P>Zach", "Pd>P", "Wsch>Pd", "Pd>X"])
def test_a_seat_that_names_no_player_is_refused_by_its_token(parties: str) -> None:
    """P is both Północ and Południe; Wschód does not play at a table of three."""
    with pytest.raises(NotationError) as refused:
        parse_offer(f"{parties} odzywka pas +15", lang="pl")
    assert refused.value.token == parties
    assert parties in refused.value.message("pl")


def test_the_polish_usage_messages_write_seats_as_they_are_read() -> None:
    """The examples the tutor gives for an offer, in Polish, are offers it reads."""
    from betel_tutor import i18n

    usage = i18n.translate("tutor.offer_usage", "pl")
    examples = re.findall(r"oferta (\S+ [^,]+?)(?:,|$)", usage)
    assert len(examples) == 3, usage
    for example in examples:
        to = example.split()[0]
        assert len(to) > 1 and Seat.parse(to) in seats(3)
        parse_offer(example, offerer=SOUTH, lang="pl")
    bad = i18n.translate("trade.bad_offer", "pl", token="x")
    for example in re.findall(r"„([^„”]+)”", bad)[1:]:
        assert len(example.split()[0]) > 1, bad
        parse_offer(example, offerer=SOUTH, lang="pl")


def test_a_card_in_an_offer_is_not_a_seat() -> None:
    """In Polish ♠W is the jack of spades: the seat beside it is written Zach."""
    offer = parse_offer("Zach zagraj ♠W 10", offerer=SOUTH, lang="pl")
    assert offer.to == WEST and offer.card == Card.parse("♠J")
    assert format_offer(offer, lang="pl") == "Pd>Zach zagraj ♠W +10"


@pytest.mark.parametrize(
    ("typed", "written"),
    [
        ("S>W swap ? ?", "S>W swap ? ?"),  # any card for any card, free: no price
        ("S>W swap ♥7 ♠ ?", "S>W swap ♥7 ♠ +?"),  # the price after the two sides
        ("S>W sell ♠A ?", "S>W swap ♠A ? -?"),  # a sale is paid by the buyer
        ("S>W buy ♠ ?", "S>W swap ? ♠ +?"),
        ("S>W call pass ?", "S>W call pass +?"),
    ],
)
def test_a_bare_question_mark_is_the_price_only_after_the_sides(typed: str, written: str) -> None:
    assert format_offer(parse_offer(typed)) == written


# -- at the tutor's table (level 9, in Polish) ---------------------------------------------------
def polish_trading_session() -> tuple[Session, list[Event]]:
    """A Polish session at level 9's first closed deal, at the learner's first call, trade on;
    and every event shown until then."""
    lesson, _ = load(str(data_dir("scenarios") / "levels" / "level-09.yaml"))
    assert lesson is not None
    first = next(i for i, s in enumerate(lesson.steps) if isinstance(s, PlayStep) and not s.open)
    session = Session(Progress().with_level(9, LevelProgress(next_step=first)), lang="pl")
    events = session.start(9)
    seen = list(events)
    for _ in range(200):
        prompt = prompt_of(events)
        assert prompt is not None
        if prompt.expects == "call":
            return session, seen
        typed = {"bid": "0", "offer": "nie"}.get(prompt.expects, "")
        events = session.handle(typed)
        seen += events
    raise AssertionError("no call prompt at level 9")


def test_the_tutor_writes_and_reads_polish_seats_in_offers() -> None:
    session, seen = polish_trading_session()
    said = "\n".join(lines(seen))
    assert "oferta Zach zamiana ♥7 ♠A 20" in said and "oferta Pn odzywka pas 15" in said
    assert re.search(r"oferta [NSWE] ", said) is None, said
    for typed, to in (("oferta Pn odzywka pas 15", "N"), ("oferta Zach zobacz ♠ 10", "W")):
        events = session.handle(typed)
        # Read: answered by the player, or refused by a rule of trade, never as notation.
        answered = [e for e in events if isinstance(e, Offered)]
        refused = [e for e in events if isinstance(e, Refused)]
        assert answered or refused, lines(events)
        if answered:
            assert str(answered[0].to) == to
        else:
            assert refused[0].rule is not None, refused[0].text
    events = session.handle("oferta Z zobacz ♠ 10")
    assert not any(isinstance(e, Refused) and e.rule is None for e in events), lines(events)


@pytest.mark.parametrize("seat", ["P", "Pd", "X"])
def test_an_offer_to_no_other_player_says_how_to_name_them(seat: str) -> None:
    """P is both Północ and Południe, Pd is the learner: the refusal names the two others as
    they are written."""
    session, _ = polish_trading_session()
    events = session.handle(f"oferta {seat} zobacz ♠ 10")
    refused = [e for e in events if isinstance(e, Refused)]
    assert refused and refused[0].reason == "offer_bad_seat"
    assert refused[0].text == (
        f"„{seat}” nie jest innym graczem przy stole: napisz Zach (Zachód) albo Pn (Północ)"
    )


# -- what the Polish learner reads -----------------------------------------------------------------
LETTER_OFFER = re.compile(r"(?<![\w♠♥♦♣])[NSWE]>[NSWE](?!\w)|\boferta [NSWE]\b")


def polish_texts(value: Any) -> Iterator[str]:
    """Every Polish text of a scenario file: the values under ``pl``."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "pl" and isinstance(item, str):
                yield item
            else:
                yield from polish_texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from polish_texts(item)


def test_no_polish_text_writes_a_seat_of_an_offer_as_one_letter() -> None:
    from betel_tutor import i18n

    catalog = i18n.catalog("pl")
    texts = {key: " ".join(catalog.messages[key]) for key in catalog}
    for path in sorted(data_dir("scenarios").rglob("*.yaml")):
        document = yaml.safe_load(path.read_text(encoding="utf-8"))
        texts |= {f"{path.name} #{n}": text for n, text in enumerate(polish_texts(document))}
    assert len(texts) > 1000
    found = {where: m.group() for where, text in texts.items() if (m := LETTER_OFFER.search(text))}
    assert found == {}
