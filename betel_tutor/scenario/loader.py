"""From YAML nodes to the scenario model, with every problem found reported.

The loader checks form: keys, types, notation, seats. Whether the claims are true (a quiz
answer, a scripted play) is the checker's job (``check.py``).
"""

from __future__ import annotations

import dataclasses
from functools import partial
from typing import TYPE_CHECKING, Any

from betel_tutor.contracts import Contract
from betel_tutor.errors import BetelError
from betel_tutor.match import CHIPS, TARGET
from betel_tutor.scenario.conditions import Condition
from betel_tutor.scenario.model import (
    Constraint,
    DealSpec,
    Game,
    LevelOptions,
    MatchStep,
    Note,
    PenaltyEvent,
    PlayStep,
    Quiz,
    QuizStep,
    ReadStep,
    Scenario,
    Step,
    Text,
    WatchStep,
)
from betel_tutor.scenario.reader import Reader
from betel_tutor.scenario.source import (
    BOARD_FILE_BYTES,
    MAX_BYTES,
    Node,
    Position,
    Problem,
    load_yaml,
    read_file,
)
from betel_tutor.seats import Seat

if TYPE_CHECKING:
    from betel_tutor.bridge.board import BridgeBoard

TOP_KEYS = ("kind", "id", "title", "level", "text", "options", "deals", "steps", "quizzes")
OPTION_KEYS = (
    "auction",
    "contract",
    "dealer_names_trump",
    "normal",
    "betelki",
    "exchange",
    "kontra",
    "trade",
    "scoring",
)
DEAL_KEYS = (
    "id",
    "title",
    "game",
    "variant",
    "dealer",
    "hands",
    "dubel",
    "seed",
    "constraints",
    "auction",
    "contract",
    "declarer",
    "trump",
    "play",
    "notes",
    "first_exchange",
    "trades",
    "resting",
    "prediction",
    "board",
    "vulnerable",
    "penalties",
    "result",
    "site",
    "date",
    "scoring",
    "players",
    "room",
    "alerts",
)
VULNERABLE = ("none", "NS", "EW", "all")
PENALTY_KEYS = ("after", "seat", "expose", "minor", "option", "designate")
CONSTRAINT_KEYS = ("seat", "suit", "rank", "cards", "hcp", "at_least", "at_most")
# A mapping constraint's ranks: Betel's, bridge's to 2, T for 10, the Polish D (Dama) and W (Walet).
CONSTRAINT_RANKS = {
    **{rank: rank for rank in ("A", "K", "Q", "J", "10", "9", "8", "7")},
    "T": "10", "D": "Q", "W": "J",
}  # fmt: skip
BRIDGE_RANKS = ("6", "5", "4", "3", "2")
NOTE_KEYS = ("id", "version", "category", "en", "pl")
QUIZ_PARAMS: dict[str, tuple[str, ...]] = {
    "trick-winner": ("trick", "trump", "variant", "leader"),
    "legal-cards": ("hand", "trick", "trump", "betel_defender"),
    "score": ("contract", "tricks", "doubled", "ask"),
    "call-legal": ("auction", "call", "options"),
    "odds": ("hold", "dubel", "split", "after_discard"),
    "laydown": ("hand", "dubel_cards", "contract"),
    "offer-legal": ("auction", "offer", "dealer", "hands", "play"),
    "count-tricks": ("hand", "trump"),
}
QUIZ_REQUIRED: dict[str, tuple[str, ...]] = {
    "trick-winner": ("trick",),
    "legal-cards": ("hand", "trick"),
    "score": ("contract", "tricks"),
    "call-legal": ("auction", "call"),
    "odds": ("hold", "split"),
    "laydown": ("hand", "dubel_cards", "contract"),
    "offer-legal": ("auction", "offer"),
    "count-tricks": ("hand", "trump"),
}
GOALS = ("tricks_at_least", "tricks_at_most", "make", "defeat", "best")
FLAG_GOALS = ("make", "defeat", "best")  # true or false; the others count tricks
STEP_KINDS = ("read", "play", "watch", "quiz", "match")
PLAY_KEYS = ("deal", "seat", "goal", "open", "text", "optional")
WATCH_KEYS = ("deal", "text", "comments")
MATCH_KEYS = ("scoring", "target", "text")
MATCH_TARGETS = (10, 10_000)  # a short practice match up to the full game's 1000 and beyond


class _Loader(Reader):
    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = path
        self.options_read = LevelOptions()  # the lesson's options, for its match steps
        self.partial: set[str] = set()  # deals read with a part left out (a problem in it)

    # -- top level ------------------------------------------------------------------------
    def scenario(self, root: Node) -> Scenario | None:
        fields = self.mapping(root, "scenario", allowed=TOP_KEYS, required=("kind", "id", "title"))
        if fields is None:
            return None
        kind = (
            self.string(fields["kind"], "kind", choices=("lesson", "practice", "board"))
            if "kind" in fields
            else None
        )
        ident = self.string(fields["id"], "id") if "id" in fields else None
        title = self.text(fields["title"], "title") if "title" in fields else None
        level = (
            self.integer(fields["level"], "level", low=1, high=10) if "level" in fields else None
        )
        text = self.text(fields["text"], "text") if "text" in fields else None
        options = self.options(fields["options"]) if "options" in fields else LevelOptions()
        self.options_read = options or LevelOptions()
        deals = self.items(fields.get("deals"), "deals", self.deal)
        steps = self.items(fields.get("steps"), "steps", self.step)
        quizzes = self.items(fields.get("quizzes"), "quizzes", self.quiz)
        self.check_unique_ids(deals)
        if kind is None or ident is None or title is None or options is None:
            return None
        return Scenario(
            path=self.path,
            kind=kind,  # type: ignore[arg-type]
            id=ident,
            title=title,
            level=level,
            text=text,
            options=options,
            deals=tuple(deals),
            steps=tuple(steps),
            quizzes=tuple(quizzes),
        )

    def items(self, node: Node | None, what: str, read: Any) -> list[Any]:
        if node is None:
            return []
        nodes = self.sequence(node, what)
        results = [read(item) for item in nodes or []]
        return [result for result in results if result is not None]

    def check_unique_ids(self, deals: list[DealSpec]) -> None:
        seen: set[str] = set()
        for deal in deals:
            if deal.id in seen and deal.position is not None:
                self.problem(deal.position, "scenario.duplicate_deal", id=deal.id)
            seen.add(deal.id)

    def options(self, node: Node) -> LevelOptions | None:
        fields = self.mapping(node, "options", allowed=OPTION_KEYS)
        if fields is None:
            return None
        values: dict[str, Any] = {}
        for key, value in fields.items():
            if key == "contract":
                values[key] = self.contract(value, "options.contract")
            elif key == "scoring":
                values[key] = self.string(value, "options.scoring", choices=("points", "chips"))
            elif key in OPTION_KEYS:
                values[key] = self.boolean(value, f"options.{key}")
        if any(value is None for value in values.values()):
            return None
        return LevelOptions(**values)

    # -- deals ----------------------------------------------------------------------------
    def deal(self, node: Node) -> DealSpec | None:
        before = len(self.problems)
        read = self.read_deal(node)
        if read is not None and len(self.problems) > before:
            self.partial.add(read.id)
        return read

    def read_deal(self, node: Node) -> DealSpec | None:
        fields = self.mapping(node, "deal", allowed=DEAL_KEYS, required=("id",))
        if fields is None or "id" not in fields:
            return None
        ok = True
        where = {key: value.position for key, value in fields.items()}
        values: dict[str, Any] = {"position": node.position, "where": where}
        values["id"] = self.string(fields["id"], "deal.id")
        named = None
        if "game" in fields:
            named = self.string(fields["game"], "game", choices=tuple(Game))
        game = Game(named) if named else Game.BETEL  # a wrong name is a problem already
        values["game"] = game
        count = game.profile.seats
        if "variant" in fields:
            values["variant"] = self.string(fields["variant"], "variant", choices=("blue-suit",))
        if "title" in fields:
            values["title"] = self.text(fields["title"], "deal.title")
        if "board" in fields:
            values["board"] = self.integer(fields["board"], "board", low=1, high=10**6)
        if "vulnerable" in fields:
            values["vulnerable"] = self.string(
                fields["vulnerable"], "vulnerable", choices=VULNERABLE
            )
        dealer = (
            self.seat(fields["dealer"], "dealer", count=count)
            if "dealer" in fields
            else Seat(0, count)
        )
        values["dealer"] = dealer
        if "hands" in fields:
            values["hands"] = self.hands(fields["hands"], count, where)
            ok = ok and values["hands"] is not None
        if "dubel" in fields:
            values["dubel"] = self.cards(fields["dubel"], "dubel")
        if "seed" in fields:
            seed = fields["seed"].value
            if isinstance(seed, bool) or not isinstance(seed, (int, str)):
                self.problem(fields["seed"].position, "scenario.bad_seed")
                ok = False
            values["seed"] = seed
        if "constraints" in fields:
            read = self.items(
                fields["constraints"], "constraints", lambda n: self.constraint(n, count, dealer)
            )
            values["constraints"] = tuple(c for c in read if isinstance(c, Constraint))
            values["conditions"] = tuple(c for c in read if isinstance(c, Condition))
        if "auction" in fields:
            values["auction"] = self.calls(fields["auction"])
        if "contract" in fields and game.profile.boards:
            bridge_contract = self.bridge_contract(fields["contract"])
            values["contract"] = None if bridge_contract is None else bridge_contract[0]
            values["doubled"] = 0 if bridge_contract is None else bridge_contract[1]
        elif "contract" in fields:
            values["contract"] = self.contract(fields["contract"], "contract")
        if "result" in fields:
            values["result"] = self.integer(fields["result"], "result", low=0, high=13)
            if not game.profile.boards:
                self.problem(fields["result"].position, "scenario.result_bridge_only")
        for key in ("site", "date", "scoring", "room"):
            if key in fields:
                values[key] = self.string(fields[key], key)
        if "players" in fields:
            values["players"] = self.players(fields["players"])
        if "alerts" in fields:
            values["alerts"] = self.alerts(fields["alerts"], values.get("auction"))
        if "trump" in fields:
            values["trump"] = self.string(fields["trump"], "trump")
            ok = ok and self.trump(fields["trump"], "trump")
        if "contract" in fields:
            self.contract_fits(fields, values)
        if "declarer" in fields:
            values["declarer"] = self.seat(
                fields["declarer"], "declarer", count=count, dealer=dealer
            )
        if "play" in fields:
            values["play"] = self.cards(fields["play"], "play")
        if "notes" in fields:
            values["notes"] = tuple(self.items(fields["notes"], "notes", self.note))
        self.trade(fields, values, where)
        if "penalties" in fields:
            values["penalties"] = self.penalties(fields["penalties"], values["game"], count)
        if "hands" not in fields and "seed" not in fields:
            self.problem(node.position, "scenario.no_cards", id=values["id"])
            ok = False
        if not ok or any(value is None for value in values.values()):
            return None
        return DealSpec(**values)

    def trade(self, fields: dict[str, Node], values: dict[str, Any], where: dict[str, Any]) -> None:
        """The deal's trade and the fourth player (``trade_reader.py``, spec §§7–8)."""
        from betel_tutor.scenario import trade_reader as read

        if not values["game"].profile.exchange:
            for key in ("first_exchange", "trades", "resting", "prediction"):
                if key in fields:
                    self.problem(fields[key].position, "check.trade_betel_only", key=key)
                    values[key] = None
            return
        if "first_exchange" in fields:
            values["first_exchange"] = read.read_bids(self, fields["first_exchange"], where)
        if "trades" in fields:
            values["trades"] = read.read_trades(self, fields["trades"])
        if "resting" in fields:  # None (a problem) makes the deal unreadable, as elsewhere
            values["resting"] = read.read_resting(self, fields["resting"]) or None
        if "prediction" in fields:
            values["prediction"] = read.read_prediction(self, fields["prediction"])
            values.setdefault("resting", True)  # a prediction is the resting player's (§7)

    def penalties(self, node: Node, game: Game, count: int) -> tuple[PenaltyEvent, ...] | None:
        """A bridge deal's penalty cards and the declarer's choices (Law 50, 51)."""
        if not game.profile.boards:
            self.problem(node.position, "scenario.penalties_bridge_only")
            return None
        events = self.items(node, "penalties", lambda n: self.penalty(n, count))
        if any(event is None for event in events):
            return None
        return tuple(events)

    def penalty(self, node: Node, count: int) -> PenaltyEvent | None:
        fields = self.mapping(node, "penalties", allowed=PENALTY_KEYS, required=("after",))
        if fields is None or "after" not in fields:
            return None
        values: dict[str, Any] = {"position": node.position}
        values["after"] = self.integer(fields["after"], "after", low=0, high=52)
        if "seat" in fields:
            values["seat"] = self.seat(fields["seat"], "penalties.seat", count=count)
        for key in ("expose", "minor"):
            if key in fields:
                values[key] = self.cards(fields[key], f"penalties.{key}")
        if "option" in fields:
            from betel_tutor.errors import NotationError
            from betel_tutor.penalty import parse_option

            text = self.string(fields["option"], "option")
            values["option"] = text
            if text is not None:
                try:
                    parse_option(text)
                except NotationError as error:
                    self.problem(fields["option"].position, "scenario.bad_option", detail=error)
                    values["option"] = None
        if "designate" in fields:
            designated = self.cards(fields["designate"], "penalties.designate")
            values["designate"] = designated[0] if designated and len(designated) == 1 else None
        kinds = sum(key in fields for key in ("expose", "option", "designate"))
        if kinds != 1 or ("expose" in fields) != ("seat" in fields):
            self.problem(node.position, "scenario.penalty_what")
            return None
        if any(value is None for key, value in values.items() if key != "position"):
            return None
        return PenaltyEvent(**values)

    def hands(
        self, node: Node, count: int, where: dict[str, Any]
    ) -> tuple[tuple[Any, ...], ...] | None:
        """Hands by seat; ``where["hand<seat>"]`` records where each is written."""
        if not node.is_mapping:
            self.problem(node.position, "scenario.expected_mapping", what="hands")
            return None
        fields: dict[str, Node] = node.value
        hands: list[Any] = [None] * count
        for name, value in fields.items():
            seat = self.seat(Node(name, node.key_positions[name]), "hands", count=count)
            if seat is None:
                return None
            hands[seat] = self.cards(value, f"hands.{name}")
            where[f"hand{seat:d}"] = value.position
        if len(fields) != count:
            self.problem(node.position, "scenario.missing_hand", count=count)
        if any(hand is None for hand in hands):
            return None
        return tuple(hands)

    def contract_fits(self, fields: dict[str, Node], values: dict[str, Any]) -> None:
        """A deal's contract agrees with its variant and its trump: a blue-suit board bids
        only ♦, ♥ and ♠ (boards-and-bridge.md §2), and a ``trump`` beside a contract is the
        contract's own (the betelki and Betel have none, §4)."""
        from betel_tutor.cards import Suit
        from betel_tutor.contracts import BridgeWords
        from betel_tutor.rules import as_trump

        contract = values.get("contract")
        if not isinstance(contract, Contract) or contract.kind == "free":
            return
        at = fields["contract"].position
        named = BridgeWords(contract) if values["game"].profile.boards else contract
        if values.get("variant") == "blue-suit" and contract.trump in (None, Suit.CLUBS):
            self.problem(at, "scenario.blue_suit_contract", contract=named)
        written = values.get("trump")
        if written is None or not isinstance(written, str):
            return
        try:
            trump = as_trump(written.strip())
        except BetelError:
            return  # reported where the trump is written
        if trump != contract.trump:
            self.problem(
                fields["trump"].position,
                "scenario.trump_not_contracts",
                trump=trump.symbol if trump else "NT",
                contract=named,
            )

    def bridge_contract(self, node: Node) -> tuple[Contract, int] | None:
        """A bridge deal's contract, levels 1–7: ``4♠``, ``6NT``, ``3BA``, doubled ``4♠X``,
        redoubled ``4♠XX``; ``pass`` when the board was passed out."""
        import re

        from betel_tutor.cards import Suit
        from betel_tutor.contracts import free_play
        from betel_tutor.errors import NotationError

        text = self.string(node, "contract")
        if text is None:
            return None
        written = text.strip().replace("\ufe0f", "")
        if written.lower() in ("pass", "pas"):
            return free_play(), 0
        match = re.fullmatch(r"([1-7])\s*(NT|BA|N|[♠♥♦♣SHDC])\s*(XX|X)?", written, re.IGNORECASE)
        if match is None:
            error = NotationError("bridge.bad_contract", token=text, position=0)
            self.problem(node.position, "scenario.bad_contract", what="contract", detail=error)
            return None
        strain = match.group(2).upper()
        suit = None if strain in ("NT", "BA", "N") else Suit.parse(strain)
        doubled = len(match.group(3) or "")
        return Contract("normal", int(match.group(1)), suit), doubled

    def calls(self, node: Node) -> tuple[str, ...] | None:
        if node.is_sequence:
            calls = [self.string(item, "auction") for item in node.value]
            return None if any(c is None for c in calls) else tuple(str(c) for c in calls)
        text = self.string(node, "auction")
        return None if text is None else tuple(text.split())

    def constraint(
        self, node: Node, count: int, dealer: Seat | None
    ) -> Constraint | Condition | None:
        if isinstance(node.value, str):  # one line: "S hcp 12-15", "dubel has ♠A"
            from betel_tutor.scenario.conditions import parse_condition

            try:
                game = Game.BRIDGE if count == 4 else Game.BETEL
                condition = parse_condition(node.value, game=game, dealer=dealer)
            except BetelError as error:
                self.problem(node.position, "scenario.bad_condition", detail=error)
                return None
            return dataclasses.replace(condition, position=node.position)
        fields = self.mapping(node, "constraint", allowed=CONSTRAINT_KEYS, required=("seat",))
        if fields is None or "seat" not in fields:
            return None
        ok = True
        written = fields["seat"].value
        seat: Seat | None = None
        if isinstance(written, str) and written.strip().lower() == "dubel":  # Betel's two cards
            if count == 4:
                self.problem(fields["seat"].position, "scenario.constraint_no_dubel")
                ok = False
        else:
            also = ("dubel",) if count == 3 else ()
            seat = self.seat(
                fields["seat"], "constraint.seat", count=count, dealer=dealer, also=also
            )
            ok = seat is not None
        values: dict[str, Any] = {"seat": seat, "position": node.position}
        if "suit" in fields:
            values["suit"] = self.string(fields["suit"], "suit", choices=("♠", "♥", "♦", "♣"))
        if "rank" in fields:
            values["rank"] = self.rank(fields["rank"], count)
        if "cards" in fields:
            values["cards"] = self.cards(fields["cards"], "constraint.cards")
        if "hcp" in fields:
            values["hcp"] = self.boolean(fields["hcp"], "hcp")
            if values["hcp"] is False:
                self.problem(fields["hcp"].position, "scenario.constraint_hcp_true")
                ok = False
        most = 40 if fields.get("hcp") is not None else 13
        for key in ("at_least", "at_most"):
            if key in fields:
                values[key] = self.integer(fields[key], key, low=0, high=most)
        if sum(key in fields for key in ("suit", "rank", "cards", "hcp")) != 1:
            self.problem(node.position, "scenario.constraint_what")
            return None
        if not ok or any(value is None for key, value in values.items() if key != "seat"):
            return None
        return Constraint(**values)

    def players(self, node: Node) -> tuple[str, ...] | None:
        """A bridge board's players by seat: ``{N: Anna, E: Bartek, S: Celina, W: Darek}``,
        any of them left out."""
        fields = self.mapping(node, "players", allowed=("N", "E", "S", "W"))
        if fields is None:
            return None
        names = {seat: self.string(value, f"players.{seat}") for seat, value in fields.items()}
        if any(name is None for name in names.values()):
            return None
        return tuple(names.get(seat) or "" for seat in ("N", "E", "S", "W"))

    def alerts(
        self, node: Node, auction: tuple[str, ...] | None
    ) -> tuple[tuple[int, str], ...] | None:
        """The alerted calls of a deal's auction: ``{2: "Transfer to hearts."}``, each key a
        call's number from 1 (PBN's ``=1=`` and its ``[Note "1:…"]``)."""
        if not node.is_mapping:
            self.problem(node.position, "scenario.expected_mapping", what="alerts")
            return None
        fields: dict[str, Node] = node.value
        calls = len(auction or ())
        alerts = []
        for key, value in fields.items():
            text = self.string(value, f"alerts.{key}")
            if not key.isdigit() or not 1 <= int(key) <= calls:
                self.problem(node.key_positions[key], "scenario.alert_not_a_call", key=key)
                return None
            if text is None:
                return None
            alerts.append((int(key), text))
        return tuple(sorted(alerts))

    def rank(self, node: Node, count: int) -> str | None:
        """A mapping constraint's rank, as its symbol (``D`` is ``Q``, ``W`` is ``J``)."""
        value = node.value
        written = str(value).strip().upper() if isinstance(value, (str, int)) else ""
        if written in CONSTRAINT_RANKS:
            return CONSTRAINT_RANKS[written]
        if count == 4 and written in BRIDGE_RANKS:
            return written
        choices = [*CONSTRAINT_RANKS, *(BRIDGE_RANKS if count == 4 else ())]
        self.problem(
            node.position,
            "scenario.bad_choice",
            what="rank",
            value=value,
            choices=", ".join(choices),
        )
        return None

    def note(self, node: Node) -> Note | None:
        fields = self.mapping(
            node, "note", allowed=NOTE_KEYS, required=("id", "version", "category")
        )
        if fields is None or not {"id", "version", "category"} <= fields.keys():
            return None
        ident = self.string(fields["id"], "note.id")
        version = self.integer(fields["version"], "note.version", low=1, high=10**9)
        category = self.string(fields["category"], "note.category", choices=("before", "after"))
        text_fields = {k: v for k, v in fields.items() if k in ("en", "pl")}
        text = self.text(Node(text_fields, node.position, node.key_positions), "note")
        if ident is None or version is None or category is None or text is None:
            return None
        where = {lang: fields[lang].position for lang in ("en", "pl")}
        return Note(ident, version, category, text, node.position, where)  # type: ignore[arg-type]

    # -- steps and quizzes ----------------------------------------------------------------
    def step(self, node: Node) -> Step | None:
        fields = self.mapping(node, "step", allowed=STEP_KINDS)
        if fields is None:
            return None
        if len(fields) != 1:
            self.problem(node.position, "scenario.one_step")
            return None
        ((kind, body),) = fields.items()
        if kind == "read":
            text = self.text(body, "read")
            return None if text is None else ReadStep(text, node.position, language_starts(body))
        if kind == "quiz":
            quiz = self.quiz(body)
            return QuizStep(quiz, node.position) if quiz is not None else None
        if kind == "match":
            return self.match(body, node)
        allowed = PLAY_KEYS if kind == "play" else WATCH_KEYS
        spec = self.mapping(
            body, kind, allowed=allowed, required=allowed[:3] if kind == "play" else ("deal",)
        )
        if spec is None or "deal" not in spec:
            return None
        deal = self.string(spec["deal"], f"{kind}.deal")
        text = self.text(spec["text"], f"{kind}.text") if "text" in spec else None
        where = language_starts(spec["text"], "text.") if "text" in spec else {}
        if kind == "watch":
            read = partial(self.text, what="watch.comments")
            comments = tuple(self.items(spec.get("comments"), "watch.comments", read))
            said = spec.get("comments")
            for n, item in enumerate(said.value if said is not None and said.is_sequence else ()):
                where |= language_starts(item, f"comments.{n}.")
            return None if deal is None else WatchStep(deal, text, node.position, comments, where)
        if "seat" not in spec or "goal" not in spec:
            return None
        seat = self.seat(spec["seat"], "play.seat", count=3)
        goal = self.goal(spec["goal"])
        show = self.boolean(spec["open"], "play.open") if "open" in spec else False
        optional = self.boolean(spec["optional"], "play.optional") if "optional" in spec else False
        if deal is None or seat is None or goal is None or show is None or optional is None:
            return None
        goal_at = spec["goal"].position
        return PlayStep(deal, seat, goal, show, text, node.position, goal_at, optional, where)

    def match(self, body: Node, node: Node) -> MatchStep | None:
        """``match: {scoring: chips, target: 1000}`` (spec §7): every key optional."""
        fields = self.mapping(body, "match", allowed=MATCH_KEYS)
        if fields is None:
            return None
        scoring = (
            self.string(fields["scoring"], "match.scoring", choices=("points", "chips"))
            if "scoring" in fields
            else None
        )
        low, high = MATCH_TARGETS
        target = (
            self.integer(fields["target"], "match.target", low=low, high=high)
            if "target" in fields
            else TARGET
        )
        text = self.text(fields["text"], "match.text") if "text" in fields else None
        if (
            target is None
            or ("scoring" in fields and scoring is None)
            or ("text" in fields and text is None)
        ):
            return None
        if not self.options_read.auction:  # every deal of a match is bid for (§3, §9 level 10)
            self.problem(node.position, "scenario.match_needs_auction")
            return None
        # With chips everybody starts with 500 (§7): a target at or below it is won at once.
        if (scoring or self.options_read.scoring) == "chips" and target <= CHIPS:
            where = fields["target"].position if "target" in fields else body.position
            self.problem(where, "scenario.match_target_chips", target=target, chips=CHIPS)
            return None
        return MatchStep(scoring, target, text, node.position)  # type: ignore[arg-type]

    def goal(self, node: Node) -> dict[str, int] | None:
        fields = self.mapping(node, "goal", allowed=GOALS)
        if fields is None or len(fields) != 1:
            if fields is not None:
                self.problem(node.position, "scenario.one_goal")
            return None
        ((name, value),) = fields.items()
        if name in FLAG_GOALS:
            flag = self.boolean(value, f"goal.{name}")
            return None if flag is None else {name: int(flag)}
        number = self.integer(value, f"goal.{name}", low=0, high=10)
        return None if number is None else {name: number}

    def trump(self, node: Node, what: str) -> bool:
        """A trump suit (``♠``, ``S``, ``spades``, ``pik``) or ``NT``; a problem at it if not."""
        from betel_tutor.errors import NotationError
        from betel_tutor.rules import as_trump

        value = node.value
        if value is None:
            return True  # no trump
        try:
            as_trump(str(value).strip())
        except NotationError as error:
            self.problem(node.position, "scenario.bad_contract", what=what, detail=error)
            return False
        return True

    def quiz_contract(self, node: Node, kind: str) -> bool:
        """A quiz's contract: of the ladder, or ``pass`` (free play) for a score; a problem
        at it if not."""
        from betel_tutor.contracts import Contract, parse_contract
        from betel_tutor.errors import NotationError

        what = f"{kind}.contract"
        text = self.string(node, what)
        if text is None:
            return False
        try:
            Contract.parse(text) if kind == "score" else parse_contract(text)
        except NotationError as error:
            self.problem(node.position, "scenario.bad_contract", what=what, detail=error)
            return False
        return True

    def quiz(self, node: Node) -> Quiz | None:
        fields = node.value if node.is_mapping else None
        kind_node = fields.get("kind") if fields else None
        kind = (
            self.string(kind_node, "quiz.kind", choices=tuple(QUIZ_PARAMS))
            if kind_node is not None
            else None
        )
        if fields is None:
            self.problem(node.position, "scenario.expected_mapping", what="quiz")
            return None
        if kind_node is None:
            self.problem(node.position, "scenario.missing_key", key="kind", what="quiz")
        if kind is None:
            return None
        common = ("kind", "question", "answer", "explanation", "wrong")
        spec = self.mapping(
            node,
            QuizNamed(kind),
            allowed=common + QUIZ_PARAMS[kind],
            required=("question", "answer", *QUIZ_REQUIRED[kind]),
        )
        if spec is None or "question" not in spec or "answer" not in spec:
            return None
        question = self.text(spec["question"], "quiz.question")
        explanation = (
            self.text(spec["explanation"], "quiz.explanation") if "explanation" in spec else None
        )
        params = {key: spec[key].plain() for key in QUIZ_PARAMS[kind] if key in spec}
        wrong, wrong_at = self.wrong_notes(spec["wrong"]) if "wrong" in spec else ({}, {})
        if "contract" in spec and not self.quiz_contract(spec["contract"], kind):
            return None
        if "trump" in spec and not self.trump(spec["trump"], f"{kind}.trump"):
            return None
        if "ask" in spec and self.string(spec["ask"], "quiz.ask", choices=("declarer",)) is None:
            return None
        if question is None or not set(QUIZ_REQUIRED[kind]) <= params.keys():
            return None
        return Quiz(
            kind=kind,  # type: ignore[arg-type]
            question=question,
            answer=spec["answer"].plain(),
            params=params,
            explanation=explanation,
            position=node.position,
            where={key: value.position for key, value in spec.items()}
            | language_starts(spec["question"], "question.")
            | (language_starts(spec["explanation"], "explanation.") if explanation else {})
            | wrong_at,
            wrong=wrong,
        )

    def wrong_notes(self, node: Node) -> tuple[dict[str, Text], dict[str, Position]]:
        """A quiz's ``wrong:``: each wrong answer, as typed, with its note in both languages;
        and where each answer is written (``wrong.<answer>``), for the checker."""
        if not node.is_mapping:
            self.problem(node.position, "scenario.expected_mapping", what="quiz.wrong")
            return {}, {}
        notes: dict[str, Text] = {}
        where: dict[str, Position] = {}
        for key, value in node.value.items():
            text = self.text(value, f"wrong: {key}")
            if text is not None:
                notes[str(key)] = text
                where[f"wrong.{key}"] = node.key_positions[key]
        return notes, where


class QuizNamed(str):
    """A quiz named in a message by its kind: ``trick-winner quiz``, in Polish ``quizie
    trick-winner`` (the messages say "in a quiz", ``w quizie``)."""

    __slots__ = ()

    def __new__(cls, kind: str) -> QuizNamed:
        return super().__new__(cls, f"{kind} quiz")

    def __getnewargs__(self) -> tuple[str]:
        # Problems come back from worker processes pickled: made again from the kind alone.
        return (self.removesuffix(" quiz"),)

    def localized(self, lang: str) -> str:
        from betel_tutor import i18n

        return i18n.translate("scenario.quiz_named", lang, kind=self.removesuffix(" quiz"))


def language_starts(node: Node, prefix: str = "") -> dict[str, Position]:
    """Where each language of a bilingual text is written, keyed ``prefix`` + ``en``/``pl``."""
    if not node.is_mapping:
        return {}
    return {prefix + lang: node.value[lang].position for lang in ("en", "pl") if lang in node.value}


def load_text(text: str, path: str) -> tuple[Scenario | None, list[Problem]]:
    """Load a scenario from its text; ``path`` is used in the positions."""
    scenario, problems, _ = load_text_partly(text, path)
    return (scenario if not problems else None), problems


def load_text_partly(
    text: str, path: str, limit: int = MAX_BYTES
) -> tuple[Scenario | None, list[Problem], frozenset[str]]:
    """Like :func:`load_text`, with what could be read even when there are problems (the
    parts with problems left out), and the id of every deal written, read or not: ``check``
    goes on checking what does not depend on the parts left out."""
    root, problems = load_yaml(text, path, limit)
    if root is None:
        return None, problems, frozenset()
    loader = _Loader(path)
    scenario = loader.scenario(root)
    if scenario is not None and loader.partial:  # a deal missing a part is not checked
        whole = tuple(deal for deal in scenario.deals if deal.id not in loader.partial)
        scenario = dataclasses.replace(scenario, deals=whole)
    written: set[str] = set()
    deals = root.value.get("deals") if root.is_mapping else None
    for node in deals.value if deals is not None and deals.is_sequence else []:
        ident = node.value.get("id") if node.is_mapping else None
        if ident is not None and isinstance(ident.value, (str, int)):
            written.add(str(ident.value))
    return scenario, problems + loader.problems, frozenset(written)


@dataclasses.dataclass(frozen=True)
class LoadedFile:
    """A scenario file read and parsed once, for whoever needs it next (``check``, ``render``):
    what could be read (the parts with problems left out), the problems reading met, the id
    of every deal written (:func:`load_text_partly`), and for a PBN or LIN file each line's
    origin in it (:func:`at_origin`)."""

    path: str
    scenario: Scenario | None
    problems: tuple[Problem, ...]  # at the lines of the text read (see :meth:`at_origin`)
    written: frozenset[str] = frozenset()
    origin: dict[int, int] | None = None

    @property
    def whole(self) -> Scenario | None:
        """The model when the file has no problem, else ``None``."""
        return self.scenario if not self.problems else None

    def at_origin(self, problems: list[Problem]) -> list[Problem]:
        """``problems`` at the lines of the file they come from."""
        return at_origin(problems, self.origin)


def load_file(path: str) -> LoadedFile:
    """Read and parse a scenario file once, keeping what could be read even with problems. A
    ``.pbn`` or ``.lin`` file is read as the scenario it converts to."""
    text, problems, origin = read_source(path)
    if text is None:
        return LoadedFile(path, None, tuple(problems))
    limit = MAX_BYTES if origin is None else BOARD_FILE_BYTES  # a board file's YAML is ours
    scenario, problems, written = load_text_partly(text, path, limit)
    return LoadedFile(path, scenario, tuple(problems), written, origin)


def load(path: str) -> tuple[Scenario | None, list[Problem]]:
    """Load a scenario file: the model, or ``None`` and the list of problems with positions.
    A ``.pbn`` or ``.lin`` file is loaded as the scenario it converts to."""
    loaded = load_file(path)
    return loaded.whole, loaded.at_origin(list(loaded.problems))


BOARD_FILES = (".pbn", ".lin")


def read_source(path: str) -> tuple[str | None, list[Problem], dict[int, int] | None]:
    """A scenario's text and the problems met reading it. A PBN or LIN file gives the YAML
    ``convert`` writes from it, with each line's origin in the file (:func:`at_origin`)."""
    if not path.lower().endswith(BOARD_FILES):
        text, problems = read_file(path)
        return text, problems, None
    # Lazily: the board formats read scenario values (model), which load with this package.
    from betel_tutor.errors import ScenarioError
    from betel_tutor.scenario.boards import as_scenario

    text, problems = read_file(path, BOARD_FILE_BYTES)
    if text is None:
        return None, problems, None
    del text  # read to report what stops it being read; the boards are read from the file
    try:
        converted, origin = as_scenario(path)
    except ScenarioError as error:
        line = int(error.params.get("line") or 0)
        at = Position(path, line, 1 if line else 0)
        if error.key == "bridge.no_boards":
            return None, [Problem(at, "scenario.no_boards")], None
        detail = error.params.get("detail", "")
        return None, [Problem(at, "scenario.bad_board_file", {"detail": detail})], None
    return converted, [], origin


def at_origin(problems: list[Problem], origin: dict[int, int] | None) -> list[Problem]:
    """Problems of a converted PBN or LIN file at the lines of the file they come from."""
    if origin is None:
        return problems
    return [
        Problem(Position(p.position.path, origin.get(p.position.line, 1), 1), p.key, p.params)
        for p in problems
    ]


def read_boards(path: str) -> list[BridgeBoard]:
    """The bridge boards of a ``.pbn``, ``.lin`` or ``.yaml`` file; a file that cannot be
    read, is damaged or holds a problem is one :class:`ScenarioError` naming the file (and
    line)."""
    from betel_tutor.bridge.board import format_of
    from betel_tutor.scenario.boards import boards_of, problem_error, read_board_file

    if format_of(path) != "yaml":
        return read_board_file(path)
    scenario, problems = load(path)
    if scenario is None or problems:
        raise problem_error(path, problems[0])
    return boards_of(scenario, path)
