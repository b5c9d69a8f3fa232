"""Each game's first lesson measured: its steps, its par, and a scripted learner who makes the typical first mistake
at every step (one wrong move where there is one, then the right ones): whether they finish, in how many tries, with
how many stars, and how long judging one move takes. Then what a newcomer reads: the words of every message along
the right path and along the path with one mistake a step, in each language, and the minutes it takes at 200 words a
minute with each move counted as MOVE_SECONDS of looking and tapping (the lesson promises three minutes).

    python bench/lessons.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.i18n import LANGUAGES
from bot.service.lessons import LESSONS, judge, tutor
from bot.service.lessons.course import Progress, attempt, position
from bot.service.texts import Words

WORDS_A_MINUTE = 200
MOVE_SECONDS = 8  # finding a move on a small position and tapping it (or typing it)
PROMISED_MINUTES = 3.0


def walk(game: str, mistakes: bool) -> tuple[Progress, int, float, list[str]]:
    """The scripted learner through ``game``'s lesson: the progress at the end, the tries, the slowest judging (s) and
    what was shown after each try (as message keys said, read in a language later)."""
    lesson = LESSONS[game]
    progress, tries, slowest, shown = Progress(), 0, 0.0, []
    while not progress.finished(lesson):
        step = lesson.steps[progress.step]
        state, _ = position(lesson, progress)
        accepted = judge.accepted(step, progress.line)
        wrong = [m for m in state.legal_moves() if m not in accepted]
        move = wrong[0] if mistakes and wrong and progress.made == 0 else accepted[0]
        began = time.perf_counter()
        tried = attempt(lesson, progress, move)
        slowest = max(slowest, time.perf_counter() - began)
        shown.append((progress, tried))  # type: ignore[arg-type]
        progress, tries = tried.progress, tries + 1
    return progress, tries, slowest, shown  # type: ignore[return-value]


def words_read(game: str, mistakes: bool, language: str) -> tuple[int, int]:
    """The words a learner reads in ``language`` through ``game``'s lesson, and the moves they make."""
    lesson, words = LESSONS[game], Words(language)
    read = tutor.lines(words, lesson, Progress()).text()  # the first step
    _, tries, _, shown = walk(game, mistakes)
    for before, tried in shown:  # type: ignore[misc]
        said = tutor.tried_said(words, lesson, before, tried)
        if tried.right:
            read += "\n" + tutor.lines(words, lesson, tried.progress, said).text(again=bool(tried.progress.line))
        else:
            read += "\n" + "\n".join(tutor.say(words, s, game) for s in said)
    return len(read.split()), tries


def minutes(count: int, moves: int) -> float:
    return count / WORDS_A_MINUTE + moves * MOVE_SECONDS / 60


def main() -> None:
    print(f"{'lesson':<12} {'steps':>5} {'par':>4} {'finished':>8} {'tries':>5} {'stars':>6} {'judge ms (max)':>15}")
    for game, lesson in LESSONS.items():
        progress, tries, slowest, _ = walk(game, mistakes=True)
        stars = f"{sum(progress.stars)}/{3 * len(lesson.steps)}"
        print(f"{game:<12} {len(lesson.steps):>5} {lesson.par:>4} {'yes':>8} {tries:>5} {stars:>6} {slowest * 1000:>15.1f}")
    print(f"\nwhat a newcomer reads ({WORDS_A_MINUTE} words a minute, {MOVE_SECONDS} s a move; promised: "
          f"under {PROMISED_MINUTES:.0f} minutes on the right path)")
    print(f"{'lesson':<12} {'lang':>4} {'words':>6} {'moves':>5} {'minutes':>7} {'with a mistake a step':>22}")
    for game in LESSONS:
        for language in LANGUAGES:
            right, moves = words_read(game, False, language)
            wrong, tries = words_read(game, True, language)
            print(f"{game:<12} {language:>4} {right:>6} {moves:>5} {minutes(right, moves):>7.2f} "
                  f"{f'{wrong} words, {minutes(wrong, tries):.2f} min':>22}")


if __name__ == "__main__":
    main()
