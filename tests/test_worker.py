"""The computer player's worker process: it answers, and it never outlives the program."""

import os
import signal
import subprocess
import sys
import time

import pytest
from real_program import ROOT, descendants, gone_within, running, wait_for_children

from game import GAMES
from game.ai.worker import Thinker

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads processes from /proc")

# A program that sets an Expert computer player thinking (about five seconds on Calla),
# then either waits to be killed or closes its player and ends.
PROGRAM = f"""
import sys, time
sys.path.insert(0, {str(ROOT)!r})
from game import GAMES
from game.ai.worker import Thinker
thinker = Thinker()
thinker.start("calla", GAMES["calla"].new_game().position(), "expert", seed=1)
print(thinker.pid, flush=True)
time.sleep(0.5)
if sys.argv[1] == "close":
    thinker.close()
else:
    time.sleep(60)
"""


def _run(how):
    return subprocess.Popen([sys.executable, "-c", PROGRAM, how], stdout=subprocess.PIPE,
                            text=True, env={**os.environ, "PYTHONWARNINGS": "default"},
                            stderr=subprocess.PIPE)


def _answer(thinker, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        answer = thinker.poll()
        if answer is not None:
            return answer
        time.sleep(0.02)
    return None


def test_a_worker_answers_a_legal_move():
    thinker = Thinker()
    try:
        state = GAMES["calla"].new_game()
        thinker.start("calla", state.position(), "easy", seed=3)
        assert thinker.thinking
        answer = _answer(thinker, 10)
        assert answer is not None, "no answer within 10 s"
        text, error = answer
        assert error is None
        assert text in [GAMES["calla"].format_move(state, m) for m in state.legal_moves()]
        assert not thinker.thinking
    finally:
        thinker.close()
    assert thinker.pid is None


def test_a_worker_killed_mid_search_is_reported_and_replaced():
    thinker = Thinker()
    try:
        thinker.start("calla", GAMES["calla"].new_game().position(), "expert", seed=1)
        pid = thinker.pid
        os.kill(pid, signal.SIGKILL)
        assert not gone_within({pid}, 3)
        assert _answer(thinker, 2) == (None, "the computer player stopped unexpectedly")
        thinker.start("calla", GAMES["calla"].new_game().position(), "random", seed=1)
        assert thinker.pid not in (None, pid)
    finally:
        thinker.close()


@pytest.mark.parametrize("signal_number", [signal.SIGKILL, signal.SIGSEGV])
def test_the_worker_and_the_resource_tracker_end_when_the_program_is_killed(signal_number):
    program = _run("wait")
    try:
        worker = int(program.stdout.readline())
        helpers = wait_for_children(program.pid, 2)
        assert worker in helpers
        assert running(worker)
        os.kill(program.pid, signal_number)     # killed in the middle of the computer's search
        program.wait(5)
        left = gone_within(helpers, 3)
        assert not left, f"still running 3 s after the program was killed: {sorted(left)}"
    finally:
        if program.poll() is None:
            program.kill()
        program.wait(5)
    assert "leaked" not in program.stderr.read()


def test_closing_normally_leaves_no_process_and_no_warning():
    program = _run("close")
    worker = int(program.stdout.readline())
    helpers = descendants(program.pid) | {worker}
    out, err = program.communicate(timeout=20)
    assert program.returncode == 0, err
    assert not gone_within(helpers, 2)
    assert "leaked" not in err and "Traceback" not in err, err
