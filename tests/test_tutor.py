"""The tutor as the console script runs it: scripted input in this process, and the real program
in a pseudo-terminal (pexpect)."""

from __future__ import annotations

import json
import os
import signal
import sys
from pathlib import Path

import pexpect
import pytest

from tests.in_process import Ran, run_cli
from tests.learner import first_deal_step, lesson_lines, quiz_line, quizzes_of, shipped_lesson
from tests.processes import unmeasured

BETEL_TUTOR = str(Path(sys.executable).parent / "betel-tutor")
# Level 1 up to its first deal: Enter at each text, the right answer at each quiz.
QUIZ_ANSWERS = lesson_lines(1)
LEVEL_1_QUIZZES = len(quizzes_of(1))
LEVEL_1_STEPS = len(shipped_lesson(1).steps)
LEVEL_1_FIRST_DEAL = first_deal_step(1)  # its number, from 1
LEVEL_8_LINES = lesson_lines(8)


def environment(home: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LANGUAGE")}
    env.update({"BETEL_TUTOR_HOME": str(home), "TERM": "dumb", **extra})
    return env


def scripted(home: Path, lines: list[str], *args: str) -> Ran:
    """``learn ARGS`` fed ``lines``, in this process as the console script runs it."""
    return run_cli("learn", *args, env=environment(home), input="\n".join(lines) + "\n")


def as_a_shell_starts_it() -> None:
    """In the child before the program starts: Ctrl-C delivered and handled as in a terminal's
    shell, whatever the test process inherited or set (a signal ignored or blocked by a
    library it loaded, which a child would otherwise inherit)."""
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def spawn(home: Path, *args: str, measured: bool = True) -> pexpect.spawn:
    """The real program in a pseudo-terminal: what a terminal shows and sends is the point;
    not ``measured`` where its own first instants are (tests/processes.py)."""
    env = environment(home)
    child = pexpect.spawn(
        BETEL_TUTOR,
        ["learn", "--plain", *args],
        env=env if measured else unmeasured(env),
        encoding="utf-8",
        timeout=30,
        preexec_fn=as_a_shell_starts_it,
    )
    child.delaybeforesend = None  # the terminal keeps a line typed ahead until it is read
    return child


def answer_level_1_quizzes(child: pexpect.spawn) -> None:
    for answer in QUIZ_ANSWERS:
        child.expect("Press Enter|Your answer")
        child.sendline(answer)


def quit_cleanly(child: pexpect.spawn) -> None:
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_scripted_level_1_quizzes_and_a_whole_deal(tmp_path: Path) -> None:
    # "no": the review names a costly card and offers its trick again
    result = scripted(tmp_path, [*QUIZ_ANSWERS, *["1"] * 10, "no", "", "quit"], "--level", "1")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.count("Right!") == LEVEL_1_QUIZZES
    assert "South: " in out and "Score: South +" in out  # the deal was played to the end
    assert f"Step {LEVEL_1_FIRST_DEAL + 1} of {LEVEL_1_STEPS}" in out
    saved = json.loads((tmp_path / "progress.json").read_text(encoding="utf-8"))
    level = saved["levels"]["1"]
    assert level["next_step"] == LEVEL_1_FIRST_DEAL and level["deals_played"] == 1


def test_wrong_answers_and_bad_input_are_explained(tmp_path: Path) -> None:
    lines = ["", "♠A", "♠A", "", "xyz", "quit"]  # a wrong answer gets a second try
    result = scripted(tmp_path, lines, "--level", "1", "--lang", "pl")
    assert "Niezupełnie. Spróbuj jeszcze raz — zasady 5 i 7" in result.stdout
    assert "Niezupełnie: odpowiedź to ♥K." in result.stdout
    assert "'xyz' to nie jest lista kart" in result.stdout
    assert "Traceback" not in result.stderr


def test_illegal_card_is_refused_with_its_rule(tmp_path: Path) -> None:
    # Step 8: West deals and leads ♠K, North follows; South holds ♠10 7 and must follow suit.
    lines = [*QUIZ_ANSWERS, *["1"] * 10, "no", "", "♣10", "hint", "♠7", "undo", "quit"]
    result = scripted(tmp_path, lines, "--level", "1")
    out = result.stdout
    assert "You cannot play ♣10: ♠ was led and you must follow suit with ♠10, ♠7 (rule 5)" in out
    assert "Hint: ♠7: no legal card can take this trick, so the lowest goes" in out
    assert "South plays ♠7" in out
    assert "This deal is now practice and will not be scored." in out


def test_end_of_input_saves_and_resumes(tmp_path: Path) -> None:
    first = scripted(tmp_path, ["", "♥K"], "--level", "1")
    assert first.returncode == 0
    again = scripted(tmp_path, ["quit"], "--level", "1")
    assert "Welcome back: you continue from step 3." in again.stdout


def test_damaged_progress_is_kept_and_reported(tmp_path: Path) -> None:
    (tmp_path / "progress.json").write_text("{broken", encoding="utf-8")
    result = scripted(tmp_path, ["quit"], "--level", "1")
    assert result.returncode == 0
    assert "could not be read" in result.stderr
    assert (tmp_path / "progress.json.bad-1").read_text(encoding="utf-8") == "{broken"


def test_bad_level_argument(tmp_path: Path) -> None:
    result = scripted(tmp_path, [], "--level", "11")
    assert result.returncode == 2
    assert len(result.stderr.splitlines()) == 1 and "11" in result.stderr


def test_progress_command(tmp_path: Path) -> None:
    scripted(tmp_path, ["", "♥K", "quit"], "--level", "1")
    shown = run_cli("progress", env=environment(tmp_path))
    assert "Level 1: at step 2" in shown.stdout
    reset = run_cli("progress", "--reset", env=environment(tmp_path))
    assert "progress.json.old-1" in reset.stdout
    assert (tmp_path / "progress.json.old-1").exists() and not (tmp_path / "progress.json").exists()


def test_pseudo_terminal_session_quit_and_resume(tmp_path: Path) -> None:
    child = pexpect.spawn(
        BETEL_TUTOR,
        ["learn", "--plain"],
        env=environment(tmp_path),
        encoding="utf-8",
        timeout=30,
        preexec_fn=as_a_shell_starts_it,
    )
    child.expect("Choose a level")
    child.sendline("1")
    child.expect("Press Enter")
    child.sendline("")
    child.expect("Who wins the trick")
    child.sendline("sa")
    child.expect("Try once more")
    child.sendline("sa")
    child.expect("Not quite: the answer is ♥K")
    child.expect("Press Enter")  # step 3: follow suit
    child.sendline("")
    child.expect("Which cards may you play")
    child.sendline("♠8")
    child.expect("Right!")
    child.sendline("quit")
    child.expect("Your progress is saved")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    child = pexpect.spawn(
        BETEL_TUTOR,
        ["learn", "--plain", "--level", "1", "--lang", "pl"],
        env=environment(tmp_path),
        encoding="utf-8",
        timeout=30,
        preexec_fn=as_a_shell_starts_it,
    )
    child.expect("Witaj ponownie: kontynuujesz od kroku 5")
    child.sendcontrol("c")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130


def test_scripted_level_8_auction_and_play(tmp_path: Path) -> None:
    lines = [*LEVEL_8_LINES, "kontra", "2♠", *["1"] * 10, "quit"]
    result = scripted(tmp_path, lines, "--level", "8")
    out = result.stdout
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert out.count("Right!") == len(quizzes_of(8))
    assert "there is no contract to double" in out  # South calls first: nothing stands yet
    assert "South: 2♠" in out
    assert "The contract is Two spades, played by South." in out
    assert "Score: South" in out  # the deal was played to the end and scored
    saved = json.loads((tmp_path / "progress.json").read_text(encoding="utf-8"))
    assert saved["levels"]["8"]["deals_played"] == 1


def test_level_5_refuses_kontra_and_betelki(tmp_path: Path) -> None:
    result = scripted(tmp_path, [*lesson_lines(5), "B3", "kontra", "quit"], "--level", "5")
    assert "this level has no betelki" in result.stdout
    assert "this level has no kontra" in result.stdout or "no contract to double" in result.stdout


def test_open_and_seed_options(tmp_path: Path) -> None:
    lines = [*QUIZ_ANSWERS, *["1"] * 10, "quit"]
    default = scripted(tmp_path / "a", lines, "--level", "1")
    seeded = scripted(tmp_path / "b", lines, "--level", "1", "--seed", "77", "--open")
    hands = [out.stdout.split("The hands were:")[1].split("South:")[0] for out in (default, seeded)]
    assert hands[0] != hands[1]
    again = scripted(tmp_path / "c", lines, "--level", "1", "--seed", "77")
    assert again.stdout.split("The hands were:")[1].split("South:")[0] == hands[1]


def test_replay_from_a_trick_is_not_scored(tmp_path: Path) -> None:
    lines = [*QUIZ_ANSWERS, *["1"] * 10, "replay 9", "1", "1", "replay 11", "no", "", "quit"]
    result = scripted(tmp_path, lines, "--level", "1")
    out = result.stdout
    assert "Replaying the last deal from trick 9 (not scored)." in out
    assert "End of the replay." in out
    assert "'11' is not a trick: type a number from 1 to 10" in out
    assert f"Step {LEVEL_1_FIRST_DEAL + 1} of {LEVEL_1_STEPS}" in out
    saved = json.loads((tmp_path / "progress.json").read_text(encoding="utf-8"))
    assert saved["levels"]["1"]["deals_played"] == 1


def test_open_shows_the_other_hands_in_a_closed_deal() -> None:
    from betel_tutor.tutor.context import Settings
    from betel_tutor.tutor.events import lines
    from betel_tutor.tutor.progress import LevelProgress, Progress
    from betel_tutor.tutor.session import Session

    closed_step = LEVEL_1_FIRST_DEAL + 2  # level 1's fourth deal, the first played closed
    progress = Progress().with_level(1, LevelProgress(next_step=closed_step))
    for always_open, shown in ((False, False), (True, True)):
        session = Session(progress, settings=Settings(always_open=always_open))
        text = "\n".join(lines(session.start(1)))
        assert f"Step {closed_step + 1} of {LEVEL_1_STEPS}" in text
        assert ("  West      ♠" in text) is shown


def test_save_writes_a_scenario_that_check_accepts(tmp_path: Path) -> None:
    for level, lines in (
        (1, [*QUIZ_ANSWERS, *["1"] * 10, "note I should have kept ♠{A}", "save", "quit"]),
        (8, [*LEVEL_8_LINES, "2♠", *["1"] * 10, "save", "quit"]),
    ):
        result = scripted(tmp_path, lines, "--level", str(level))
        assert "Deal saved to" in result.stdout, result.stdout[-500:]
    saved = sorted((tmp_path / "deals").glob("*.yaml"))
    assert [p.name for p in saved] == ["level-01-d1-1.yaml", "level-08-d1-1.yaml"]
    assert 'en: "I should have kept ♠{A}"' in saved[0].read_text(encoding="utf-8")
    text = saved[1].read_text(encoding="utf-8")
    assert 'auction: "2♠ pass pass"' in text and "play: " in text
    check = run_cli("check", *map(str, saved), env=environment(tmp_path))
    assert check.returncode == 0, check.stdout
    assert check.stderr.strip().endswith("2 files checked, 0 problems")


def test_a_whole_level_in_polish_then_the_menu_marks_it_done(tmp_path: Path) -> None:
    """A learner who plays the solver's best card every time meets every goal (each is
    reachable double dummy), so the level is passed and the menu marks it."""
    from tests.learner import Learner, converse
    from tests.learner import environment as learner_environment

    answers = [quiz_line(quiz) for quiz in quizzes_of(1)]
    learner = Learner(1, best=True, answers=answers)
    transcript = converse(learner, ["--level", "1", "--lang", "pl"], learner_environment(tmp_path))
    assert transcript.returncode == 0, transcript.stderr
    out = "\n".join(str(event.get("text", "")) for event in transcript.events)
    assert out.count("Dobrze!") == LEVEL_1_QUIZZES
    ends = transcript.of("deal_end")
    assert len(ends) == 6 and all(end["goal_met"] for end in ends)
    assert all(end["stars"] == 3 for end in ends)  # the best card each time: best play's result
    assert out.count("Wynik: Południe") == 6
    assert "Poziom 1 ukończony!" in out
    assert "1. Poziom 1: bez atu, bez licytacji  ✓  ★ 9/9" in out
    saved = json.loads((tmp_path / "progress.json").read_text(encoding="utf-8"))
    assert saved["levels"]["1"]["completed"] is True and saved["language"] == "pl"


def test_a_deal_to_watch_is_played_by_the_computer_players(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from betel_tutor.tutor.events import CardPlayed, lines
    from betel_tutor.tutor.progress import Progress
    from betel_tutor.tutor.session import Session, prompt_of

    (tmp_path / "level-01.yaml").write_text(
        "kind: lesson\nid: w\nlevel: 1\ntitle: {en: Watch, pl: Oglądaj}\n"
        "options: {auction: false, contract: pass}\n"
        "deals: [{id: d1, seed: 5}]\nsteps: [{watch: {deal: d1}}]\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("BETEL_TUTOR_LEVELS", str(tmp_path))
    events = Session(Progress()).start(1)
    text = "\n".join(lines(events))
    assert text.count(" plays ") == 30 and text.count("takes the trick") == 10
    assert sum(isinstance(event, CardPlayed) for event in events) == 30
    prompt = prompt_of(events)
    assert prompt is not None and prompt.text == "Press Enter to continue: "


def test_pseudo_terminal_plays_level_1_and_level_8_deals(tmp_path: Path) -> None:
    def cards_until(child: pexpect.spawn, done: str) -> None:
        while child.expect(["Your card", done]) == 0:
            child.sendline("1")

    child = spawn(tmp_path, "--level", "1")
    answer_level_1_quizzes(child)
    cards_until(child, "Again from trick")  # the review named a costly card
    assert "Score: South" in (child.before or "")
    child.sendline("no")
    child.expect("Press Enter to go on")
    quit_cleanly(child)

    child = spawn(tmp_path, "--level", "8")
    for answer in LEVEL_8_LINES:
        child.expect("Press Enter|Your answer")
        child.sendline(answer)
    child.expect("Calls you may make")
    child.expect("Your call")
    child.sendline("B2")  # South calls first, so any contract may be declared
    # B2 is beaten with best play on these cards: a costly call misses the deal's goal, however
    # the cards were played, and the deal is offered again.
    cards_until(child, "Play it again|Again from trick")
    before = child.before or ""
    assert "Score: South" in before and "oal not reached" in before
    assert "B2 was beaten by" in before
    child.sendline("no")
    child.expect("Press Enter to go on")
    quit_cleanly(child)


def test_an_exchange_is_shown_before_it_is_made(tmp_path: Path) -> None:
    lines = [*LEVEL_8_LINES, "[♠A>♠9]2♠", "[♠10>♠9]2♠", "no", "[♠10>♠9]2♠", "yes", "quit"]
    out = scripted(tmp_path, lines, "--level", "8").stdout
    assert "♠A is not in the dubel" in out
    preview = (
        "You take ♠10 and lay ♠9: your hand becomes ♠10 8 7 ♥Q J 10 8 ♦9 ♣10 9, the dubel ♣A ♠9."
    )
    assert out.count(preview) == 2
    assert "Exchange not made: make your call again." in out
    assert "South: [♠10>♠9]2♠" in out


def test_pseudo_terminal_refusal_hint_and_undo(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--level", "1")
    answer_level_1_quizzes(child)
    for _ in range(10):
        child.expect("Your card")
        child.sendline("1")
    child.expect("Again from trick")  # the review named a costly card
    child.sendline("no")
    child.expect("Press Enter to go on")
    child.sendline("")
    child.expect("Your card")  # step 8: West led ♠K; South holds ♠10 7
    child.sendline("♣10")
    child.expect(r"you must follow suit with ♠10, ♠7 \(rule 5\)")
    child.sendline("hint")
    child.expect("Hint: ♠7")
    child.sendline("2")
    child.expect("South plays ♠7")
    child.sendline("undo")
    child.expect("This deal is now practice and will not be scored.")
    quit_cleanly(child)


def test_solver_hint_review_and_strong_players(tmp_path: Path) -> None:
    lines = [*QUIZ_ANSWERS, "hint", *["1"] * 10, "no", "", "quit"]
    result = scripted(tmp_path, lines, "--level", "1", "--strength", "strong")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    # The first deal's hint: the four top cards are best, the low spades cost five tricks.
    assert "Best: ♠A ♠K ♣A ♣K — with best play from here you end with 7 tricks." in out
    assert "♠7 costs 5 tricks." in out
    assert "the best card on average over 2 deals" in out  # a strong player's reason
    assert "Review: in trick 6 you played ♦K; ♣A would have taken 1 more trick" in out
    bad = scripted(tmp_path, ["quit"], "--level", "1", "--strength", "grandmaster")
    assert bad.returncode == 2 and "grandmaster" in bad.stderr and "Traceback" not in bad.stderr


def test_pseudo_terminal_in_polish_refusal_hint_undo_and_an_auction(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--level", "1", "--lang", "pl")
    for answer in QUIZ_ANSWERS:
        child.expect("Naciśnij Enter|Twoja odpowiedź")
        child.sendline(answer)
    for _ in range(10):
        child.expect("Twoja karta")
        child.sendline("1")
    child.expect("Jeszcze raz od lewy")  # the review named a costly card
    child.sendline("nie")
    child.expect("Naciśnij Enter, aby przejść dalej \\(albo zapisz")
    child.sendline("")
    child.expect("Twoja karta")  # step 8: West leads ♠K; South must follow with ♠10 or ♠7
    child.sendline("♣10")
    child.expect("Nie możesz zagrać ♣10: wyjście było w ♠, musisz dołożyć do koloru")
    child.expect("Twoja karta")
    child.sendline("podpowiedź")
    child.expect("Podpowiedź: ")
    child.expect("Twoja karta")
    child.sendline("2")
    child.expect("Twoja karta")
    child.sendline("cofnij")
    child.expect("To rozdanie jest teraz treningowe")
    child.expect("Twoja karta")
    child.sendline("zasady 5")
    child.expect("5. Obowiązek dokładania do koloru.")
    child.sendline("koniec")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0

    child = spawn(tmp_path, "--level", "5", "--lang", "pl")
    for answer in lesson_lines(5):
        child.expect("Naciśnij Enter" if answer == "" else "Twoja odpowiedź")  # "": a text
        child.sendline({"yes": "tak", "no": "nie"}.get(answer, answer))
    child.expect("Możliwe odzywki: ")
    child.expect("Twoja odzywka")
    child.sendline("pas")
    child.expect("Twoja karta|Naciśnij Enter")
    child.sendline("koniec")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


RETRY_WORDS = {
    "en": {
        "card": "Your card",
        "retry": "Play it again\\?|Again from trick",
        "enter": "Press Enter to go on",
        "again": "Again, with the same cards.|From trick",
        "hint": "Best: ([♠♥♦♣](?:10|[AKQJ987]))",
        "hint_word": "hint",
        "yes": "yes",
        "no": "no",
        "listed": "the deal stays on your practice list",
        "practice": "Practice: level 3, deal d",
        "answers": lesson_lines(3),
        "answer": "Press Enter|Your answer",
        "end": "Level 3 is not passed yet|Level 3 done",
        "round": "Play this round\\?",
        "quit": "quit",
    },
    "pl": {
        "card": "Twoja karta",
        "retry": "Zagrać jeszcze raz\\?|Jeszcze raz od lewy",
        "enter": "Naciśnij Enter, aby przejść dalej \\(albo",
        "again": "Jeszcze raz, tymi samymi kartami.|Od lewy",
        "hint": "Najlepiej: ([♠♥♦♣](?:10|[AKDW987]))",
        "hint_word": "podpowiedź",
        "yes": "tak",
        "no": "nie",
        "listed": "rozdanie zostaje na twojej liście do ćwiczeń",
        "practice": "Ćwiczenia: poziom 3, rozdanie d",
        "answers": lesson_lines(3),
        "answer": "Naciśnij Enter|Twoja odpowiedź",
        "end": "Poziom 3 nie jest jeszcze zaliczony|Poziom 3 ukończony",
        "round": "Zagrać tę rundę\\?",
        "quit": "koniec",
    },
}


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_pseudo_terminal_retry_practice_and_hint(tmp_path: Path, lang: str) -> None:
    """Level 3 played with the first legal card: a deal whose goal is missed, or whose review
    names a costly card, is offered again (played again once, the hint's best card found, then
    declined); a missed closed deal goes on the practice
    list, which ``learn --practice`` plays back."""
    words = RETRY_WORDS[lang]
    child = spawn(tmp_path, "--level", "3", "--lang", lang)
    for answer in words["answers"]:
        child.expect(str(words["answer"]))
        child.sendline(str(answer))
    retried = declined_closed = hinted = False
    rounds = 0
    while True:
        index = child.expect(
            [words["card"], words["retry"], words["enter"], words["end"], words["round"]]
        )
        if index == 0:
            if retried and not hinted:  # played again: the hint's best card
                child.sendline(str(words["hint_word"]))
                child.expect(words["hint"])
                best = child.match.group(1)
                hinted = True
                child.expect(words["card"])
                child.sendline(best)
                continue
            child.sendline("1")
        elif index == 1:
            if not retried:
                child.sendline(words["yes"])
                child.expect(words["again"])
                retried = True
            else:
                child.sendline(words["no"])
                listed = child.expect([words["listed"], words["enter"]]) == 0
                if listed:
                    child.expect(words["enter"])
                declined_closed |= listed
                child.sendline("")
        elif index == 2:
            child.sendline("")
        elif index == 4:  # level 3's further rounds of Betelek 2, 1 and 0: left out
            child.sendline(words["no"])
            rounds += 1
        else:
            break
    assert retried and hinted and declined_closed and rounds == 3
    child.sendline(words["quit"])
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    listed = json.loads((tmp_path / "progress.json").read_text(encoding="utf-8"))
    practise = listed["levels"]["3"]["practise"]
    assert practise and listed["levels"]["3"]["completed"] is False

    child = spawn(tmp_path, "--practice", "--lang", lang)
    child.expect(words["practice"] + practise[0][1:])
    child.expect(words["card"])
    child.sendline(words["quit"])
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
