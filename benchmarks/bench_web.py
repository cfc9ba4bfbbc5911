#!/usr/bin/env python3
"""Load benchmark of the web API: requests per second for solve and hint with N concurrent clients.

Starts ``sudokit serve`` in its own process on a free loopback port (so the clients do not
share its interpreter), then for each endpoint and each client count runs N threads, each
with one keep-alive HTTP connection, sending requests back to back for ``--seconds``.
Reports requests/s, median and 95th-percentile latency, errors, and, as the baseline, the
median time of the same call made directly in this process (the HTTP + worker overhead is
the difference); then a breakdown: sequential requests that stop at different layers. Usage::

    python benchmarks/bench_web.py [--clients 1,4,16] [--seconds 3] [--workers 2] [--quick]

Needs the web extra (``pip install 'sudokit[web]'``). Everything is bounded: each run
stops after ``--seconds``, the server is stopped at the end.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import threading
import time
from typing import Any

import sudokit

EXAMPLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
BODIES: dict[str, list[dict[str, Any]]] = {
    "solve": [{"puzzle": EXAMPLE}, {"puzzle": HARD}],
    "hint": [{"puzzle": EXAMPLE, "level": 3}, {"puzzle": HARD, "level": 3}],
}


def start_server(workers: int) -> tuple[subprocess.Popen[str], int]:
    """``sudokit serve --port 0`` in a child process, and the port it got."""
    cmd = [sys.executable, "-m", "sudokit", "serve", "--port", "0", "--workers", str(workers)]
    proc = subprocess.Popen(cmd, stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = proc.stderr.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if found:
            return proc, int(found.group(1))
        if proc.poll() is not None:
            break
    proc.kill()
    raise SystemExit("the server did not start")


def client(port: int, endpoint: str, stop_at: float, latencies: list[float], errors: list[int]) -> None:
    """One client: a keep-alive connection sending requests until ``stop_at``."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    bodies = [json.dumps(b).encode() for b in BODIES[endpoint]]
    k = 0
    while time.monotonic() < stop_at:
        body = bodies[k % len(bodies)]
        k += 1
        start = time.perf_counter()
        conn.request("POST", f"/api/{endpoint}", body, {"content-type": "application/json"})
        response = conn.getresponse()
        response.read()
        latencies.append(time.perf_counter() - start)
        if response.status != 200:
            errors.append(response.status)
    conn.close()


def run(port: int, endpoint: str, clients: int, seconds: float) -> dict[str, Any]:
    """N clients for ``seconds``: requests/s and latencies."""
    latencies: list[float] = []
    errors: list[int] = []
    stop_at = time.monotonic() + seconds
    threads = [threading.Thread(target=client, args=(port, endpoint, stop_at, latencies, errors)) for _ in range(clients)]
    start = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    took = time.monotonic() - start
    latencies.sort()
    return {
        "endpoint": endpoint, "clients": clients, "requests": len(latencies), "rps": len(latencies) / took,
        "p50": statistics.median(latencies) * 1000, "p95": latencies[int(0.95 * (len(latencies) - 1))] * 1000,
        "errors": len(errors),
    }


def breakdown(port: int, repeats: int = 300) -> list[tuple[str, float]]:
    """Median ms of sequential requests that stop at different layers: a body refused by
    validation (HTTP + JSON + pydantic), GET /api/info (no worker), a solve (worker too)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    cases = [
        ("bad body, 400 from validation (HTTP + JSON + pydantic only)", "POST", "/api/solve", b'{"puzzle": 5}'),
        ("`GET /api/info` (no worker)", "GET", "/api/info", None),
        ("`POST /api/solve` (HTTP + validation + a worker and back + the solving)", "POST", "/api/solve",
         json.dumps({"puzzle": EXAMPLE}).encode()),
    ]
    out = []
    for name, method, path, body in cases:
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            conn.request(method, path, body, {"content-type": "application/json"})
            conn.getresponse().read()
            times.append(time.perf_counter() - start)
        out.append((name, statistics.median(times) * 1000))
    conn.close()
    return out


def direct_ms(endpoint: str, repeats: int = 50) -> float:
    """Median milliseconds of the same work called in-process (no HTTP, no worker)."""
    from sudokit.web import jobs

    times = []
    for k in range(repeats):
        body = BODIES[endpoint][k % len(BODIES[endpoint])]
        start = time.perf_counter()
        jobs.JOBS[endpoint](**body)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            return next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        return platform.processor() or "unknown"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", default="1,4,16", help="comma-separated client counts (default 1,4,16)")
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per run (default 3)")
    parser.add_argument("--workers", type=int, default=2, help="server worker processes (default 2)")
    parser.add_argument("--quick", action="store_true", help="smoke run: 1 and 4 clients, 1 s each")
    args = parser.parse_args(argv)
    if args.quick:
        args.clients, args.seconds = "1,4", 1.0
    counts = [int(c) for c in args.clients.split(",")]
    proc, port = start_server(args.workers)
    try:
        for endpoint in BODIES:  # warm the workers up
            run(port, endpoint, 1, 0.5)
        rows = [run(port, e, n, args.seconds) for e in BODIES for n in counts]
        layers = breakdown(port)
    finally:
        proc.terminate()
        proc.wait(10)
    load = os.getloadavg()
    print(f"CPU: {cpu_model()} ({os.cpu_count()} CPUs); backend {sudokit.BACKEND}; server workers {args.workers}; "
          f"{args.seconds:g} s per run; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at the end\n")
    print("| endpoint | clients | requests | req/s | median ms | p95 ms | errors | direct call, median ms |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    direct = {e: direct_ms(e) for e in BODIES}
    for r in rows:
        print(f"| {r['endpoint']} | {r['clients']} | {r['requests']} | {r['rps']:.0f} | {r['p50']:.2f} | {r['p95']:.2f} | "
              f"{r['errors']} | {direct[r['endpoint']]:.3f} |")
    print("\n| one client, sequential requests | median ms |\n|---|---:|")
    for name, ms in layers:
        print(f"| {name} | {ms:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
