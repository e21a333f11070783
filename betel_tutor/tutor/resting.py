"""The fourth, resting player of level 10 (``learn --fourth``, spec §7).

Four players take turns to rest, one each deal (:func:`betel_tutor.tutor.table.resting_player`):
West, North, East, then the learner, so the learner rests on deals 4, 8, … of the level. After
the auction, if there is a declarer, the resting player predicts whether the contract will be
made, or declines: +10 if right, −10 if wrong (:func:`betel_tutor.scoring.prediction_points`).

A resting computer player predicts from the auction alone (:mod:`betel_tutor.bots.prediction`).
When the learner rests, the three computer players bid and play the deal open, each card with
its reason; the learner is asked for a prediction after the auction, and its points are the
learner's score for the deal.
"""

from __future__ import annotations

from betel_tutor import i18n
from betel_tutor.auction import AuctionState
from betel_tutor.bots.prediction import predict
from betel_tutor.cards import Card, format_hand
from betel_tutor.play import PlayState
from betel_tutor.scoring import prediction_points
from betel_tutor.seats import seats
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.events import Prompt
from betel_tutor.tutor.phase import Phase
from betel_tutor.tutor.table import Rest, Table
from betel_tutor.tutor.text import shown

ANSWERS: dict[str, bool | None] = {
    "made": True,
    "yes": True,
    "y": True,
    "tak": True,
    "t": True,
    "ugrany": True,
    "defeated": False,
    "down": False,
    "no": False,
    "n": False,
    "nie": False,
    "obalony": False,
    "skip": None,
    "pomiń": None,
    "pomin": None,
}


def parse_prediction(text: str) -> bool | None:
    """``made``/``yes``/``tak`` → True, ``defeated``/``down``/``no``/``nie`` → False,
    ``skip``/``pomiń`` → None; anything else raises ``ValueError``.

    >>> parse_prediction(" Tak "), parse_prediction("down"), parse_prediction("pomiń")
    (True, False, None)
    """
    word = text.strip().lower()
    if word not in ANSWERS:
        raise ValueError(word)
    return ANSWERS[word]


def show_rest_deal(
    ctx: Context, table: Table, hands: tuple[tuple[Card, ...], ...], dubel: tuple[Card, ...]
) -> None:
    """The learner rests: the deal is played open by the three computer players."""
    table.open = True
    players = ", ".join(player.localized(ctx.lang) for player in table.names)
    ctx.say(ctx.t("you_rest", players=players))
    for seat in seats():
        name = ctx.name(seat).localized(ctx.lang)
        ctx.say(f"  {name:<9} {format_hand(hands[seat], lang=ctx.lang)}")
    if dubel:
        ctx.say(ctx.t("dubel", cards=dubel))


def predict_or_play(ctx: Context, table: Table, final: AuctionState, play: Phase) -> Phase:
    """After the auction: a resting computer player predicts (announced) or declines; a
    resting learner is asked (:class:`PredictPhase`) before the ``play`` begins."""
    rest = table.rest
    assert rest is not None
    if final.standing is None:
        key = "nothing_to_predict_you" if rest.learner else "nothing_to_predict"
        ctx.say(ctx.t(key, seat=rest.player))
        return play
    if rest.learner:
        ctx.say(ctx.t("predict_question", contract=final.standing))
        return PredictPhase(rest, play)
    prediction = predict(final)
    rest.predicted = prediction.made
    said = {True: "rest_predicts_made", False: "rest_predicts_defeated", None: "rest_declines"}
    reason = i18n.translate(prediction.reason, ctx.lang)
    ctx.say(ctx.t(said[prediction.made], seat=rest.player, reason=reason))
    return play


class PredictPhase(Phase):
    """The resting learner's prediction; a bad answer is refused, naming it."""

    expects = "prediction"

    def __init__(self, rest: Rest, play: Phase) -> None:
        self.rest, self.play = rest, play

    @property
    def at_table(self) -> bool:
        return True

    def prompt(self, ctx: Context) -> Prompt:
        choices = ("made", "defeated", "skip")
        return Prompt(ctx.t("prompt_predict"), expects=self.expects, choices=choices)

    def handle(self, ctx: Context, line: str) -> Phase:
        try:
            predicted = parse_prediction(line)
        except ValueError:
            ctx.refuse(line, "bad_prediction", ctx.t("bad_prediction", token=shown(line)))
            return self
        self.rest.predicted = predicted
        said = {True: "you_predict_made", False: "you_predict_defeated", None: "you_predict_none"}
        ctx.say(ctx.t(said[predicted]))
        return self.play


def points(rest: Rest, state: PlayState) -> int:
    """The resting player's points for the deal: ±10 for a prediction, 0 otherwise."""
    if state.declarer is None:
        return 0
    made = state.contract.is_made(state.tricks_taken()[state.declarer])
    return prediction_points(rest.predicted, made)


def say_outcome(ctx: Context, rest: Rest, state: PlayState) -> None:
    """After the scores: whether the resting player's prediction was right."""
    if state.declarer is None:
        return
    won = points(rest, state)
    outcome = "none" if rest.predicted is None else ("right" if won > 0 else "wrong")
    key = f"your_prediction_{outcome}" if rest.learner else f"rest_{outcome}"
    ctx.say(ctx.t(key, seat=rest.player, points=f"{won:+d}"))
