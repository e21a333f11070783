"""The solver against a brute-force minimax written on the rules engine itself."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from betel_tutor.cards import BETEL_DECK, Card, Suit, parse_cards
from betel_tutor.contracts import parse_contract
from betel_tutor.errors import BetelError
from betel_tutor.play import BETEL, play_card, start_play
from betel_tutor.rules import legal_plays, trick_winner
from betel_tutor.seats import Seat, seats
from betel_tutor.solver import card_values, solve, solve_position, trick_table

KINDS = ("normal", "betelek", "betel")


def brute_force(
    hands: list[list[Card]],
    trump: Suit | None,
    declarer: int,
    leader: int,
    kind: str,
) -> int:
    """Plain minimax over every legal card, using only ``rules.legal_plays``/``trick_winner``.

    Hands are kept as sets of bits, one a card (``Card.index``), so that a position is cheap to
    build and to look up; the value of a position at the start of a trick is remembered, as the
    same cards and the same leader are reached by many orders of play."""
    by_index = {card.index: card for card in BETEL_DECK}

    # The same hand meets the same trick, and the same trick is won, in many lines of play:
    # the rules engine is asked once for each.
    @cache
    def legal(held: int, trick: tuple[Card, ...], beat: bool) -> tuple[tuple[Card, int], ...]:
        cards = [card for index, card in by_index.items() if held >> index & 1]
        plays = legal_plays(cards, trick, trump=trump, beat_obligation=beat)
        return tuple((card, 1 << card.index) for card in plays)

    @cache
    def winner(played: tuple[Card, ...]) -> int:
        return trick_winner(played, trump=trump)

    @cache
    def value(state: tuple[int, int, int], leader: int) -> int:
        """The declarer's tricks from a trick's start, ``leader`` to lead it."""
        if not state[leader]:
            return 0
        return play(state, leader, (), state[leader].bit_count())

    def play(state: tuple[int, int, int], leader: int, trick: tuple[Card, ...], left: int) -> int:
        """The declarer's tricks from the middle of a trick (or its start)."""
        seat = (leader + len(trick)) % 3
        beat = kind != "betel" or seat == declarer
        declarer_side = seat == declarer
        maximise = declarer_side == (kind == "normal")
        results = []
        for card, bit in legal(state[seat], trick, beat):
            after = list(state)
            after[seat] &= ~bit
            played = (*trick, card)
            if len(played) == 3:
                taker = (leader + winner(played)) % 3
                results.append((taker == declarer) + value((after[0], after[1], after[2]), taker))
            else:
                results.append(play((after[0], after[1], after[2]), leader, played, left))
            if results[-1] == (left if maximise else 0):
                break  # all the tricks left, or none: no other card can do better
        return max(results) if maximise else min(results)

    start = tuple(sum(1 << card.index for card in hand) for hand in hands)
    return value((start[0], start[1], start[2]), leader)


def random_ending(rng: random.Random, size: int) -> list[list[Card]]:
    deck = list(BETEL_DECK)
    rng.shuffle(deck)
    return [deck[i * size : (i + 1) * size] for i in range(3)]


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    size=st.integers(1, 4),
    trump=st.sampled_from([None, *Suit]),
    declarer=st.integers(0, 2),
    leader=st.integers(0, 2),
    kind=st.sampled_from(KINDS),
)
def test_agrees_with_brute_force_on_small_endings(
    seed: int, size: int, trump: Suit | None, declarer: int, leader: int, kind: str
) -> None:
    hands = random_ending(random.Random(seed), size)
    trump = trump if kind == "normal" else None
    expected = brute_force(hands, trump, declarer, leader, kind)
    got = solve(hands, trump=trump, declarer=declarer, leader=leader, contract_kind=kind)
    assert got == expected


def test_thousands_of_five_card_endings() -> None:
    """Larger endings, fewer of them: 5 cards each in every kind of contract."""
    rng = random.Random(2026)
    for _ in range(150):
        hands = random_ending(rng, 5)
        kind = rng.choice(KINDS)
        trump = rng.choice([None, *Suit]) if kind == "normal" else None
        declarer, leader = rng.randrange(3), rng.randrange(3)
        expected = brute_force(hands, trump, declarer, leader, kind)
        assert solve(hands, trump=trump, declarer=declarer, leader=leader, contract_kind=kind) == (
            expected
        ), (hands, trump, declarer, leader, kind)


def test_card_values_mid_trick_match_brute_force() -> None:
    rng = random.Random(7)
    for _ in range(60):
        hands = random_ending(rng, 3)
        contract = parse_contract(rng.choice(["1♠", "1NT", "2♥", "B2", "Betel"]))
        declarer = rng.randrange(3)
        state = start_play(BETEL, hands, contract, declarer=declarer)
        state = play_card(state, sorted(state.legal_moves(), key=lambda c: c.index)[0])
        values = card_values(state)
        assert set(values) == set(state.legal_moves())
        kind = contract.kind
        for card, tricks in values.items():
            after = play_card(state, card)
            rest = brute_force_from(after, kind)
            assert tricks == after.tricks_taken()[declarer] + rest


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    size=st.integers(1, 5),
    contract=st.sampled_from(["1♠", "1NT", "2♥", "B2", "Betel"]),
    declarer=st.integers(0, 2),
    played=st.integers(0, 2),
)
def test_judge_card_agrees_with_card_values(
    seed: int, size: int, contract: str, declarer: int, played: int
) -> None:
    """The review's question ("did any card do better?") against every card's value, for the
    declarer and the defenders, at the start of a trick and in its middle."""
    from betel_tutor.solver.api import Verdict, judge_card, kind_of

    rng = random.Random(seed)
    state = start_play(BETEL, random_ending(rng, size), parse_contract(contract), declarer=declarer)
    for _ in range(min(played, size * 3 - 1)):
        state = play_card(state, rng.choice(sorted(state.legal_moves(), key=lambda c: c.index)))
    values = card_values(state)
    kind, declarer = kind_of(state)
    wants_tricks = (state.to_play == declarer) == (kind == "normal")
    best = max(values.values()) if wants_tricks else min(values.values())
    for card, tricks in values.items():
        for guess in (None, rng.randint(0, size)):
            verdict = judge_card(state, card, guess=guess)
            assert verdict == Verdict(tricks, best=tricks == best), (card, values, guess)


def test_judge_card_refuses_a_card_that_may_not_be_played() -> None:
    from betel_tutor.errors import IllegalPlay
    from betel_tutor.solver.api import judge_card

    hands = [parse_cards("♠AK ♥7"), parse_cards("♠QJ ♥8"), parse_cards("♥AK ♦7")]
    state = start_play(BETEL, hands, parse_contract("1NT"), declarer=0)
    state = play_card(state, parse_cards("♥7")[0])
    with pytest.raises(IllegalPlay):
        judge_card(state, parse_cards("♠Q")[0])  # ♥8 must follow


def brute_force_from(state, kind: str) -> int:  # type: ignore[no-untyped-def]
    """The declarer's future tricks from a mid-trick ``PlayState``, by brute force."""
    if not state.hands[state.to_play]:
        return 0
    values = []
    for card in state.legal_moves():
        after = play_card(state, card)
        gained = len(after.tricks) > len(state.tricks) and after.tricks[-1].winner == state.declarer
        values.append(gained + brute_force_from(after, kind))
    maximise = (state.to_play == state.declarer) == (kind == "normal")
    return max(values) if maximise else min(values)


def test_full_deal_example() -> None:
    # A hand with every trump and the top of every side suit takes all ten tricks.
    hands = [
        parse_cards("♠AKQJ1098 ♥A ♦A ♣A"),
        parse_cards("♥KQJ109 ♦KQJ109"),
        parse_cards("♣KQJ109 ♠7 ♥87 ♦87"),
    ]
    assert solve(hands, trump="♠") == 10
    assert solve(hands, trump=None, contract_kind="betelek") == 10


def test_trick_table_shape_and_agreement() -> None:
    rng = random.Random(3)
    hands = random_ending(rng, 4)
    table = trick_table(hands)
    assert len(table.rows) == 3 and all(len(row) == 7 for row in table.rows)
    for seat in seats():
        assert table.tricks(seat, "♥") == brute_force(hands, Suit.HEARTS, seat, seat, "normal")
        assert table.tricks(seat, "betel") == brute_force(hands, None, seat, seat, "betel")


@pytest.mark.parametrize(
    ("hands", "kwargs", "key"),
    [
        ([parse_cards("♠A"), parse_cards("♠K")], {}, "solver.three_hands"),
        ([parse_cards("♠A"), parse_cards("♠A"), parse_cards("♠K")], {}, "solver.card_twice"),
        ([parse_cards("♠AK"), parse_cards("♠Q"), parse_cards("♠J")], {}, "solver.unequal_hands"),
        (
            [parse_cards("♠A"), parse_cards("♠Q"), parse_cards("♠J")],
            {"contract_kind": "grand"},
            "solver.bad_kind",
        ),
        (
            [parse_cards("♠A"), parse_cards("♠Q"), parse_cards("♠J")],
            {"contract_kind": "betel", "trump": "♠"},
            "solver.misere_trump",
        ),
        ([parse_cards("♠2"), parse_cards("♠Q"), parse_cards("♠J")], {}, "solver.not_betel_card"),
    ],
)
def test_bad_positions_are_refused(hands, kwargs, key) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(BetelError) as caught:
        solve(hands, **kwargs)
    assert caught.value.key == key
    assert caught.value.message("pl") != caught.value.message("en")


def test_node_counts_reported() -> None:
    hands = random_ending(random.Random(1), 6)
    solution = solve_position(hands, trump="♥")
    assert solution.nodes > 0


def test_makeable_contracts_follow_the_trick_requirements() -> None:
    from betel_tutor.solver.report import TableReport, makeable
    from betel_tutor.solver.table import TrickTable

    table = TrickTable(rows=((6, 7, 5, 9, 8, 2, 1), (10,) * 5 + (10, 10), (0,) * 7), nodes=1)
    names = [str(c) for c in makeable(table, Seat(0))]
    assert "1♣" in names and "2♦" in names and "4♠" in names and "3NT" in names
    assert "2♣" not in names and "4NT" not in names and "B2" in names and "B1" not in names
    assert [str(c) for c in makeable(table, Seat(1))][-1] == "5NT"
    north = makeable(table, Seat(2))
    assert "B0" in [str(c) for c in north] and "Betel" in map(str, north)
    report = TableReport("d1", table)
    assert str(report.best(Seat(0))) == "4♠"
    data = report.to_json("pl")
    assert data["seats"][0]["tricks"]["♠"] == 9 and data["seats"][0]["best"] == "4♠"
    assert any("BA" in line for line in report.lines("pl"))


def test_hint_and_review_name_the_costly_card() -> None:
    from betel_tutor.play import DealPlay
    from betel_tutor.solver.advice import Advisor

    hands = [parse_cards("♠AK ♥7"), parse_cards("♠QJ ♥8"), parse_cards("♥AK ♦7")]
    state = start_play(BETEL, hands, parse_contract("1NT"), declarer=0)
    advisor = Advisor()
    advice = advisor.hint(state)
    assert [a.cost for a in advice] == [0, 0, 2]
    game = DealPlay(state)
    for card in parse_cards("♥7 ♥8 ♥A"):
        game.play(card)
    while not all(not hand for hand in game.state.hands):
        game.play(sorted(game.state.legal_moves(), key=lambda c: c.index)[0])
    mistake = advisor.review(game.history, game.played, seat=Seat(0))
    assert mistake.trick == 1 and str(mistake.card) == "♥7" and mistake.cost == 2
    assert mistake.better is not None and mistake.better.suit.symbol == "♠"


def _permuted(hands: list[list[Card]], mapping: dict[Suit, Suit]) -> list[list[Card]]:
    return [[Card(mapping[card.suit], card.rank) for card in hand] for hand in hands]


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    trump=st.sampled_from([None, *Suit]),
    kind=st.sampled_from(KINDS),
    order=st.permutations(list(Suit)),
)
def test_side_suits_are_interchangeable(
    seed: int, trump: Suit | None, kind: str, order: list[Suit]
) -> None:
    """The table's key lists the side suits sorted: renaming them leaves every value alone."""
    trump = trump if kind == "normal" else None
    side = [suit for suit in Suit if suit != trump]
    mapping = dict(zip(side, [suit for suit in order if suit != trump], strict=True))
    if trump is not None:
        mapping[trump] = trump
    hands = random_ending(random.Random(seed), 4)
    expected = brute_force(hands, trump, 0, 0, kind)
    assert solve(hands, trump=trump, contract_kind=kind) == expected
    assert solve(_permuted(hands, mapping), trump=trump, contract_kind=kind) == expected


def test_every_first_guess_finds_the_value() -> None:
    """The MTD driver steps from any guess to the same value, on fresh and on used tables."""
    from betel_tutor.solver.api import _masks, make_board, mask_value

    rng = random.Random(11)
    for _ in range(40):
        hands = random_ending(rng, 4)
        kind = rng.choice(KINDS)
        trump = rng.choice([None, *Suit]) if kind == "normal" else None
        declarer, leader = rng.randrange(3), rng.randrange(3)
        expected = brute_force(hands, trump, declarer, leader, kind)
        used = make_board(trump=trump, declarer=declarer, contract_kind=kind)
        for guess in range(6):
            fresh = make_board(trump=trump, declarer=declarer, contract_kind=kind)
            assert mask_value(fresh, _masks(hands, ()), leader, (), guess) == expected
            assert mask_value(used, _masks(hands, ()), leader, (), guess) == expected


def test_betel_first_guess_counts_the_defenders_cards_below() -> None:
    """Betel's first guess: a quarter of a trick per defenders' card below each of the
    declarer's cards (at most four), rounded; other contracts start from one trick."""
    from betel_tutor.solver.api import make_board, mask_of
    from betel_tutor.solver.bounds import betel_guess

    defenders = mask_of(parse_cards("♠8 ♠9 ♠10 ♠J ♥7 ♥8"))
    # ♠A: four of the five spades below count; ♠7: none; ♥K: two; ♦7: none. 6/4 rounds to 2.
    assert betel_guess(mask_of(parse_cards("♠A ♠7 ♥K ♦7")), defenders) == 2
    assert betel_guess(mask_of(parse_cards("♠A ♠7 ♦7")), defenders) == 1
    assert betel_guess(mask_of(parse_cards("♠7 ♦7")), defenders) == 0
    hands = [parse_cards("♠A ♥A"), parse_cards("♠7 ♠8"), parse_cards("♥7 ♥8")]
    masks = (mask_of(hands[0]), mask_of(hands[1]), mask_of(hands[2]))
    assert make_board(trump=None, declarer=0, contract_kind="betel").first_guess(masks) == 1
    assert make_board(trump=None, declarer=1, contract_kind="betel").first_guess(masks) == 0
    for kind in ("normal", "betelek"):
        assert make_board(trump=None, declarer=0, contract_kind=kind).first_guess(masks) == 1


def _one_trick(hands: list[list[Card]], place: int, defenders_beat: bool) -> bool:
    """By the rules engine: can the defenders, wanting it, make the declarer in ``place`` win
    a trick led in ♠ (hands as given; a hand with no ♠ holds one off-suit card to discard)?
    A leading declarer must win whatever ♠ he leads; otherwise the leader picks the lead."""

    def play(trick: tuple[Card, ...]) -> bool:
        turn = len(trick)
        if turn == 3:
            return trick_winner(trick) == place
        beat = defenders_beat or turn == place
        results = [
            play((*trick, card)) for card in legal_plays(hands[turn], trick, beat_obligation=beat)
        ]
        return all(results) if turn == place else any(results)

    leads = [card for card in hands[0] if card.suit is Suit.SPADES]
    if not leads:
        return place == 0
    results = [play((card,)) for card in leads]
    return all(results) if place == 0 else any(results)


def test_one_trick_bits_match_the_rules_engine() -> None:
    """``suits._made_to_win`` (the one-trick bound of betelki and Betel) and ``_made_leads``
    (the leads that force it) on every split of up to six cards of one suit, against the
    rules engine."""
    from itertools import product

    from betel_tutor.cards import Rank
    from betel_tutor.solver.suits import _made_leads, _made_to_win

    spades = [Card(Suit.SPADES, rank) for rank in Rank if rank >= 7]
    discards = [Card(Suit.CLUBS, Rank(7 + seat)) for seat in range(3)]
    rng = random.Random(5)
    for size in range(7):
        for owners in product(range(3), repeat=size):
            ranks = sorted(rng.sample(range(8), size))
            masks = [0, 0, 0]
            cards: list[list[Card]] = [[], [], []]
            for rank, owner in zip(ranks, owners, strict=True):
                masks[owner] |= 1 << rank
                cards[owner].append(spades[rank])
            for seat in range(3):
                if not cards[seat]:
                    cards[seat].append(discards[seat])
            for place in range(3):
                for beat in (True, False):
                    expected = _one_trick(cards, place, beat)
                    got = _made_to_win((masks[0], masks[1], masks[2]), place, beat)
                    assert got == expected, (cards, place, beat)
                    # Lead by lead: the cards ``_made_leads`` names, and no others.
                    leads = _made_leads((masks[0], masks[1], masks[2]), place, beat)
                    for rank in range(8):
                        if masks[0] >> rank & 1:
                            alone = [[spades[rank]], cards[1], cards[2]]
                            named = bool(leads >> rank & 1)
                            assert named == _one_trick(alone, place, beat), (cards, rank)


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    size=st.integers(1, 5),
    declarer=st.integers(0, 2),
    leader=st.integers(0, 2),
    kind=st.sampled_from(KINDS),
    lopsided=st.booleans(),
)
def test_every_target_at_the_root_matches_brute_force(
    seed: int, size: int, declarer: int, leader: int, kind: str, lopsided: bool
) -> None:
    """The static cutoffs of the search without trumps (a clean split of every suit between
    the declarer and the defenders; the one-trick bound for a target of one trick or of all
    of them) answer at the root: every null-window question on a fresh board, against brute
    force. ``lopsided`` gives the declarer the lowest or the highest cards of the deal, where
    the clean splits happen."""
    from betel_tutor.solver.api import _masks, make_board

    rng = random.Random(seed)
    hands = random_ending(rng, size)
    if lopsided:
        cards = sorted((c for hand in hands for c in hand), key=lambda c: (c.rank, c.suit.order))
        if rng.random() < 0.5:
            cards.reverse()
        pool = cards[: size + rng.randrange(size + 1)]
        mine = rng.sample(pool, size)
        rest = [card for card in cards if card not in mine]
        rng.shuffle(rest)
        others = [seat for seat in range(3) if seat != declarer]
        hands[declarer] = mine
        hands[others[0]], hands[others[1]] = rest[:size], rest[size:]
    expected = brute_force(hands, None, declarer, leader, kind)
    masks = _masks(hands, ())
    for target in range(size + 2):
        board = make_board(trump=None, declarer=declarer, contract_kind=kind)
        assert board.wins(masks, leader, target) == (expected >= target), (hands, target)


def test_lasting_escape_bits_match_the_rules_engine() -> None:
    """``suits._escape_lasts`` on every split of up to five cards of one suit: whatever one
    card each hand loses (or keeps, if the trick was in another suit), the declarer can lead
    a card of the suit that loses whatever the defenders do (checked with the rules engine)."""
    from itertools import product

    from betel_tutor.cards import Rank
    from betel_tutor.solver.suits import _escape_lasts

    spades = [Card(Suit.SPADES, rank) for rank in Rank if rank >= 7]
    discards = [Card(Suit.CLUBS, Rank(7 + seat)) for seat in range(3)]
    rng = random.Random(8)

    def escapes(cards: list[list[Card]], place: int, beat: bool) -> bool:
        own = [card for card in cards[place] if card.suit is Suit.SPADES]
        order = [place, (place + 1) % 3, (place + 2) % 3]  # the declarer leads
        for card in own:
            trick_hands = [[card]] + [cards[seat] or [discards[seat]] for seat in order[1:]]
            if not _one_trick(trick_hands, 0, beat):
                return True
        return False

    for size in range(6):
        for owners in product(range(3), repeat=size):
            ranks = sorted(rng.sample(range(8), size))
            hands: list[list[Card]] = [[], [], []]
            masks = [0, 0, 0]
            for rank, owner in zip(ranks, owners, strict=True):
                hands[owner].append(spades[rank])
                masks[owner] |= 1 << rank
            for place in range(3):
                for beat in (True, False):
                    if not _escape_lasts((masks[0], masks[1], masks[2]), place, beat):
                        continue
                    choices = [[None, *hand] for hand in hands]
                    for lost in product(*choices):
                        after = [
                            [card for card in hand if card is not gone]
                            for hand, gone in zip(hands, lost, strict=True)
                        ]
                        assert escapes(after, place, beat), (hands, lost, place, beat)


def test_suit_helpers_match_a_walk_over_the_cards() -> None:
    """``suits._top_count`` (a shift past the others' highest card), ``_squeeze`` and
    ``_run_tops`` (kept by pair of masks) on every suit holding, against a plain walk down
    the live cards."""
    from betel_tutor.solver.suits import _run_tops, _squeeze, _top_count

    for live in range(256):
        for mine in range(256):
            if mine & ~live:
                continue
            ranks = [bit for bit in range(7, -1, -1) if live >> bit & 1]  # highest first
            count = 0
            while count < len(ranks) and mine >> ranks[count] & 1:
                count += 1
            assert _top_count(live, mine) == count, (live, mine)
            low_first = ranks[::-1]
            squeezed = sum(1 << at for at, bit in enumerate(low_first) if mine >> bit & 1)
            tops = sum(
                1 << bit
                for at, bit in enumerate(ranks)
                if mine >> bit & 1 and (at == 0 or not mine >> ranks[at - 1] & 1)
            )
            for _ in range(2):  # the second answer comes from the memo
                assert _squeeze(live, mine) == squeezed, (live, mine)
                assert _run_tops(live, mine) == tops, (live, mine)


@pytest.mark.parametrize(
    ("first", "second", "third", "counts"),
    [
        # A K 9 8 against Q J and 10: the top run outlasts both, so all four win; a hand
        # holding trumps ruffs once out of the suit (rule 6): Q J caps at two, 10 at one.
        ("AK98", "QJ", "10", (4, 2, 1, 1)),
        # A K 9 against Q J 10: after the top run the second hand still holds a card.
        ("AK9", "QJ10", "", (2, 2, 0, 0)),
        ("AK9", "QJ", "10", (3, 2, 1, 1)),
        # The top card elsewhere: nothing sure.
        ("KQJ", "A", "", (0, 0, 0, 0)),
        ("A", "", "", (1, 0, 0, 0)),
    ],
)
def test_sure_tricks_in_a_suit(
    first: str, second: str, third: str, counts: tuple[int, ...]
) -> None:
    """``suits.sure_tricks``: the leader's top run, the rest of his suit once the others
    have none, capped by the length of each other hand that holds trumps."""
    from betel_tutor.solver.suits import sure_tricks

    ranks = ["7", "8", "9", "10", "J", "Q", "K", "A"]

    def byte(text: str) -> int:
        out = 0
        while text:
            rank = next(rank for rank in ranks if text.startswith(rank))
            out |= 1 << ranks.index(rank)
            text = text[len(rank) :]
        return out

    packed = sure_tricks((byte(first), byte(second), byte(third)))
    assert tuple(packed >> (4 * index) & 15 for index in range(4)) == counts


@pytest.mark.parametrize(
    ("trump", "leader", "declarer", "third", "low"),
    [
        # ♠A K sure, ♥7 to throw: the others can win at most two rounds of hearts before
        # he leads, so he keeps one spade trick (a heart lead, a heart back, a spade throw).
        (None, "♠7 ♠8 ♥8", "♠A ♠K ♥7", "♠9 ♥9 ♥10", 1),
        # ♠Q J 8 are all sure once he leads (the others hold one spade), but the others may
        # lead and win two rounds of hearts and one of clubs first, and he has nothing but
        # spades to throw: the bound claims nothing.
        ("♦", "♣9 ♥9 ♥8", "♠Q ♠J ♠8", "♥Q ♥J ♠9", 0),
        # The top trump is a trick whenever he plays it; ♣A 7 are sure once he leads (the
        # others hold one club each), but two rounds of diamonds may come first: one kept.
        ("♥", "♣K ♦7 ♦8", "♥A ♣A ♣7", "♣Q ♦9 ♦10", 2),
    ],
)
def test_a_declarer_not_on_lead_keeps_his_sure_tricks(
    trump: str | None, leader: str, declarer: str, third: str, low: int
) -> None:
    """``bounds.normal_bounds`` for the declarer second to play: his sure tricks, less those
    he may have to throw away before he leads (checked against brute force too)."""
    from betel_tutor.solver.api import _masks
    from betel_tutor.solver.bounds import normal_bounds
    from betel_tutor.solver.suit_data import load
    from betel_tutor.solver.suits import NO_SUIT, SUIT_MASKS, suit_numbers

    load()
    trump_suit = next(suit for suit in Suit if suit.symbol == trump) if trump else None
    hands = [list(parse_cards(text)) for text in (leader, declarer, third)]
    masks = _masks(hands, ())
    trump_mask = SUIT_MASKS[trump_suit.order] if trump_suit is not None else 0
    holders = sum(1 << place for place, hand in enumerate(masks) if hand & trump_mask)
    numbers = suit_numbers(*masks)
    trump_number = numbers[trump_suit.order] if trump_suit is not None else NO_SUIT
    bound, _high = normal_bounds(*numbers, trump_number, holders, 1, 3)
    assert bound == low
    assert low <= brute_force(hands, trump_suit, declarer=1, leader=0, kind="normal")


@settings(max_examples=600, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    size=st.integers(1, 5),
    trump=st.sampled_from([*Suit, None]),
    declarer=st.integers(0, 2),
    leader=st.integers(0, 2),
    trumps_dealt=st.integers(0, 8),
    suit_count=st.integers(2, 4),
)
def test_sure_trick_bounds_hold_against_brute_force(
    seed: int,
    size: int,
    trump: Suit | None,
    declarer: int,
    leader: int,
    trumps_dealt: int,
    suit_count: int,
) -> None:
    """``bounds.normal_bounds`` (top cards cashed, plus the tricks the trumps settle; for a
    declarer not on lead, his sure tricks less those the others can make him throw away)
    never claims more than brute force finds, on endings with up to eight trumps dealt at
    random (or none, without trumps) and the other cards from two to four suits; and every
    null-window question at the root of a fresh board is answered right."""
    from betel_tutor.solver.api import _masks, make_board
    from betel_tutor.solver.bounds import normal_bounds
    from betel_tutor.solver.suit_data import load
    from betel_tutor.solver.suits import NO_SUIT, SUIT_MASKS, suit_numbers

    rng = random.Random(seed)
    deck = list(BETEL_DECK)
    rng.shuffle(deck)
    suits_used = rng.sample(list(Suit), suit_count)
    trumps = [card for card in deck if trump is not None and card.suit is trump][:trumps_dealt]
    others = [card for card in deck if card not in trumps and card.suit in suits_used]
    pool = (trumps + others)[: 3 * size]
    rng.shuffle(pool)
    hands = [pool[i * size : (i + 1) * size] for i in range(3)]
    expected = brute_force(hands, trump, declarer, leader, "normal")
    masks = _masks(hands, ())
    a, b, c = (masks[(leader + offset) % 3] for offset in range(3))
    trump_mask = SUIT_MASKS[trump.order] if trump is not None else 0
    holders = sum(1 << place for place, hand in enumerate((a, b, c)) if hand & trump_mask)
    load()
    numbers = suit_numbers(a, b, c)
    trump_number = numbers[trump.order] if trump is not None else NO_SUIT
    place = (declarer - leader) % 3
    low, high = normal_bounds(*numbers, trump_number, holders, place, size)
    assert low <= expected <= high, (hands, low, high, expected)
    for target in range(size + 2):
        board = make_board(trump=trump, declarer=declarer, contract_kind="normal")
        assert board.wins(masks, leader, target) == (expected >= target), (hands, target)
