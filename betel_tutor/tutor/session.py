"""A tutoring session as a state machine: it takes the learner's lines and gives text back.

Nothing here reads a terminal or prints: :mod:`betel_tutor.tutor.terminal` does that, so the
same session is driven by the interactive tutor, by scripts and by tests.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from betel_tutor import i18n
from betel_tutor.bots import Choice, choose_card
from betel_tutor.cards import Card, Suit, format_hand, parse_card, sort_cards
from betel_tutor.contracts import Contract, free_play
from betel_tutor.errors import BetelError
from betel_tutor.play import BETEL, DealPlay, PlayState, start_play
from betel_tutor.resources import data_dir
from betel_tutor.scenario import Scenario, load
from betel_tutor.scenario.deals import realize
from betel_tutor.scenario.model import MatchStep, PlayStep, QuizStep, ReadStep, Text, WatchStep
from betel_tutor.scenario.quizzes import engine_answer, parse_typed_answer, show_answer
from betel_tutor.tutor import bidding, match_play, resting, trading, watching
from betel_tutor.tutor.progress import Progress, SavedMatch
from betel_tutor.tutor.saving import PlayedDeal, deal_to_yaml
from betel_tutor.tutor.table import (
    LEARNER,
    SOUTH,
    THREE,
    Player,
    Rest,
    Table,
    resting_player,
    seated,
)

__all__ = ["LEARNER", "Session", "Table", "level_path", "plain"]

_MARKUP = re.compile(r"([♠♥♦♣])\{([^{}]*)\}")


def plain(text: str) -> str:
    """Note markdown as terminal text: ``♠{A}`` → ``♠A``, no ``**``, ``<u>`` or backticks."""
    text = _MARKUP.sub(r"\1\2", text)
    return re.sub(r"\*\*|</?u>|`", "", text).rstrip()


def level_path(level: int) -> Path:
    """The lesson of ``level``: from ``$BETEL_TUTOR_LEVELS`` when that folder has it (a
    teacher's own lessons, or a short match for a test), else the shipped one."""
    name = f"level-{level:02d}.yaml"
    own = os.environ.get("BETEL_TUTOR_LEVELS")
    if own and (Path(own) / name).is_file():
        return Path(own) / name
    return data_dir("scenarios") / "levels" / name


@dataclass
class Session:
    """The tutor's state. ``handle(line)`` returns the lines to show; ``prompt`` what to ask."""

    progress: Progress
    lang: str = "en"
    level: int | None = None
    lesson: Scenario | None = None
    step_index: int = 0
    table: Table | None = None
    finished: bool = False
    out: list[str] = field(default_factory=list)
    on_progress: Callable[[Progress], None] | None = None
    always_open: bool = False  # --open: every deal is played with all hands shown
    last_deal: PlayedDeal | None = None
    last_table: Table | None = None  # the finished deal, for `replay`
    after_deal: bool = False  # a deal just ended: wait for Enter (or save, replay) to go on
    saves_to: Path | None = None  # where `save` writes deals unless given a path
    seed: str | None = None  # --seed: deals from this seed instead of the lesson's
    fourth: bool = False  # --fourth: a fourth player joins level 10, one player rests a deal
    strength: str = "beginner"  # --strength: the computer players' play (beginner, club, strong)
    fourth_deals: int = 0  # deals of level 10 begun in this run, for the resting turn
    fourth_noted: bool = False  # said once that --fourth does nothing outside level 10
    match: SavedMatch | None = None  # the match of a match step, while it is played (§7)

    # -- text ----------------------------------------------------------------------------------
    def t(self, key: str, **params: Any) -> str:
        values = {
            k: (v.localized(self.lang) if hasattr(v, "localized") else v) for k, v in params.items()
        }
        return i18n.translate(f"tutor.{key}", self.lang, **values)

    def say(self, line: str = "") -> None:
        self.out.extend(line.split("\n"))

    def text(self, text: Text) -> str:
        return plain(text.get(self.lang))

    def name(self, seat: int) -> Player:
        """Who sits at table seat ``seat`` in the deal being played."""
        return (self.table.names if self.table is not None else THREE)[seat]

    # -- the conversation --------------------------------------------------------------------
    def start(self, level: int | None = None) -> list[str]:
        self.say(self.t("welcome"))
        if self.progress.match_set_aside is not None:  # a damaged saved match was dropped
            aside, detail = self.progress.match_set_aside
            self.say(self.t("match_set_aside", aside=aside, detail=detail))
            self.progress = replace(self.progress, match_set_aside=None)
        if level is None:
            self.show_menu()
        else:
            self.open_level(level)
        return self.flush()

    def flush(self) -> list[str]:
        lines, self.out = self.out, []
        return lines

    @property
    def prompt(self) -> str:
        if self.table is not None:
            trade = self.table.trading
            if trade is not None and trade.bidding:
                return self.t("prompt_bid")
            if trade is not None and trade.to_learner:
                return self.t("prompt_offer")
            if self.table.rest is not None and self.table.rest.asking:
                return self.t("prompt_predict")
            return self.t("prompt_call" if self.table.play is None else "prompt_card")
        if self.lesson is None:
            return self.t("prompt_level")
        if self.after_deal:
            return self.t("prompt_after_deal")
        step = self.current_step()
        if isinstance(step, QuizStep):
            return self.t("prompt_answer")
        return self.t("prompt_continue")

    def handle(self, line: str) -> list[str]:
        """The learner typed ``line``."""
        command = line.strip().lower()
        if command in ("quit", "q", "koniec", "wyjdź", "wyjdz"):
            self.quit()
        elif command in ("rules", "zasady"):
            self.show_rules()
        elif command.split(" ", 1)[0] in ("replay", "powtórz", "powtorz") and self.table is None:
            self.replay(command.partition(" ")[2].strip())
        elif command.split(" ", 1)[0] in ("note", "notatka") and self.last_deal is not None:
            text = line.strip().partition(" ")[2].strip()
            self.last_deal = replace(self.last_deal, notes=(*self.last_deal.notes, text))
            self.say(self.t("noted"))
        elif command.split(" ", 1)[0] in ("save", "zapisz"):
            self.save_deal(line.strip().partition(" ")[2].strip())
        elif command in ("help", "?", "pomoc"):
            self.say(self.t("help"))
        elif self.table is not None:
            self.handle_table(command, line)
        elif self.after_deal:
            self.after_deal = False
            self.enter_step()
        elif self.lesson is None:
            self.handle_menu(command)
        else:
            self.handle_step(line)
        return self.flush()

    def quit(self) -> None:
        self.save()
        self.say(self.t("bye"))
        self.finished = True

    def save(self) -> None:
        if self.level is not None and self.lesson is not None:
            level = self.progress.level(self.level)
            self.progress = self.progress.with_level(
                self.level, replace(level, next_step=self.step_index)
            )
        self.progress = replace(self.progress, language=self.lang)
        if self.on_progress is not None:
            self.on_progress(self.progress)

    def show_rules(self) -> None:
        for number in range(1, 22):
            self.say(f"{number}. {i18n.translate(f'summary.{number}', self.lang)}")

    # -- the menu ------------------------------------------------------------------------------
    def show_menu(self) -> None:
        self.say(self.t("menu_title"))
        for number in range(1, 11):
            lesson, _ = load(str(level_path(number)))
            title = self.text(lesson.title) if lesson is not None else "?"
            mark = self.level_mark(number, lesson)
            self.say(f"  {number:>2}. {title}{mark}")

    def level_mark(self, number: int, lesson: Scenario | None) -> str:
        level = self.progress.level(number)
        if level.completed:
            return "  ✓"
        if level.next_step and lesson is not None:
            return "  " + self.t("menu_progress", done=level.next_step, total=len(lesson.steps))
        return ""

    def handle_menu(self, command: str) -> None:
        if command.isdigit() and 1 <= int(command) <= 10:
            self.open_level(int(command))
        else:
            self.say(self.t("bad_level", token=command))

    def open_level(self, number: int) -> None:
        lesson, problems = load(str(level_path(number)))
        if lesson is None:
            for problem in problems:
                self.say(problem.format(self.lang))
            return
        self.level, self.lesson = number, lesson
        if self.fourth and number != 10 and not self.fourth_noted:
            self.say(self.t("fourth_no_effect", level=number))
            self.fourth_noted = True
        level = self.progress.level(number)
        self.step_index = 0 if level.completed else min(level.next_step, len(lesson.steps))
        self.say("")
        self.say(self.text(lesson.title).upper())
        if lesson.text is not None and self.step_index == 0:
            self.say(self.text(lesson.text))
        if self.step_index:
            self.say(self.t("resume", step=self.step_index + 1))
        if self.fourth and number == 10:
            self.say(self.t("fourth_joins"))
        self.enter_step()

    # -- lesson steps ------------------------------------------------------------------------
    def current_step(self) -> Any:
        assert self.lesson is not None
        if self.step_index < len(self.lesson.steps):
            return self.lesson.steps[self.step_index]
        return None

    def enter_step(self) -> None:
        step = self.current_step()
        if step is None:
            self.finish_level()
            return
        if isinstance(step, MatchStep):  # entered again after each of its deals
            match_play.enter(self, step)
            return
        assert self.lesson is not None
        self.say("")
        self.say(self.t("step", step=self.step_index + 1, total=len(self.lesson.steps)))
        if isinstance(step, ReadStep):
            self.say(self.text(step.text))
        elif isinstance(step, QuizStep):
            self.say(self.text(step.quiz.question))
        elif isinstance(step, PlayStep):
            self.begin_deal(step)
        elif isinstance(step, WatchStep):
            self.watch_deal(step)

    def next_step(self) -> None:
        self.step_index += 1
        self.save()
        self.enter_step()

    def handle_step(self, line: str) -> None:
        step = self.current_step()
        if isinstance(step, QuizStep):
            self.answer_quiz(step, line)
        else:
            self.next_step()

    def answer_quiz(self, step: QuizStep, line: str) -> None:
        quiz = step.quiz
        try:
            given = parse_typed_answer(quiz, line, self.lang)
        except BetelError as error:
            self.say(error.message(self.lang))
            return
        truth, shown = engine_answer(quiz)
        if given == truth:
            self.say(self.t("right"))
        else:
            self.say(self.t("wrong", answer=shown or show_answer(quiz.answer)))
        if quiz.explanation is not None:
            self.say(self.text(quiz.explanation))
        self.next_step()

    def finish_level(self) -> None:
        assert self.level is not None
        level = self.progress.level(self.level)
        self.progress = self.progress.with_level(
            self.level, replace(level, completed=True, next_step=0)
        )
        self.say(self.t("level_done", level=self.level))
        if self.on_progress is not None:
            self.on_progress(self.progress)
        self.lesson, self.level, self.step_index = None, None, 0
        self.show_menu()

    # -- playing a deal ------------------------------------------------------------------------
    def watch_deal(self, step: WatchStep) -> None:
        """A deal to watch: the computer players play all three hands, open, saying why."""
        assert self.lesson is not None
        if step.text is not None:
            self.say(self.text(step.text))
        deal = self.lesson.deal(step.deal)
        assert deal is not None
        dealt = realize(deal)
        if watching.scripted(deal):  # told as written: auction, trade and play (level 9)
            watching.watch_script(self, deal, dealt.hands)
            return
        contract, declarer = self.contract_for(PlayStep(step.deal, LEARNER, {"make": 1}))
        game = DealPlay(
            start_play(BETEL, dealt.hands, contract, declarer=declarer, dealer=deal.dealer)
        )
        self.say(self.t("deal_intro", dealer=self.name(deal.dealer), contract=contract))
        for seat in range(3):
            name = self.name(seat).localized(self.lang)
            self.say(f"  {name:<9} {format_hand(dealt.hands[seat], lang=self.lang)}")
        while not game.state.finished:
            choice = choose_card(game.state)
            player = self.name(game.state.to_play)
            before = len(game.state.tricks)
            game.play(choice.card)
            self.say(self.t("plays", seat=player, card=choice.card))
            self.say(f"    {self.reason(choice.reason, choice.params)}")
            if len(game.state.tricks) > before:
                self.say(self.t("takes", seat=self.name(game.state.tricks[-1].winner)))
        taken = game.state.tricks_taken()
        for seat in range(3):
            self.say(self.t("tricks_taken", seat=self.name(seat), n=taken[seat]))

    def contract_for(self, step: PlayStep) -> tuple[Contract, int | None]:
        assert self.lesson is not None
        deal = self.lesson.deal(step.deal)
        assert deal is not None
        fixed = deal.contract or self.lesson.options.contract or free_play()
        if fixed.kind == "free":
            trump: Suit | None = fixed.trump
            if self.lesson.options.dealer_names_trump:
                trump = self.trump_named_by_dealer(deal.dealer, realize(deal).hands[deal.dealer])
            return free_play(trump), None
        declarer = deal.declarer if deal.declarer is not None else deal.dealer
        return fixed, declarer

    def trump_named_by_dealer(self, dealer: int, hand: tuple[Card, ...]) -> Suit:
        """Level 2: the dealer names trumps; the computer dealer names its longest suit."""
        return max(Suit, key=lambda suit: (sum(c.suit is suit for c in hand), suit.order))

    def begin_deal(self, step: PlayStep) -> None:
        assert self.lesson is not None
        deal = self.lesson.deal(step.deal)
        assert deal is not None
        if self.seed is not None:
            deal = replace(deal, hands=None, seed=f"{self.seed}/{deal.id}", constraints=())
        dealt = realize(deal)
        if self.lesson.options.auction:
            names, rest = self.fourth_player()
            bidding.begin_auction(
                self, step, dealt.hands, dealt.dubel, deal.dealer, names=names, rest=rest
            )
            assert self.table is not None
            self.table.dealt = dealt
            return
        contract, declarer = self.contract_for(step)
        state = start_play(BETEL, dealt.hands, contract, declarer=declarer, dealer=deal.dealer)
        self.table = Table(
            DealPlay(state),
            step,
            step.open or self.always_open,
            dealt=dealt,
            strength=self.strength,
        )
        self.say(self.t("deal_intro", dealer=self.name(deal.dealer), contract=contract))
        if declarer is not None:
            self.say(self.t("declarer", seat=self.name(declarer)))
        if dealt.dubel:
            self.say(self.t("dubel", cards=" ".join(map(str, dealt.dubel))))
        self.say(self.t("goal_" + next(iter(step.goal)), **{"n": next(iter(step.goal.values()))}))
        self.run_bots()

    def show_table(self) -> None:
        assert self.table is not None and self.table.play is not None
        state = self.table.play.state
        if self.table.open:
            for seat in (1, 2):
                name = self.name(seat).localized(self.lang)
                self.say(f"  {name:<9} {format_hand(state.hands[seat], lang=self.lang)}")
        if state.current:
            played = ", ".join(
                f"{self.name((state.leader + i) % 3).localized(self.lang)} {card}"
                for i, card in enumerate(state.current)
            )
            self.say(self.t("trick_so_far", cards=played))
        taken = state.tricks_taken()
        self.say(
            self.t(
                "tricks_so_far",
                tricks=", ".join(
                    f"{self.name(seat).localized(self.lang)} {taken[seat]}" for seat in range(3)
                ),
            )
        )
        if not state.current:
            self.say(self.t("you_lead"))
        self.say(self.t("your_hand", cards=format_hand(state.hands[LEARNER], lang=self.lang)))
        legal = sort_cards(state.legal_moves())
        self.say(self.t("legal", cards="  ".join(f"{i}){card}" for i, card in enumerate(legal, 1))))

    def run_bots(self) -> None:
        """Computer players move until it is the learner's turn or the deal is over."""
        assert self.table is not None and self.table.play is not None
        game = self.table.play
        while not game.state.finished:
            if trading.between_moves(self):  # rules 3–4: offers first; one waits for the learner
                return
            seat = game.state.to_play
            if seat == self.table.learner_seat:
                break
            due = trading.due_move(self.table, seat)  # rule 20: a card it was paid to play
            if isinstance(due, Card):
                choice = Choice(due, "bots.bound", {"card": due})
            else:
                choice = self.table.computer(game.state)
            reason = self.reason(choice.reason, choice.params) if self.table.open else None
            self.record_play(self.name(seat), choice.card, reason)
            trading.moved(self.table, seat)
        if game.state.finished:
            self.end_deal()
        else:
            self.show_table()

    def reason(self, key: str, params: dict[str, object]) -> str:
        return i18n.translate(key, self.lang, **{k: str(v) for k, v in params.items()})

    def record_play(self, seat: Player, card: Card, reason: str | None = None) -> None:
        assert self.table is not None and self.table.play is not None
        game = self.table.play
        tricks_before = len(game.state.tricks)
        game.play(card)
        self.say(self.t("plays", seat=seat, card=card))
        if reason is not None:  # open deals (na widno): each player says why
            self.say(f"    {reason}")
        if len(game.state.tricks) > tricks_before:
            winner = game.state.tricks[-1].winner
            self.say(self.t("takes", seat=self.name(winner)))

    def resume(self) -> None:
        """Go on with the deal after the learner answered something that paused it."""
        if self.table is None:
            return
        if self.table.play is None:
            bidding.run_bidders(self)
        else:
            self.run_bots()

    def handle_table(self, command: str, line: str) -> None:
        assert self.table is not None
        if self.table.trading is not None and trading.handle_line(self, command, line):
            return
        if self.table.play is None:
            bidding.handle_call(self, line)
            return
        if self.table.rest is not None and self.table.rest.asking:
            resting.handle_prediction(self, line)
            return
        game = self.table.play
        if command in ("hint", "podpowiedź", "podpowiedz"):
            self.hint(game.state)
            return
        if command in ("open", "odkryj", "widno"):
            self.table.open = True
            self.show_table()
            return
        if command in ("undo", "cofnij"):
            self.undo()
            return
        card = self.read_card(line)
        if card is None:
            return
        problem = game.state.refusal(card, speak_to_learner=True)
        if problem is not None:
            self.say(problem.message(self.lang))
            return
        if not trading.check_learner_move(self, card):
            return
        self.record_play(self.name(LEARNER), card)
        trading.moved(self.table, LEARNER)
        self.run_bots()

    def read_card(self, line: str) -> Card | None:
        assert self.table is not None and self.table.play is not None
        legal = sort_cards(self.table.play.state.legal_moves())
        text = line.strip()
        if text.isdigit():
            if 1 <= int(text) <= len(legal):
                return legal[int(text) - 1]
            self.say(self.t("bad_number", token=text, count=len(legal)))
            return None
        try:
            return parse_card(text, lang=self.lang)
        except BetelError as error:
            self.say(self.t("bad_card", detail=error.message(self.lang)))
            return None

    def undo(self) -> None:
        """Take back the learner's last card (and the computer players' cards after it)."""
        assert self.table is not None and self.table.play is not None
        game = self.table.play
        if self.table.trading is not None:  # rule 20: what was traded cannot be taken back
            self.say(self.t("no_undo_with_trade"))
            return
        if self.match is not None and not self.table.replay:  # every deal of a match counts
            self.say(self.t("no_undo_in_match"))
            return
        mine = [i for i, _ in enumerate(game.history) if game.history[i].to_play == LEARNER]
        if not mine:
            self.say(self.t("nothing_to_undo"))
            return
        while len(game.history) > mine[-1]:
            game.undo()
        self.table.practice = True
        self.say(self.t("undone"))
        self.show_table()

    def hint(self, state: PlayState) -> None:
        """The best cards by the solver and what the others cost; the beginner's rule of thumb
        beside it, as a reason a learner can follow."""
        assert self.table is not None
        advice = self.table.advisor.hint(state)
        best = [a.card for a in advice if a.cost == 0]
        tricks = advice[0].tricks
        key = "hint_best" if state.declarer is not None else "hint_best_free"
        self.say(self.t(key, cards=" ".join(map(str, best)), tricks=tricks))
        for item in advice:
            if item.cost:
                key = "hint_costs_contract" if item.costs_contract else "hint_costs"
                self.say(self.t(key, card=item.card, n=item.cost))
        choice = choose_card(state)
        self.say(self.t("hint", reason=self.reason(choice.reason, choice.params)))

    def review(self, table: Table) -> None:
        """After a deal: the first card of the learner's that cost a trick, and a better one."""
        assert table.play is not None
        if table.learner_seat is None or not table.play.history:
            return
        mistake = table.advisor.review(table.play.history, table.play.played, LEARNER)
        if mistake.card is None:
            self.say(self.t("review_clean"))
            return
        key = "review_mistake_contract" if mistake.costs_contract else "review_mistake"
        self.say(
            self.t(
                key, trick=mistake.trick, card=mistake.card, better=mistake.better, n=mistake.cost
            )
        )

    def end_deal(self) -> None:
        table = self.table
        assert table is not None and table.play is not None and self.level is not None
        state: PlayState = table.play.state
        taken = state.tricks_taken()
        first = table.play.history[0] if table.play.history else state
        self.say(self.t("hands_were"))
        for seat in range(3):
            name = self.name(seat).localized(self.lang)
            self.say(f"  {name:<9} {format_hand(first.hands[seat], lang=self.lang)}")
        for seat in range(3):
            self.say(self.t("tricks_taken", seat=self.name(seat), n=taken[seat]))
        scores = state.scores(doubled=table.doubled)
        entries = [f"{self.name(s).localized(self.lang)} {scores[s]:+d}" for s in range(3)]
        rest = table.rest
        if rest is not None:
            won = resting.points(rest, state)
            entries.append(self.t("resting_score", seat=rest.player, points=f"{won:+d}"))
        self.say(self.t("scores", scores=", ".join(entries)))
        mine = match_play.deal_points(table, state)[0]  # South's: contract, trade, prediction
        if table.trading is not None:  # rule 19: trade points are between players and the bank
            trading.show_ledger(self)
        if rest is not None:
            resting.say_outcome(self, rest, state)
        if table.learner_seat is not None and table.step.goal:
            goal, value = next(iter(table.step.goal.items()))
            self.say(self.t("goal_met" if self.goal_met(goal, value, state) else "goal_missed"))
        if not table.replay:
            self.review(table)
        if table.replay:
            self.say(self.t("replay_over"))
            self.table = None
            self.after_deal = True
            return
        self.remember(state)
        self.last_table = table
        in_match = self.match is not None
        if in_match:  # the deal counts in the match: its score table, perhaps its end (§7)
            match_play.record(self, table, state)
        self.say(self.t("can_save"))
        self.after_deal = True
        if table.practice:
            self.say(self.t("practice"))
        else:
            level = self.progress.level(self.level)
            self.progress = self.progress.with_level(
                self.level,
                replace(level, deals_played=level.deals_played + 1, points=level.points + mine),
            )
        self.table = None
        if not in_match:  # a match moves the lesson on only when it is won
            self.step_index += 1  # the deal is done: a learner who quits now resumes after it
        self.save()

    def fourth_player(self) -> tuple[tuple[Player, ...], Rest | None]:
        """Who sits at the table for the deal about to begin, and who rests (level 10 with
        ``--fourth``: the learner rests on every fourth deal begun in this run)."""
        if not self.fourth or self.level != 10:
            return THREE, None
        self.fourth_deals += 1
        rest = Rest(resting_player(self.fourth_deals))
        if rest.player != SOUTH:
            self.say(self.t("rests", seat=rest.player))
        return seated(rest.player), rest

    def remember(self, state: PlayState) -> None:
        """Keep the deal just played, for ``save``."""
        assert self.table is not None and self.table.play is not None and self.level is not None
        dealt = self.table.dealt
        assert dealt is not None
        calls = self.table.calls
        contract = None if calls is not None else str(state.contract)
        trump = None
        if contract is not None and state.contract.kind == "free":
            trump = state.contract.strain.symbol if state.contract.strain else None
            contract = None
        self.last_deal = PlayedDeal(
            level=self.level,
            step_deal=self.table.step.deal,
            dealer=dealt.dealer,
            hands=dealt.hands,
            dubel=dealt.dubel,
            calls=calls,
            contract=contract,
            declarer=None if calls is not None else state.declarer,
            trump=trump,
            play=tuple(self.table.play.played),
            **trading.saved(self.table),
        )

    def replay(self, argument: str) -> None:
        """Play the last deal again from trick ``argument`` (1 by default), unscored."""
        finished = self.last_table
        if finished is None or finished.play is None:
            self.say(self.t("nothing_to_replay"))
            return
        history = finished.play.history
        start = history[0] if history else finished.play.state
        trick = int(argument) if argument.isdigit() else 1
        if not 1 <= trick <= start.profile.tricks:
            self.say(self.t("bad_trick", token=argument, count=start.profile.tricks))
            return
        # The state before the trick's first card, as it was then: swaps made by trade
        # (levels 9–10) included. The replay itself has no trade: it is never scored.
        states = [*history, finished.play.state]
        game = DealPlay(states[(trick - 1) * start.profile.seats])
        self.table = replace(finished, play=game, practice=True, replay=True, trading=None)
        self.say(self.t("replaying", trick=trick))
        self.run_bots()

    def save_deal(self, argument: str) -> None:
        if self.last_deal is None:
            self.say(self.t("nothing_to_save"))
            return
        from betel_tutor.files import write_atomic

        deal = self.last_deal
        name = f"level-{deal.level:02d}-{deal.step_deal}"
        if argument:
            path = Path(argument).expanduser()
        else:
            folder = self.saves_to or Path.cwd()
            number = 1
            while (folder / f"{name}-{number}.yaml").exists():
                number += 1
            path = folder / f"{name}-{number}.yaml"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, deal_to_yaml(deal, ident=path.stem))
        except OSError as error:
            self.say(self.t("save_failed", path=path, detail=error.strerror or str(error)))
            return
        self.say(self.t("saved", path=path))

    @staticmethod
    def goal_met(goal: str, value: int, state: PlayState) -> bool:
        mine = state.tricks_taken()[LEARNER]
        if goal == "tricks_at_least":
            return mine >= value
        if goal == "tricks_at_most":
            return mine <= value
        if state.declarer is None:
            return False
        made = state.contract.is_made(state.tricks_taken()[state.declarer])
        return made if goal == "make" else not made
