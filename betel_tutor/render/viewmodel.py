"""What a deal sheet shows, worked out in Python so that the template only loops and prints."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from betel_tutor import i18n
from betel_tutor.cards import Card, Suit, format_cards, parse_card, sort_cards
from betel_tutor.errors import BetelError
from betel_tutor.markup import render_note
from betel_tutor.play import PlayState
from betel_tutor.render.bridge_view import BridgeView, bridge_view
from betel_tutor.render.heading import Placed, deal_facts, deal_title
from betel_tutor.render.penalty_view import penalty_lines
from betel_tutor.render.played import PlayedDeal
from betel_tutor.render.trade_view import TradeView, trade_view
from betel_tutor.scenario.model import DealSpec, Quiz, Scenario, WatchStep
from betel_tutor.scenario.script import Replayed
from betel_tutor.seats import SOUTH, Seat

_SUIT_CLASS = {
    Suit.SPADES: "spades",
    Suit.HEARTS: "hearts",
    Suit.DIAMONDS: "diamonds",
    Suit.CLUBS: "clubs",
}


class CardSpan(NamedTuple):  # a tuple: a deal sheet has thousands
    """A card in a hand diagram. The step-through shows it while ``start <= position <
    until``, the position being the number of cards played (auction calls are no steps): a
    card played as the deal's n-th card is held until step n. Printing shows the hand as
    dealt: ``dealt`` spans always, the spans of cards that came later (from the dubel, or by
    a swap) never. A card that leaves a hand before the play (laid to the dubel, swapped in
    the auction) has a dealt span with ``start == until == 0``."""

    card: str
    rank: str  # as shown
    start: int
    until: int
    dealt: bool = True

    @property
    def css(self) -> str:
        return "held" if self.dealt else "held arrived"


@dataclass(frozen=True)
class SuitLine:
    symbol: str
    css: str
    cards: list[CardSpan]
    dash: str = ""  # the class of the "—" of a void suit; "" when the hand as dealt has cards


@dataclass(frozen=True)
class HandView:
    seat: str
    position: str  # where it sits on the diagram: south, west, north, east
    suits: list[SuitLine]


@dataclass(frozen=True)
class TrickView:
    number: int
    leader: str
    cards: list[tuple[str, str, bool, str, str]]  # (seat, card, wins, cost mark, its meaning)
    first_step: int = 0  # the step-through's position before the trick's first card
    comment: str = ""  # safe HTML: a watched deal's comment after this trick


@dataclass(frozen=True)
class SolverView:
    """The trick table: column titles (the seat's, a contract's each, the best contract's),
    and per seat its figures and best contract."""

    title: str
    columns: list[str]
    rows: list[tuple[str, list[int], str]]
    note: str
    marks: str  # what ✗2 beside a played card means


@dataclass(frozen=True)
class Analysis:
    """What the solver says about a deal, computed once for all languages of a sheet."""

    table: Any  # betel_tutor.solver.table.TrickTable
    costs: list[int]  # per card played: the tricks it cost its player (0: a best card)
    # the commented solution for South's side from the first card, where the contract is known
    # (:mod:`betel_tutor.solver.commentary`): per trick its leader, its cards as (seat, card),
    # its winner, and its reason (technique, seat, card, other card, cost); and whether
    # South's side wants tricks
    solution: tuple[SolvedTrick, ...] = ()
    takes: bool = True


# leader, cards, winner, and the reason: technique, seat, card, the costliest other card (or
# "") and its cost
SolvedTrick = tuple[int, tuple[tuple[int, str], ...], int, tuple[str, int, str, str, int]]


def start_of(played: PlayedDeal) -> PlayState | None:
    """The deal at its first card, where the sheet knows the contract: where its script
    leaves the auction (trade's swaps included), or the deal's (or lesson's) own contract;
    ``None`` while the auction is the learner's to make."""
    from betel_tutor.play import BETEL, start_play

    deal, replayed = played.spec, played.replayed
    if replayed is not None:
        return replayed.states[0] if replayed.states else None
    if deal.contract is None:
        return None
    declarer = None if deal.declarer is None else int(deal.declarer)
    return start_play(
        BETEL, played.dealt.hands, deal.contract, declarer=declarer, dealer=int(deal.dealer)
    )


def _solved(played: PlayedDeal) -> tuple[tuple[SolvedTrick, ...], bool]:
    from betel_tutor.solver.commentary import solution

    try:
        start = start_of(played)
    except BetelError:
        return (), True
    if start is None or start.tricks or start.current or len(start.hands) != 3:
        return (), True
    found = solution(start, SOUTH)
    tricks = tuple(
        (
            int(trick.leader),
            tuple((int(seat), str(card)) for seat, card in trick.cards),
            int(trick.winner),
            (
                trick.reason.technique,
                int(trick.reason.seat),
                str(trick.reason.card),
                "" if trick.reason.other is None else str(trick.reason.other),
                trick.reason.cost,
            ),
        )
        for trick in found.tricks
    )
    return tricks, found.aim.takes


def analyse(played: PlayedDeal) -> Analysis | None:
    """The trick table and the cost of every scripted card (Betel deals only)."""
    deal, replayed = played.spec, played.replayed
    if not deal.profile.solvable:
        return None
    from betel_tutor.solver.advice import Advisor
    from betel_tutor.solver.table import trick_table

    table = trick_table(played.dealt.hands)
    costs: list[int] = []
    if deal.play and replayed is not None:
        advisor = Advisor()
        for state, (_, card) in zip(replayed.states[:-1], replayed.played, strict=True):
            advice = {a.card: a.cost for a in advisor.hint(state)}
            costs.append(advice[card])
    solved, takes = _solved(played)
    return Analysis(table, costs, solved, takes)


@dataclass(frozen=True)
class SolutionView:
    """The answer sheet's commented solution: a row per trick (its number, its cards in the
    order played, its winner, the technique's sentence)."""

    title: str
    columns: list[str]
    rows: list[tuple[int, str, str, str]]


def _solution_view(analysis: Analysis, lang: str) -> SolutionView | None:
    from betel_tutor.solver.commentary import wording

    if not analysis.solution:
        return None
    rows = []
    for number, (_leader, cards, winner, (technique, seat, card, other, cost)) in enumerate(
        analysis.solution, 1
    ):
        shown = "  ".join(
            f"{Seat(s).localized(lang)} {parse_card(c).format(lang=lang)}" for s, c in cards
        )
        key = wording(technique, takes=analysis.takes)
        why = i18n.translate(
            f"tutor.{key}",
            lang,
            seat=Seat(seat).localized(lang),
            card=parse_card(card).format(lang=lang),
            other=parse_card(other).format(lang=lang) if other else "",
            n=cost,
        )
        rows.append((number, shown, Seat(winner).localized(lang), why))
    columns = [
        i18n.translate(f"render.{name}", lang)
        for name in ("solution_trick", "solution_cards", "solution_winner", "solution_reason")
    ]
    return SolutionView(i18n.translate("render.solution_title", lang), columns, rows)


def _solver_view(analysis: Analysis, lang: str) -> SolverView:
    from betel_tutor.solver.report import TableReport, column_titles

    report = TableReport("", analysis.table)
    rows = []
    for seat in SOUTH.clockwise():
        best = report.best(seat)
        rows.append(
            (
                seat.localized(lang),
                list(analysis.table.rows[seat]),
                best.localized(lang) if best is not None else "—",
            )
        )
    return SolverView(
        i18n.translate("render.solver_title", lang),
        [
            i18n.translate("render.player", lang),
            *column_titles(lang),
            i18n.translate("render.solver_best", lang),
        ],
        rows,
        i18n.translate("solver.table_note", lang),
        i18n.translate("render.cost_legend", lang) if analysis.costs else "",
    )


@dataclass(frozen=True)
class NoteView:
    category: str
    html: str  # already safe: rendered by betel_tutor.markup


@dataclass(frozen=True)
class DealView:
    title: str
    dealer: str
    contract: str
    hands: list[HandView]
    dubel: list[str]
    tricks: list[TrickView]
    notes: list[NoteView]
    labels: dict[str, str] = field(default_factory=dict)
    auction_seats: list[str] = field(default_factory=list)
    auction_rows: list[list[str]] = field(default_factory=list)
    lang: str = "en"
    played: list[str] = field(default_factory=list)  # every card in the order played (replay)
    dubel_spans: list[CardSpan] = field(default_factory=list)  # the dubel as it is at each step
    solver: SolverView | None = None
    solution: SolutionView | None = None  # answer sheets: the commented best line
    trade: TradeView | None = None  # bids for the first exchange, offers, prediction, points
    bridge: BridgeView | None = None  # a bridge board's number, vulnerability, HCP, DDS grid
    penalties: list[str] = field(default_factory=list)  # bridge penalty cards (Law 50, 51)
    facts: list[str] = field(default_factory=list)  # number, goal, open or closed, seed
    intro: str = ""  # safe HTML: the words of the step that plays or shows the deal
    # a watched deal's comments on tricks the sheet prints no row for (its play is not
    # scripted): (the trick's number, safe HTML)
    comments: list[tuple[int, str]] = field(default_factory=list)


def _auction(
    deal: DealSpec, replayed: Replayed | None, lang: str
) -> tuple[list[str], list[list[str]]]:
    """The scripted auction as a table: a column per seat from the dealer, exchanges spelled
    out (which cards were taken and laid down)."""
    if deal.profile.boards and deal.auction:  # a bridge auction: four columns
        count = deal.profile.seats
        seats = [seat.localized(lang) for seat in Seat(deal.dealer, count).clockwise()]
        words = [_bridge_call(call, lang) for call in deal.auction]
        return seats, [words[i : i + count] for i in range(0, len(words), count)]
    if replayed is None or replayed.auction is None or not replayed.calls:
        return [], []
    seats = [seat.localized(lang) for seat in Seat(deal.dealer).clockwise()]
    # With trade the buyer of the first exchange calls first (rules 9–10).
    cells = [""] * replayed.auction.first
    for _, call in replayed.calls:
        word = (
            call.contract.localized(lang)
            if call.contract
            else i18n.translate(f"render.{call.kind}", lang)
        )
        if call.take:
            word = i18n.translate(
                "render.exchange",
                lang,
                take=format_cards(call.take, lang=lang),
                lay=format_cards(call.lay, lang=lang),
                call=word,
            )
        elif call.looked:  # looked at the dubel, then passed: the penalty (§3, §12.3)
            word = i18n.translate(
                "render.looked",
                lang,
                cards=format_cards(call.looked, lang=lang),
                call=word,
                points=-5 * len(call.looked),
            )
        cells.append(word)
    rows = [cells[i : i + 3] for i in range(0, len(cells), 3)]
    return seats, rows


def _bridge_call(call: str, lang: str) -> str:
    from betel_tutor.bridge.auction import call_words

    return call_words(call, lang)


Holdings = list[tuple[frozenset[Card], ...]]  # the hands at each step of the step-through


def _holdings(dealt: tuple[frozenset[Card], ...], played: Replayed | None) -> Holdings:
    """Who holds what at each step (0 to the number of cards played): after the auction's
    exchanges and every swap made before the next card. Without scripted play there is no
    step-through, and the one step is the deal as dealt."""
    if played is None:
        return [dealt]
    return [state.hands for state in played.states]


def _runs(held: list[bool]) -> list[tuple[int, int]]:
    """The steps a card is in a hand, as ``(start, until)`` runs."""
    runs: list[tuple[int, int]] = []
    start: int | None = None
    for step, inside in enumerate([*held, False]):
        if inside and start is None:
            start = step
        elif not inside and start is not None:
            runs.append((start, step))
            start = None
    return runs


def _suits(seat: Seat, dealt: frozenset[Card], holdings: Holdings, lang: str) -> list[SuitLine]:
    """A hand's suit lines: the cards dealt, and a second span for each card that arrived
    later, each with the steps it is held (see :class:`CardSpan`)."""
    held = [hands[seat] for hands in holdings]
    spans: dict[Suit, list[CardSpan]] = {suit: [] for suit in _SUIT_CLASS}
    for card in sort_cards(dealt.union(*held)):
        runs = _runs([card in cards for cards in held])
        name, rank = str(card), card.rank.localized(lang)
        line = spans[card.suit]
        if card in dealt:  # the dealt span: held from the start, or gone before the play
            start, until = runs.pop(0) if runs and runs[0][0] == 0 else (0, 0)
            line.append(CardSpan(name, rank, start, until))
        line.extend(CardSpan(name, rank, a, b, dealt=False) for a, b in runs)
    lines = []
    for suit, css in _SUIT_CLASS.items():
        void = not any(span.dealt for span in spans[suit])
        dash = ("void print-only" if spans[suit] else "void") if void else ""
        lines.append(SuitLine(suit.symbol, css, spans[suit], dash))
    return lines


def _dubel(dealt: Sequence[Card], replayed: Replayed | None, lang: str) -> list[CardSpan]:
    """The dubel's cards as dealt (printed) and, for the step-through, after the auction's
    exchanges: a card taken is gone from the first step, a card laid down is there."""
    after = list(dealt)
    for _, call in replayed.calls if replayed is not None else ():
        after = [card for card in after if card not in call.take] + list(call.lay)
    always = 1000  # past any deal's last step
    spans = [
        CardSpan(str(card), card.format(lang=lang), 0, always if card in after else 0)
        for card in dealt
    ]
    spans += [
        CardSpan(str(card), card.format(lang=lang), 0, always, dealt=False)
        for card in after
        if card not in dealt
    ]
    return spans


def _labels(lang: str) -> dict[str, str]:
    keys = (
        "dealer",
        "contract",
        "dubel",
        "play",
        "trick",
        "leader",
        "notes",
        "auction",
        "penalties",
        "comments",
    )
    return {key: i18n.translate(f"render.{key}", lang) for key in keys}


def deal_view(
    scenario: Scenario,
    deal_played: PlayedDeal,
    *,
    lang: str,
    sheet: str,
    analysis: Analysis | None = None,
    placed: Placed | None = None,
) -> DealView:
    """One deal as the sheet shows it, headed as :mod:`~betel_tutor.render.heading` says,
    after the words of the step that ``placed`` it; the student sheet hides the other hands
    (unless the step plays it open) and the notes written for after the deal. With an
    ``analysis`` the answer sheet shows the trick table and marks the cards that cost a trick.
    The cards and the script are read from the deal played once
    (:mod:`betel_tutor.render.played`): every language of a sheet, its printout and its trick
    table read the same value."""
    deal, dealt = deal_played.spec, deal_played.dealt
    placed = placed if placed is not None else Placed(deal)
    game = deal.profile
    called = bool(deal.auction) and deal.profile.exchange
    replayed = deal_played.replayed if deal.play or called else None
    played = replayed if deal.play else None
    holdings = _holdings(tuple(frozenset(hand) for hand in dealt.hands), played)
    count = game.seats
    hands = []
    for seat in Seat(0, count).clockwise():
        hidden = sheet == "student" and count == 3 and seat != 0 and not placed.open
        hands.append(
            HandView(
                seat.localized(lang),
                seat.compass,
                [] if hidden else _suits(seat, frozenset(dealt.hands[seat]), holdings, lang),
            )
        )
    contract = contract_words(scenario, deal, replayed if called else None, lang)
    answers = analysis is not None and sheet == "answers"
    tricks = _tricks(played, lang, analysis.costs if answers and analysis else [])
    notes = [
        NoteView(note.category, render_note(note.text.get(lang), lang=lang))
        for note in deal.current_notes()
        if sheet == "answers" or note.category == "before"
    ]
    intro = "" if placed.intro is None else render_note(placed.intro.get(lang), lang=lang)
    tricks, comments = _commented(tricks, placed, lang)
    auction_seats, auction_rows = _auction(deal, replayed, lang)
    return DealView(
        title=deal_title(scenario, placed, lang),
        facts=deal_facts(scenario, placed, lang),
        intro=intro,
        comments=comments,
        dealer=Seat(deal.dealer, count).localized(lang),
        contract=contract,
        hands=hands,
        dubel=[c.format(lang=lang) for c in dealt.dubel],
        dubel_spans=_dubel(dealt.dubel, replayed if called else None, lang),
        tricks=tricks,
        notes=notes,
        labels=_labels(lang),
        lang=lang,
        played=[  # the canonical notation: the step-through counts them
            str(card) for trick in (played.state.tricks if played else ()) for card in trick.cards
        ],
        auction_seats=auction_seats,
        auction_rows=auction_rows,
        solver=_solver_view(analysis, lang) if answers and analysis else None,
        solution=_solution_view(analysis, lang) if answers and analysis else None,
        trade=trade_view(deal_played, lang) if deal.profile.exchange else None,
        bridge=(
            bridge_view(deal, dealt.hands, lang, grid=sheet == "answers")
            if deal.profile.boards
            else None
        ),
        penalties=penalty_lines(deal, replayed, lang),
    )


def contract_words(scenario: Scenario, deal: DealSpec, replayed: Replayed | None, lang: str) -> str:
    """What is played, in words: the deal's or the lesson's fixed contract ("Betelek 3", "no
    contract (free play)"), or what a scripted auction ends in ("Two spades doubled"); while
    the auction is the learner's to make, that it decides."""
    if replayed is not None and replayed.auction is not None:
        state = replayed.auction
        if not state.finished:
            return i18n.translate("render.contract_open", lang)
        words = replayed.contract.localized(lang)
        if replayed.doubled:
            words = i18n.translate("render.doubled", lang, contract=words)
        return words
    if deal.auction and deal.profile.boards:
        return _bridge_contract(deal, lang)
    fixed = deal.contract or scenario.options.contract
    if fixed is not None and deal.profile.boards and fixed.kind == "normal":
        from betel_tutor.contracts import bridge_contract_words

        words = bridge_contract_words(fixed.level, fixed.strain, lang)
        if deal.doubled:
            key = "render.doubled" if deal.doubled == 1 else "render.redoubled"
            words = i18n.translate(key, lang, contract=words)
        declarer = None if deal.declarer is None else Seat(deal.declarer, 4)
        return _by(words, declarer, lang)
    options = scenario.options
    if deal.profile.exchange and options.dealer_names_trump and not options.auction:
        return _named_trump(scenario, deal, lang)
    if fixed is not None:
        return fixed.localized(lang)
    if deal.profile.boards and deal.trump is not None:  # a board that gives trumps alone
        from betel_tutor.rules import as_trump

        suit = as_trump(deal.trump)
        key = "render.contract_blue_suit" if deal.variant else "render.contract_trumps_only"
        return i18n.translate(key, lang, suit=suit.symbol if suit else "—")
    if deal.profile.boards or not scenario.options.auction:
        return "—"
    return i18n.translate("render.contract_by_auction", lang)


def _named_trump(scenario: Scenario, deal: DealSpec, lang: str) -> str:
    """Level 2: the dealer names trumps (spec §12.1), the learner (South) when dealing, so the
    sheet says who; a computer dealer's choice is the tutor's (``goals.fixed_play``)."""
    from betel_tutor.contracts import free_play
    from betel_tutor.rules import as_trump
    from betel_tutor.scenario.goals import fixed_play

    if deal.trump is not None:
        played = free_play(as_trump(deal.trump))
    elif Seat(deal.dealer) == SOUTH:
        return i18n.translate("render.contract_trump_to_name", lang)
    else:
        played = fixed_play(scenario.options, deal, SOUTH).contract
    return i18n.translate("render.contract_trump_named", lang, contract=played.localized(lang))


def _bridge_contract(deal: DealSpec, lang: str) -> str:
    """A scripted bridge auction's contract in words, doubled or redoubled."""
    from betel_tutor.bridge.auction import BridgeAuction, parse_bid
    from betel_tutor.contracts import bridge_contract_words

    auction = BridgeAuction(dealer=deal.dealer)
    for call in deal.auction or ():
        auction.call(call)
    if not auction.finished:
        return i18n.translate("render.contract_open", lang)
    if auction.contract is None:
        return i18n.translate("render.passed_out", lang)
    bid = parse_bid(auction.contract)
    words = bridge_contract_words(bid.level, bid.strain, lang)
    if auction.doubled:
        key = "render.doubled" if auction.doubled == 1 else "render.redoubled"
        words = i18n.translate(key, lang, contract=words)
    return _by(words, auction.declarer, lang)


def _by(words: str, declarer: Seat | None, lang: str) -> str:
    """A bridge contract with its declarer, when known: "Three no trump by South"."""
    if declarer is None:
        return words
    return i18n.translate(
        "render.contract_declarer", lang, contract=words, seat=declarer.localized(lang)
    )


def _commented(
    tricks: list[TrickView], placed: Placed, lang: str
) -> tuple[list[TrickView], list[tuple[int, str]]]:
    """A watch step's comments (said one after each trick, in order) placed on the sheet: each
    on its trick's row of the play, and those after tricks the sheet has no row for (a play the
    tutor's players make) as a list numbered by trick."""
    said = placed.step.comments if isinstance(placed.step, WatchStep) else ()
    words = [render_note(text.get(lang), lang=lang) for text in said]
    rows = [
        replace(trick, comment=words[n]) if n < len(words) else trick
        for n, trick in enumerate(tricks)
    ]
    return rows, list(enumerate(words, 1))[len(tricks) :]


def _tricks(played: Replayed | None, lang: str, costs: list[int]) -> list[TrickView]:
    """The scripted play, trick by trick, with the winner marked (checked scenarios only) and,
    given ``costs``, what each card cost the player who played it."""
    if played is None:
        return []
    state = played.state
    seats = state.profile.seats
    views = []
    for number, trick in enumerate(state.tricks, 1):
        order = trick.leader.clockwise()
        start = (number - 1) * seats
        cells = []
        for index, (s, c) in enumerate(zip(order, trick.cards, strict=True)):
            cost = costs[start + index] if start + index < len(costs) else 0
            mark = f"✗{cost}" if cost else ""
            meaning = i18n.translate("render.cost", lang, n=cost) if cost else ""
            cells.append((s.localized(lang), c.format(lang=lang), s == trick.winner, mark, meaning))
        views.append(TrickView(number, trick.leader.localized(lang), cells, start))
    return views


@dataclass(frozen=True)
class QuizView:
    number: int
    question: str  # safe HTML from the note markup
    answer: str | None  # None on the student sheet: the question is left open
    explanation: str = ""  # safe HTML: why the answer is right (answer sheets only)
    # answer sheets: each wrong answer the author noted, as a reader reads it, and the note
    # (safe HTML), under the answer key
    wrong: tuple[tuple[str, str], ...] = ()


def quiz_views(scenario: Scenario, *, lang: str, sheet: str) -> list[QuizView]:
    """The scenario's quizzes; the answer sheet gives the engine's answer (which the checker
    has proved equal to the author's)."""
    from betel_tutor.scenario.quizzes import answer_text, engine_answer

    views = []
    for number, quiz in enumerate(scenario.all_quizzes(), 1):
        answer = None
        if sheet == "answers":
            truth, _ = engine_answer(quiz)
            answer = answer_text(quiz, truth, lang)
            if quiz.kind in ("call-legal", "laydown", "offer-legal"):
                answer = i18n.translate("render.yes" if truth else "render.no", lang)
            if quiz.kind == "offer-legal" and not truth:  # the rule that forbids it
                from betel_tutor.scenario.offer_quiz import offer_refusal

                problem = offer_refusal(quiz.params)
                answer += f" — {problem.message(lang)}" if problem is not None else ""
        why = ""
        if answer is not None and quiz.explanation is not None:
            why = render_note(quiz.explanation.get(lang), lang=lang)
        question = render_note(quiz.question.get(lang), lang=lang)
        wrong = _wrong_notes(quiz, lang) if answer is not None else ()
        views.append(QuizView(number, question, answer, why, wrong))
    return views


def _wrong_notes(quiz: Quiz, lang: str) -> tuple[tuple[str, str], ...]:
    """The notes on a quiz's wrong answers (``wrong:``), each answer written as the answer
    key writes answers (the checker has proved each readable and wrong)."""
    from betel_tutor.scenario.quizzes import answer_text, parse_typed_answer

    out = []
    for typed, note in quiz.wrong.items():
        given = answer_text(quiz, parse_typed_answer(quiz, typed, "en"), lang)
        label = i18n.translate("render.wrong_answer", lang, answer=given)
        out.append((label, render_note(note.get(lang), lang=lang)))
    return tuple(out)
