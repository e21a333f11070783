"""The full-screen tutor's panel reads from the top: a step's heading on the panel's first
line (after the verdict on the answer that led to it), the earlier steps above it, and lines
of at most 80 characters in a wide window (a browser of 1280×800 is a terminal of 142×38)."""

from __future__ import annotations

import asyncio

from betel_tutor.scenario.quizzes import show_answer
from betel_tutor.screen.panel import Panel
from tests.screen_driver import new_app, shown_static, type_line, until


def test_a_step_begins_at_the_top_of_a_wide_panel() -> None:
    async def read() -> None:
        app = new_app("en", level=1)
        async with app.run_test(size=(142, 38)) as pilot:
            await pilot.pause()
            for step in (2, 3):
                await type_line(pilot, app, "")  # on to the next step (or a refusal)
                if app.scene is not None and app.scene.step == step:
                    break
            await pilot.pause()
            await pilot.pause()
            assert app.scene is not None
            heading = f"— Step {app.scene.step} of {app.scene.steps} —"
            panel = app.query_one("#panel", Panel)
            top = next(widget for widget in panel.said if widget.name == heading)
            assert top.region.y == panel.content_region.y  # on the panel's first line
            assert panel.scroll_y > 0  # the steps before it are above, scrolled out of view
            assert "— Step 1 of" in "\n".join(widget.name or "" for widget in panel.said)
            assert all(widget.size.width <= 80 for widget in panel.said)

    asyncio.run(read())


def test_a_wide_lesson_text_wraps_at_eighty() -> None:
    async def read() -> None:
        app = new_app("en", level=1)
        async with app.run_test(size=(200, 40)) as pilot:
            await pilot.pause()
            lesson = app.query(".lesson").first()
            assert lesson.size.width == 80
            assert max(len(line.rstrip()) for line in shown_static(lesson).splitlines()) <= 80

    asyncio.run(read())


def test_the_verdict_on_a_quiz_heads_the_next_step() -> None:
    """A quiz answered right: "Right!" on the panel's first line, the next step's heading
    below it in view, the question's step scrolled above."""

    async def answer() -> None:
        app = new_app("en", level=1)
        async with app.run_test(size=(142, 38)) as pilot:
            await until(pilot, app, "answer")
            step = app.scene.step if app.scene is not None else 0
            quiz = app.session.phase.step.quiz  # type: ignore[attr-defined]
            await type_line(pilot, app, show_answer(quiz.answer))
            await pilot.pause()
            await pilot.pause()
            assert app.scene is not None and app.scene.step == step + 1
            panel = app.query_one("#panel", Panel)
            said = panel.said
            right = next(w for w in reversed(said) if w.name == "Right!")
            heading = next(w for w in said if w.name == f"— Step {step + 1} of {app.scene.steps} —")
            assert right.region.y == panel.content_region.y
            assert panel.content_region.contains_region(heading.region)
            question = said[said.index(right) - 1]
            assert question.region.y < panel.content_region.y or not question.region

    asyncio.run(answer())
