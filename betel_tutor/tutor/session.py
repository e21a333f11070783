"""A tutoring session: the learner's lines in, events out.

The session holds the current phase (:mod:`betel_tutor.tutor.phase`) and runs the computer
players until a phase waits for the learner; then it adds that phase's prompt. The commands of
the table (:mod:`betel_tutor.tutor.commands`) are handled here when they mean the same in every
phase (quit, help, rules, save, note, replay, solution) and passed to the phase otherwise
(hint, undo, open, trade, offer). Nothing here reads a terminal or prints: the front ends do
(:mod:`betel_tutor.tutor.terminal`, :mod:`betel_tutor.tutor.jsonlines`).

What only some sessions reach is imported where it is first entered, not at the top: a bridge
lesson, the puzzles, the scenes of the full-screen front end, the work done ahead, a deal's
solution. The tutor's first prompt then comes without them (bench/startup.py).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from betel_tutor import i18n
from betel_tutor.errors import BetelError
from betel_tutor.files import make_folders, why_not, write_output
from betel_tutor.play import DealPlay
from betel_tutor.tutor.commands import Command, Typed, parse_command
from betel_tutor.tutor.context import Context, Settings
from betel_tutor.tutor.events import Bye, Choice, Event, Prompt
from betel_tutor.tutor.menu import MenuPhase, open_level, practise
from betel_tutor.tutor.phase import Phase
from betel_tutor.tutor.playing import PlayPhase
from betel_tutor.tutor.progress import Progress
from betel_tutor.tutor.saving import deal_to_yaml
from betel_tutor.tutor.text import shown, small_number

FORCE = "--force"  # after ``save FILE``: write over a file this program did not write

RULES = range(1, 22)  # the rules summary's points (spec §11)
NO_HINT_SAYS = {  # prompts with no hint, and the message that says what to do there instead
    "continue": "no_hint_continue",
    "menu": "no_hint_menu",
    "prediction": "no_hint_prediction",
    "retry": "no_hint_retry",
    "trump": "no_hint_trump",
}
NO_HELP = (Command.HINT, Command.UNDO, Command.OPEN)  # refused, saying why, where unaided


class Session:
    """The tutor's core. ``start`` and ``handle`` return the events to show; the last one is
    the prompt, unless the session has ``finished``."""

    def __init__(
        self,
        progress: Progress,
        lang: str = "en",
        *,
        settings: Settings | None = None,
        on_progress: Callable[[Progress], bool] | None = None,
        scenes: bool = False,
    ) -> None:
        self.ctx = Context(progress, lang, settings or Settings(), on_progress)
        self.scenes = scenes  # a scene of the table before each prompt (full-screen front end)
        self.phase: Phase = MenuPhase()
        self.finished = False

    @property
    def progress(self) -> Progress:
        return self.ctx.progress

    def start(self, level: int | None = None, *, practice: bool = False) -> list[Event]:
        ctx = self.ctx
        ctx.say(ctx.t("welcome"))
        if ctx.progress.match_set_aside is not None:  # a damaged saved match was dropped
            aside, detail = ctx.progress.match_set_aside
            ctx.say(ctx.t("match_set_aside", aside=aside, detail=detail))
            ctx.progress = replace(ctx.progress, match_set_aside=None)
        course = ctx.settings.course
        if level is None and course is not None and len(course.lessons) == 1:
            level = 1  # ``learn FILE``: the teacher's lesson opens at once
        if practice:
            self.phase = practise(ctx)
        elif level is not None:
            self.phase = open_level(ctx, level) or MenuPhase()
        return self.run()

    def open_lesson(self, name: str) -> None:
        """Open the shipped bridge lesson ``name`` (``learn --lesson``) in place of the menu,
        which follows its last board; ``start`` then runs it."""
        from betel_tutor.tutor.penalty_lesson import open_lesson

        self.phase = open_lesson(name, lambda ctx: MenuPhase())

    def open_puzzles(self, theme: str | None = None, corpus: Path | None = None) -> None:
        """Puzzles from the corpus in place of the menu (``learn --puzzles``), which follows
        when the learner stops; ``start`` then shows the first."""
        from betel_tutor.tutor.puzzling import PuzzlePhase

        self.phase = PuzzlePhase(lambda ctx: MenuPhase(), theme=theme, corpus=corpus)

    def run(self) -> list[Event]:
        """Computer players move until a phase waits for the learner; then its prompt."""
        ctx = self.ctx
        while not self.phase.waiting(ctx):
            self.phase = self.phase.advance(ctx)
        phase = self.phase  # what the front ends offer: a hint key, help at all
        prompt = replace(phase.prompt(ctx), hint=phase.gives_hint, unaided=phase.unaided)
        if self.scenes:
            from betel_tutor.tutor.scene import scene

            now = scene(ctx)
            if now is not None:
                ctx.emit(now)
        ctx.emit(prompt)
        return ctx.take_events()

    @property
    def expects(self) -> str:
        return self.phase.expects

    def handle(self, line: Choice) -> list[Event]:
        """The learner typed ``line``, or chose one of the prompt's ``choices`` (a card, a
        call, a suit …: written once here, in the notation a learner types)."""
        line = line if isinstance(line, str) else str(line)
        typed = parse_command(line)
        if typed is None:
            self.phase = self.phase.handle(self.ctx, line)
        else:
            self.command(typed, line)
        if self.finished:
            return self.ctx.take_events()
        return self.run()

    def command(self, typed: Typed, line: str) -> None:
        ctx = self.ctx
        match typed.command:
            case Command.QUIT:
                self.quit()
            case Command.HELP:  # a puzzle's own: what it accepts, and why it gives no help
                ctx.say(ctx.t("help_puzzle" if self.phase.unaided else "help"))
            case Command.RULES:
                self.rules(typed.argument)
            case Command.SAVE:
                self.save_deal(typed.argument)
            case Command.NOTE if ctx.last_deal is not None:
                notes = (*ctx.last_deal.notes, shown(typed.argument))
                ctx.last_deal = replace(ctx.last_deal, notes=notes)
                ctx.say(ctx.t("noted"))
            case Command.REPLAY if not self.phase.at_table:
                self.replay(typed.argument)
            case Command.SOLUTION if not self.phase.at_table:
                self.solution()
            case _:
                following = self.phase.command(ctx, typed)
                if following is None:
                    word = shown(line.strip().split(" ", 1)[0])
                    if self.phase.unaided and typed.command in NO_HELP:  # a puzzle
                        ctx.refuse(line, "not_now", ctx.t("no_hint_puzzle", word=word))
                    elif typed.command is Command.HINT:  # say what to do instead
                        said = NO_HINT_SAYS.get(self.phase.expects, "no_hint")
                        ctx.refuse(line, "not_now", ctx.t(said, word=word))
                    else:
                        ctx.refuse(line, "not_now", ctx.t("not_now", word=word))
                else:
                    self.phase = following

    def quit(self) -> None:
        kept = self.ctx.save()
        self.ctx.emit(Bye(self.ctx.t("bye" if kept else "bye_unsaved")))
        self.finished = True

    def ahead(self) -> bool:
        """Do one piece of the work the deal at the table will ask for later (the learner's
        calls judged for the auction's review, their cards judged where they are to play in a
        closed deal: :mod:`betel_tutor.tutor.ahead`); False when nothing is left. A front end
        may call it while it waits for the learner's line; nothing needs it, since what is
        not done ahead is done when it is asked for, with the same result."""
        table = self.ctx.table
        if self.finished or table is None:
            return False
        from betel_tutor.tutor import ahead

        return ahead.step(self.ctx, table)

    def save(self) -> None:
        """Keep the learner's place and language (at the end of input, or Ctrl-C)."""
        self.ctx.save()

    def rules(self, argument: str) -> None:
        ctx = self.ctx
        if argument:
            number = small_number(argument, digits=2)
            if number is None or number not in RULES:
                ctx.refuse(argument, "bad_rule", ctx.t("bad_rule", token=shown(argument)))
                return
            ctx.say(f"{number}. {i18n.translate(f'summary.{number}', ctx.lang)}")
            return
        for number in RULES:
            ctx.say(f"{number}. {i18n.translate(f'summary.{number}', ctx.lang)}")

    def replay(self, argument: str) -> None:
        """Play the last deal again from trick ``argument`` (1 by default), unscored."""
        ctx = self.ctx
        finished = ctx.last_table
        if finished is None or finished.play is None:
            ctx.refuse(argument, "nothing_to_replay", ctx.t("nothing_to_replay"))
            return
        history = finished.play.history
        start = history[0] if history else finished.play.state
        trick = small_number(argument) if argument else 1
        if trick is None or not 1 <= trick <= start.profile.tricks:
            message = ctx.t("bad_trick", token=shown(argument), count=start.profile.tricks)
            ctx.refuse(argument, "bad_trick", message)
            return
        # The state before the trick's first card, as it was then: swaps made by trade
        # (levels 9–10) included. The replay itself has no trade: it is never scored.
        states = [*history, finished.play.state]
        game = DealPlay(states[(trick - 1) * start.profile.seats])
        ctx.table = replace(finished, play=game, practice=True, replay=True, trading=None)
        ctx.say(ctx.t("replaying", trick=trick))
        back = self.phase

        def then(ctx: Context) -> Phase:
            ctx.table = None
            return back

        self.phase = PlayPhase(ctx.table, then)

    def solution(self) -> None:
        """The best line of the last deal for the learner's side, every trick with its why."""
        finished = self.ctx.last_table
        if finished is None or finished.play is None:
            self.ctx.refuse("", "nothing_to_solve", self.ctx.t("nothing_to_solve"))
            return
        from betel_tutor.tutor.solution import show_solution

        show_solution(self.ctx, finished)

    def save_deal(self, argument: str) -> None:
        """``save [FILE] [--force]``: the last deal as a practice file. A file there that this
        program did not write is refused, or with ``--force`` kept as ``FILE.bak-<n>``; a
        device or a FIFO is never written (:func:`betel_tutor.files.write_output`)."""
        ctx = self.ctx
        deal = ctx.last_deal
        if deal is None:
            ctx.refuse(argument, "nothing_to_save", ctx.t("nothing_to_save"))
            return
        words = argument.split()
        force = FORCE in words
        named = " ".join(word for word in words if word != FORCE) if force else argument
        name = f"level-{deal.level:02d}-{deal.step_deal}"
        try:
            if named:
                path = Path(named).expanduser()
            else:
                folder = ctx.settings.saves_to or Path.cwd()
                number = 1
                while os.path.lexists(folder / f"{name}-{number}.yaml"):
                    number += 1
                path = folder / f"{name}-{number}.yaml"
            make_folders(path.parent)
            kept = write_output(path, deal_to_yaml(deal, ident=path.stem), "yaml", force=force)
        except BetelError as error:  # not ours, or not a regular file
            ctx.refuse(argument, error.reason, error.message(ctx.lang))
            return
        except (OSError, ValueError) as error:  # ValueError: a NUL in the name
            detail = why_not(error)
            message = ctx.t("save_failed", path=shown(named or name), detail=detail)
            ctx.refuse(argument, "save_failed", message)
            return
        if kept is not None:
            ctx.say(ctx.t("save_kept", path=path, aside=kept))
        ctx.say(ctx.t("saved", path=path))


def prompt_of(events: list[Event]) -> Prompt | None:
    """The prompt that ends ``events``, if any."""
    return events[-1] if events and isinstance(events[-1], Prompt) else None
