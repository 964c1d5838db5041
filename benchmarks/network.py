"""What a host costs: N boards of bots played over loopback against a host in another process.

    python benchmarks/network.py --tables N [--game calla] [--think-ms 250]
                                 [--client-processes 1] [--json]

Starts ``python -m game serve --game GAME --boards N`` (Calla with a 5+3
clock unless told otherwise), then two bots per board, all in
``--client-processes`` processes of their own, each an asyncio ``play_bot``
at level ``random`` (a uniformly random legal move: the bots cost next to
nothing, so the figures are the host's).  Each bot leaves between its moves
``--think-ms`` times a factor of its own from 0.5 to 1.5 (a brisk blitz
pace; people take longer), so that the boards do not move in step.

Prints: moves per second over the whole run; the latency from a move sent
to both clients of its board holding it (the ``move`` event), p50, p99 and
the worst, over the whole run and once every board is under way (its first
move sent: until then hundreds of connections are still joining at the same
moment, which a real event spreads over minutes); and the host process's processor seconds (user + system) and peak
memory (maximum resident set), read from the operating system when it exits.
The bots and the host share this machine's cores, so the latencies include
the bots' own waiting for a turn of the processor.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _play_tables(url: str, boards: list[int], think: float, seed: int, conn) -> None:
    """A client process: two bots per board; sends back ``(latencies, moves, seconds)``."""
    sys.path.insert(0, str(ROOT))
    from game.net.bot import play_bot

    sent: dict = {}
    seen: dict = {}

    def observe(what, board, ply, seconds):
        if what == "sent":
            sent[(board, ply)] = seconds
        else:
            seen.setdefault((board, ply), []).append(seconds)

    async def main():
        began = time.perf_counter()
        paces = random.Random(seed)         # each bot its own pace, so boards drift apart
        results = await asyncio.gather(*[
            play_bot(url, "random", board=board, seed=seed * 100_000 + i,
                     pace=think * paces.uniform(0.5, 1.5), observer=observe, name=f"Bot {i}")
            for i, board in enumerate(b for b in boards for _ in range(2))])
        return results, time.perf_counter() - began

    results, seconds = asyncio.run(main())
    # every board under way: its first move sent (before, 400 connections may still be joining)
    under_way = max(t for (board, ply), t in sent.items() if ply == 1)
    latencies = [(max(times) - sent[key], sent[key] >= under_way)
                 for key, times in seen.items() if key in sent and len(times) == 2]
    moves = sum(r["moves"] for r in results) // 2
    conn.send((latencies, moves, seconds))
    conn.close()


def run_delay(pid: int) -> float:
    """Seconds the process has spent runnable but waiting for a processor (Linux's
    schedstat; 0 where it cannot be read): how much the machine's other work held it up."""
    try:
        with open(f"/proc/{pid}/schedstat") as handle:
            return int(handle.read().split()[1]) / 1e9
    except (OSError, ValueError, IndexError):
        return 0.0


def percentile(values: list, share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def run(tables: int, game: str, think_ms: int, processes: int) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        host = subprocess.Popen(
            [sys.executable, "-m", "game", "serve", "--game", game, "--time-control", "5+3",
             "--boards", str(tables), "--port", "0", "--no-announce", "--password", "",
             "--db", str(Path(folder) / "host.sqlite3")],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            info = json.loads(host.stdout.readline())
            url = info["url"]
            boards = [b["board"] for b in info["boards"]]
            ctx = mp.get_context("spawn")
            workers = []
            for k in range(processes):
                ours, theirs = ctx.Pipe(duplex=False)
                share = boards[k::processes]
                process = ctx.Process(target=_play_tables,
                                      args=(url, share, think_ms / 1000, k, theirs))
                process.start()
                theirs.close()
                workers.append((process, ours))
            latencies, moves, seconds = [], 0, 0.0
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            waited = 0.0
            bots_waited = {}
            for process, conn in workers:
                while not conn.poll(0.2):
                    waited = max(waited, run_delay(host.pid))
                    for other, _ in workers:
                        bots_waited[other.pid] = max(bots_waited.get(other.pid, 0.0),
                                                     run_delay(other.pid))
                got_latencies, got_moves, got_seconds = conn.recv()
                latencies += got_latencies
                moves += got_moves
                seconds = max(seconds, got_seconds)
                process.join()
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            clients = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
            host.stdout.read()
            _, status, usage = os.wait4(host.pid, 0)
            host.returncode = os.waitstatus_to_exitcode(status)
        finally:
            if host.returncode is None:
                host.kill()
                host.wait()
    playing = [t for t, steady in latencies if steady]
    latencies = [t for t, _ in latencies]
    return {
        "tables": tables, "game": game, "think_ms": think_ms, "client_processes": processes,
        "moves": moves, "seconds": round(seconds, 2),
        "moves_per_second": round(moves / seconds, 1) if seconds else None,
        "latency_ms": {"p50": round(percentile(latencies, 0.5) * 1000, 2),
                       "p99": round(percentile(latencies, 0.99) * 1000, 2),
                       "max": round(max(latencies) * 1000, 2) if latencies else None,
                       "measured": len(latencies)},
        "latency_in_play_ms": {"p50": round(percentile(playing, 0.5) * 1000, 2),
                               "p99": round(percentile(playing, 0.99) * 1000, 2),
                               "max": round(max(playing) * 1000, 2) if playing else None,
                               "measured": len(playing)},
        "host_cpu_seconds": round(usage.ru_utime + usage.ru_stime, 2),
        "clients_cpu_seconds": round(clients, 2),
        "host_waited_seconds": round(waited, 2),
        "bots_waited_seconds": round(sum(bots_waited.values()), 2),
        "host_peak_mib": round(usage.ru_maxrss / 1024, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, required=True)
    parser.add_argument("--game", default="calla")
    parser.add_argument("--think-ms", type=int, default=250)
    parser.add_argument("--client-processes", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not 1 <= args.tables <= 1000 or not 0 <= args.think_ms <= 60_000 \
            or not 1 <= args.client_processes <= 16:
        parser.error("--tables 1-1000, --think-ms 0-60000, --client-processes 1-16")
    figures = run(args.tables, args.game, args.think_ms, args.client_processes)
    if args.json:
        print(json.dumps(figures))
        return 0
    lat = figures["latency_ms"]
    print(f"{figures['tables']} tables of {figures['game']}, bots answering after "
          f"{figures['think_ms']} ms, {figures['client_processes']} client process(es)")
    print(f"  {figures['moves']} moves in {figures['seconds']} s: "
          f"{figures['moves_per_second']} moves/s")
    print(f"  move sent -> both clients updated: p50 {lat['p50']} ms, p99 {lat['p99']} ms, "
          f"worst {lat['max']} ms ({lat['measured']} moves)")
    lat = figures["latency_in_play_ms"]
    print(f"  the same once every board is under way (joining over): p50 {lat['p50']} ms, "
          f"p99 {lat['p99']} ms, worst {lat['max']} ms ({lat['measured']} moves)")
    print(f"  host: {figures['host_cpu_seconds']} processor seconds, "
          f"peak memory {figures['host_peak_mib']} MiB; the bots: "
          f"{figures['clients_cpu_seconds']} processor seconds")
    print(f"  waiting for a processor (the machine's other work): the host "
          f"{figures['host_waited_seconds']} s, the bots {figures['bots_waited_seconds']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
