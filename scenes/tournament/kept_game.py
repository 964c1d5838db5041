"""A board's game kept half-played, read back when the director presses Play.

A kept game that cannot go on (its text damaged, a move that is not legal,
the moves of another board or another game) is never simply replaced: its
text is first copied, byte for byte, to a file in the data folder named like
a damaged settings file set aside
(``tournament-3-round-2-board-4.damaged-20261127-101502.json``), and only
then is it dropped from the tournament, so that the next Play starts the game
afresh.  The copy is written on the app's writer thread, like the moves
themselves.
"""

from __future__ import annotations

from game import GAMES
from game.core import shown
from game.files import FileProblem, keep_aside
from game.i18n import _, isolated, number
from game.records.record import RecordProblem, replay
from game.tournament.store import StoreError, keep_live


class KeptGameProblem(Exception):
    """The kept game cannot go on; the message says why, in the director's words."""


def resume(play_scene, app, live, config: dict, seed: int, **scene_args):
    """The play scene of the kept game ``live`` (a ``LiveGame``) of the board ``config``
    (``RoundScene.game_config``) describes; KeptGameProblem saying why it cannot be."""
    if live.data is None:
        raise KeptGameProblem(live.problem)
    try:
        spec, kept, _, _, _ = replay(live.data)
        other = _other_game(spec, kept, spec.from_position(live.data["start"]), config, seed)
        if other:
            raise KeptGameProblem(other)
        return play_scene.from_record(app, live.data, **scene_args)
    except (RecordProblem, KeyError, ValueError, TypeError, IndexError) as exc:
        raise KeptGameProblem(str(exc)) from None


def _other_game(spec, kept: dict, start, config: dict, seed: int) -> str | None:
    """Why the replayed record (its ``kept`` config and ``start``) is not this board's game."""
    board = GAMES[config["game"]]
    if spec is not board:
        return _("they are the moves of a game of {game}, not of {board}").format(
            game=spec.title, board=board.title)
    where = kept.get("tournament")
    if where != config["tournament"]:
        if isinstance(where, dict) and where.get("id") == config["tournament"]["id"]:
            return _("they are the moves of round {n}, board {board}, not of this "
                     "board").format(n=number(where['round']), board=number(where['board']))
        return _("they are the moves of a game outside this tournament")
    if ((kept.get("variant") or spec.variants[0]) != (config["variant"] or spec.variants[0])
            or spec.check_options(kept.get("options", {}))
            != spec.check_options(config["options"])):
        return _("they are the moves of a game under other rules")
    if [s.get("name") for s in kept["seats"]] != [s["name"] for s in config["seats"]]:
        return _("they are the moves of a game between other players")
    fresh = spec.new_game(config["variant"], seed=seed, **config["options"])
    if start.position() != fresh.position():
        return _("they are the moves of a game from another start")
    return None


def copy_aside(writer, data_folder, store_path, tid: int, round_no: int, board: int,
               raw: bytes):
    """Keep ``raw`` as a file in ``data_folder``, then drop the board's kept game.

    Both are done on ``writer``'s thread; returns the copy's path, or raises FileProblem
    (nothing dropped when no copy could be kept)."""
    name = data_folder / f"tournament-{tid}-round-{round_no}-board-{board}.json"
    kept = []

    def job():
        kept.append(keep_aside(name, raw))
        try:
            keep_live(store_path, tid, round_no, board, None)
        except StoreError as exc:
            raise FileProblem(str(exc)) from None

    key = ("damaged tournament game", tid, round_no, board)
    writer.call(key, job)
    if not writer.flush(timeout=20):
        raise FileProblem(_("the disk did not answer in time"))
    if not kept:
        raise FileProblem(writer.problem(key) or _("it could not be written"))
    return kept[0]


def damage_notice(round_no: int, board: int, why: str, copy=None, problem: str = "") -> str:
    """What the director reads about a kept game that cannot go on."""
    why = shown(why, 160, quoted=False)
    if copy is not None:
        return _("Round {n}, board {board}: the game kept in progress cannot go on ({why}). A "
                 "copy of its saved moves is kept in {path}. Press Play to start the game "
                 "again.").format(n=number(round_no), board=number(board), why=why,
                                  path=isolated(copy))
    return _("Round {n}, board {board}: the game kept in progress cannot go on ({why}). No "
             "copy of its saved moves could be kept ({problem}), so they are left in the "
             "tournament as they are.").format(n=number(round_no), board=number(board), why=why,
                                              problem=shown(problem, 160, quoted=False))
