"""The HTTP API in-process (FastAPI's TestClient): answers checked against the rules and an
independent brute force, bad input, size limits, time budgets and the concurrency limit."""

from __future__ import annotations

import io
import json
import os
import threading
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install 'sudokit[web]'")
from fastapi.testclient import TestClient  # noqa: E402

import sudokit  # noqa: E402
import sudokit.human  # noqa: E402
from sudokit.web import ServeConfig, create_app  # noqa: E402

pytestmark = pytest.mark.single_backend  # the work runs in worker processes on the default backend

EXAMPLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"  # top1465 #1


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(ServeConfig(workers=2))) as c:
        yield c


def post(client: TestClient, endpoint: str, **body: Any) -> Any:
    return client.post(f"/api/{endpoint}", json=body)


def assert_solves(puzzle: str, solution: str) -> None:
    """``solution`` is a full valid grid that keeps every given of ``puzzle``."""
    assert len(solution) == 81 and set(solution) <= set("123456789")
    for p, s in zip(puzzle, solution):
        assert p in ".0" or p == s
    rows = [solution[r * 9:(r + 1) * 9] for r in range(9)]
    cols = [solution[c::9] for c in range(9)]
    boxes = ["".join(solution[(b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3] for i in range(9)) for b in range(9)]
    for house in rows + cols + boxes:
        assert sorted(house) == list("123456789")


def brute_count(puzzle: str, limit: int) -> int:
    """Independent plain backtracking counter (for puzzles with few blanks)."""
    cells = [int(ch) if ch.isdigit() else 0 for ch in puzzle]

    def ok(i: int, d: int) -> bool:
        r, c = divmod(i, 9)
        for j in range(81):
            rj, cj = divmod(j, 9)
            if j != i and cells[j] == d and (rj == r or cj == c or (rj // 3 == r // 3 and cj // 3 == c // 3)):
                return False
        return True

    def go() -> int:
        if 0 not in cells:
            return 1
        i = cells.index(0)
        total = 0
        for d in range(1, 10):
            if ok(i, d):
                cells[i] = d
                total += go()
                cells[i] = 0
                if total >= limit:
                    break
        return total

    return min(go(), limit)


def error_of(response: Any, status: int) -> tuple[str, str]:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"type", "message"}
    assert "Traceback" not in response.text
    return body["error"]["type"], body["error"]["message"]


# ------------------------------------------------------------------ solving
def test_solve_returns_a_valid_solution_keeping_the_givens(client: TestClient) -> None:
    data = post(client, "solve", puzzle=EXAMPLE).json()
    assert_solves(EXAMPLE, data["solution"])
    assert data["unique"] is True and data["puzzle"] == EXAMPLE


def test_solve_reads_a_pretty_grid_and_a_file_format(client: TestClient) -> None:
    pretty = sudokit.parse(EXAMPLE).pretty()
    assert post(client, "solve", puzzle=pretty).json()["puzzle"] == EXAMPLE
    sdk = "[Puzzle]\n" + "\n".join(EXAMPLE[r * 9:(r + 1) * 9] for r in range(9)) + "\n"
    assert post(client, "solve", puzzle=sdk).json()["puzzle"] == EXAMPLE


def test_several_solutions_need_first(client: TestClient) -> None:
    sparse = "1" + "." * 80
    kind, message = error_of(post(client, "solve", puzzle=sparse), 422)
    assert kind == "MultipleSolutionsError" and "first" in message
    data = post(client, "solve", puzzle=sparse, first=True).json()
    assert_solves(sparse, data["solution"])
    assert data["unique"] is False


@pytest.mark.parametrize(
    ("puzzle", "status", "kind"),
    [
        ("11" + "." * 79, 400, "ConflictingGivensError"),
        ("x" * 81, 400, "InvalidFormatError"),
        ("123", 400, "InvalidFormatError"),
        # r1c9 can only be 9 by its row, but 9 is already in column 9: well formed, no solution
        ("12345678." + "." * 8 + "9" + "." * 63, 422, "UnsolvableError"),
    ],
)
def test_bad_puzzles_are_typed_errors(client: TestClient, puzzle: str, status: int, kind: str) -> None:
    assert error_of(post(client, "solve", puzzle=puzzle), status)[0] == kind


def test_count_agrees_with_an_independent_brute_force(client: TestClient) -> None:
    # The solution with every 1, 2 and 3 blanked, and a sparser grid with several solutions.
    for puzzle in ("".join("." if ch in "123" else ch for ch in SOLUTION), "." * 45 + SOLUTION[45:]):
        expected = brute_count(puzzle, 10)
        assert post(client, "count", puzzle=puzzle, limit=10).json()["count"] == expected
    assert brute_count("." * 45 + SOLUTION[45:], 10) > 1
    data = post(client, "count", puzzle="." * 81, limit=7).json()
    assert (data["count"], data["capped"]) == (7, True)
    assert error_of(post(client, "count", puzzle=EXAMPLE, limit=0), 400)[0] == "ValidationError"


def test_check_flags_mistakes_and_conflicts(client: TestClient) -> None:
    wrong = EXAMPLE[:2] + "1" + EXAMPLE[3:]  # r1c3 should be 4
    data = post(client, "check", puzzle=EXAMPLE, digits=wrong).json()
    assert data["unique"] and data["mistakes"] == [2] and data["conflicts"] == [] and not data["solved"]
    clash = EXAMPLE[:2] + "5" + EXAMPLE[3:]  # a second 5 in row 1
    data = post(client, "check", puzzle=EXAMPLE, digits=clash).json()
    assert 0 in data["conflicts"] and 2 in data["conflicts"] and 2 in data["mistakes"]
    done = post(client, "check", puzzle=EXAMPLE, digits=SOLUTION).json()
    assert done["solved"] and done["mistakes"] == [] and done["filled"] == 81


# ------------------------------------------------------------------ human-style
def test_hint_levels_say_more_and_more(client: TestClient) -> None:
    one = post(client, "hint", puzzle=EXAMPLE, level=1).json()
    two = post(client, "hint", puzzle=EXAMPLE, level=2).json()
    three = post(client, "hint", puzzle=EXAMPLE, level=3).json()
    assert one["kind"] == two["kind"] == three["kind"] == "step"
    assert one["digits"] == [] and one["step"]["cells"] == [] and one["step"].get("placements") is None
    assert two["digits"] and two["step"].get("placements") is None and two["step"].get("eliminations") is None
    for cell, digit in three["step"]["placements"]:
        assert SOLUTION[cell] == str(digit)
    assert three["text"] == sudokit.hint(EXAMPLE, level=3).text


def test_hint_finds_the_players_mistake_and_missing_marks(client: TestClient) -> None:
    mine = EXAMPLE[:2] + "7" + EXAMPLE[3:]
    data = post(client, "hint", puzzle=EXAMPLE, digits=mine, level=3).json()
    assert data["kind"] == "mistake" and data["cells"] == [2]
    marks = [""] * 81
    marks[2] = "12"  # r1c3's solution digit 4 is not marked
    data = post(client, "hint", puzzle=EXAMPLE, pencil_marks=marks, level=3).json()
    assert data["kind"] == "missing_candidate" and data["cells"] == [2] and data["digits"] == [4]
    bad = [""] * 80 + ["0x"]
    assert error_of(post(client, "hint", puzzle=EXAMPLE, pencil_marks=bad), 400)[0] == "InvalidFormatError"
    assert error_of(post(client, "hint", puzzle=EXAMPLE, pencil_marks=["1"] * 3), 400)[0] == "ValidationError"


def test_explain_replays_to_the_solution(client: TestClient) -> None:
    data = post(client, "explain", puzzle=EXAMPLE).json()
    assert data["end"] == "solved" and data["solution"] == SOLUTION
    grid = list(EXAMPLE)
    for step in data["steps"]:
        assert step["text"] and step["cells"] is not None and all(len(pair) == 2 for pair in step["cells"])
        for cell, digit in step["placements"]:
            assert grid[cell] == "."
            grid[cell] = str(digit)
    assert "".join(grid) == SOLUTION


def test_rate_matches_the_library(client: TestClient) -> None:
    data = post(client, "rate", puzzle=EXAMPLE).json()
    expected = sudokit.rate(EXAMPLE).as_dict()
    assert {k: data[k] for k in expected} == expected
    assert data["band"] == "easy"


def test_generate_is_unique_rated_and_reproducible(client: TestClient) -> None:
    first = post(client, "generate", difficulty="easy", symmetry="rotational180", seed=11).json()
    again = post(client, "generate", difficulty="easy", symmetry="rotational180", seed=11).json()
    assert first["puzzle"] == again["puzzle"]
    assert sudokit.count_solutions(first["puzzle"]) == 1
    assert_solves(first["puzzle"], first["solution"])
    assert first["rating"]["band"] == "easy" and first["seed"] == 11
    p = first["puzzle"]
    assert all((p[i] == ".") == (p[80 - i] == ".") for i in range(81))  # 180° symmetric givens
    assert error_of(post(client, "generate", difficulty="impossible"), 400)[0] == "ValueError"
    assert error_of(post(client, "generate", symmetry="spiral"), 400)[0] == "ValidationError"


# ------------------------------------------------------------------ pictures, formats, traces
def test_render_svg_and_png(client: TestClient) -> None:
    svg = post(client, "render", puzzle=EXAMPLE)
    assert svg.headers["content-type"].startswith("image/svg+xml")
    texts = [t.text for t in ET.fromstring(svg.text).iter("{http://www.w3.org/2000/svg}text")]
    assert sorted(texts) == sorted(ch for ch in EXAMPLE if ch != ".")
    png = post(client, "render", puzzle=EXAMPLE, format="png", size=120)
    assert png.headers["content-type"] == "image/png" and png.content[:8] == b"\x89PNG\r\n\x1a\n"
    from PIL import Image

    assert Image.open(io.BytesIO(png.content)).size == (120, 120)
    assert error_of(post(client, "render", puzzle=EXAMPLE, size=10**6), 400)[0] == "ValidationError"


def test_convert_round_trips(client: TestClient) -> None:
    from sudokit.formats import read

    for fmt in ("sdk", "ss", "pretty", "json", "ipuz", "sukaku"):
        text = post(client, "convert", puzzle=EXAMPLE, to=fmt).json()["text"]
        back = post(client, "convert", puzzle=text, to="line").json()["text"].strip()
        assert back == EXAMPLE, fmt
    sdk = post(client, "convert", puzzle=EXAMPLE, to="sdk").json()["text"]
    assert str(read(io.StringIO(sdk), "sdk")) == EXAMPLE
    assert error_of(post(client, "convert", puzzle=EXAMPLE, to="parquet"), 400)[0] == "ValueError"
    assert error_of(post(client, "convert", puzzle=EXAMPLE, to="nope"), 400)[0] == "ValueError"


def test_f_puzzles_links_load_classic_puzzles_and_name_variant_rules(client: TestClient) -> None:
    from sudokit.variants import KillerCage, Puzzle
    from sudokit.variants.fpuzzles import to_fpuzzles

    link = "https://www.f-puzzles.com/?load=" + to_fpuzzles(Puzzle.from_string(EXAMPLE, size=9))
    assert post(client, "convert", puzzle=link, to="line").json()["text"].strip() == EXAMPLE
    assert post(client, "solve", puzzle=to_fpuzzles(Puzzle.from_string(EXAMPLE, size=9), compress=False)).json()["solution"] == SOLUTION
    killer = to_fpuzzles(Puzzle(size=9, constraints=(KillerCage((0, 1), 3),)))
    kind, message = error_of(post(client, "convert", puzzle=killer, to="line"), 422)
    assert kind == "UnsupportedVariantError" and "killer" in message


@pytest.mark.parametrize("solver", ["positional", "bookkeeping", "template", "logic"])
def test_trace_replays_to_the_solution(client: TestClient, solver: str) -> None:
    data = post(client, "trace", puzzle=EXAMPLE, solver=solver).json()
    grid = list(EXAMPLE)
    for cell, digit in data["events"]:
        assert grid[cell] == "." if digit else grid[cell] != "."
        grid[cell] = str(digit) if digit else "."
    assert "".join(grid) == SOLUTION == data["solution"]
    if solver != "logic":
        assert data["nodes"] == sum(1 for _, d in data["events"] if d)
    assert data["seconds"] > 0


def test_trace_node_budget(client: TestClient) -> None:
    kind, message = error_of(post(client, "trace", puzzle=HARD, solver="positional", max_nodes=50), 422)
    assert kind == "SearchLimitExceeded" and "50" in message


# ------------------------------------------------------------------ transport errors and limits
def test_transport_errors_are_json(client: TestClient) -> None:
    assert error_of(client.get("/api/nowhere"), 404)[0] == "NotFound"
    assert error_of(client.get("/api/solve"), 405)[0] == "MethodNotAllowed"
    bad_json = client.post("/api/solve", content=b"{not json", headers={"content-type": "application/json"})
    assert error_of(bad_json, 400)[0] == "ValidationError"
    assert error_of(post(client, "solve", puzzle=EXAMPLE, extra=1), 400)[0] == "ValidationError"
    assert error_of(post(client, "solve", puzzle=81), 400)[0] == "ValidationError"
    assert error_of(post(client, "solve"), 400)[0] == "ValidationError"
    assert error_of(post(client, "solve", puzzle="." * 9000), 400)[0] == "ValidationError"


def test_request_size_limit(client: TestClient) -> None:
    big = b'{"puzzle": "' + b"." * 70_000 + b'"}'
    assert error_of(client.post("/api/solve", content=big, headers={"content-type": "application/json"}), 413)[0] == "RequestTooLarge"

    def chunks() -> Iterator[bytes]:  # no Content-Length: the limit counts the bytes read
        yield b'{"puzzle": "'
        for _ in range(20):
            yield b"." * 5000
        yield b'"}'

    assert error_of(client.post("/api/solve", content=chunks(), headers={"content-type": "application/json"}), 413)[0] == "RequestTooLarge"


def test_openapi_lists_every_endpoint(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    for endpoint in ("solve", "count", "check", "hint", "explain", "rate", "generate", "render", "convert", "trace"):
        assert "post" in spec["paths"][f"/api/{endpoint}"]
    assert client.get("/docs").status_code == 200
    assert client.get("/api/info").json()["limits"]["max_body"] == 64 * 1024


def test_page_and_headers(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["x-content-type-options"] == "nosniff"


def test_cors_is_off_unless_enabled(client: TestClient) -> None:
    preflight = {"origin": "https://example.org", "access-control-request-method": "POST"}
    assert "access-control-allow-origin" not in client.options("/api/solve", headers=preflight).headers
    assert "access-control-allow-origin" not in post(client, "solve", puzzle=EXAMPLE).headers
    with TestClient(create_app(ServeConfig(workers=1, cors_origins=("https://example.org",)))) as open_client:
        got = open_client.options("/api/solve", headers=preflight)
        assert got.headers["access-control-allow-origin"] == "https://example.org"


def test_internal_errors_never_show_a_traceback() -> None:
    app = create_app(ServeConfig(workers=1))

    @app.get("/boom")
    async def boom() -> None:
        raise RuntimeError("secret detail /etc/passwd")

    with TestClient(app, raise_server_exceptions=False) as c:
        kind, message = error_of(c.get("/boom"), 500)
    assert kind == "InternalError" and "secret" not in message


# ------------------------------------------------------------------ time budgets and concurrency
def test_a_job_over_its_budget_is_stopped_and_the_server_goes_on() -> None:
    app = create_app(ServeConfig(workers=1, budgets={"trace": 0.5}))
    with TestClient(app) as c:
        start = time.monotonic()
        # check_everything re-validates the whole board per node: 200,000 nodes take many seconds
        response = post(c, "trace", puzzle=HARD, solver="check_everything", max_nodes=200_000)
        took = time.monotonic() - start
        kind, message = error_of(response, 422)
        assert kind == "SearchLimitExceeded" and "time budget" in message
        assert took < 5
        assert post(c, "solve", puzzle=EXAMPLE).json()["solution"] == SOLUTION  # a fresh worker
        assert app.state.pool.started == 1


def test_generate_budget() -> None:
    with TestClient(create_app(ServeConfig(workers=1, budgets={"generate": 1.5}))) as c:
        start = time.monotonic()
        # the hardest step of the set rates 7.1: a puzzle whose ER is exactly that is rare
        top = max(t.se_rating for t in sudokit.human.TECHNIQUES)
        kind, _ = error_of(post(c, "generate", difficulty=f"se:{top}-{top}", seed=1), 422)
        assert kind in ("SearchLimitExceeded", "GenerationBudgetExceeded")
        assert time.monotonic() - start < 6


def test_heavy_requests_are_limited_and_light_ones_still_run() -> None:
    config = ServeConfig(workers=2, heavy=1, queue_seconds=0.3, budgets={"trace": 3.0})
    with TestClient(create_app(config)) as c:
        post(c, "solve", puzzle=EXAMPLE)  # start the workers
        slow: dict[str, Any] = {}

        def heavy() -> None:
            slow["response"] = post(c, "trace", puzzle=HARD, solver="check_everything", max_nodes=200_000)

        thread = threading.Thread(target=heavy)
        thread.start()
        time.sleep(0.5)  # the first heavy job is running
        busy = post(c, "trace", puzzle=EXAMPLE, solver="positional")
        kind, _ = error_of(busy, 429)
        assert kind == "ServerBusy" and busy.headers["retry-after"] == "1"
        assert post(c, "solve", puzzle=EXAMPLE).status_code == 200  # the light slot is free
        assert error_of(post(c, "solve", puzzle={"size": 4}, first=True), 429)[0] == "ServerBusy"  # a variant is heavy
        thread.join(10)
        assert slow["response"].status_code == 422


def test_serve_command_checks_its_options() -> None:
    from sudokit.cli import main

    err = io.StringIO()
    assert main(["serve", "--port", "70000"], stdout=io.StringIO(), stderr=err) == 2
    assert "port" in err.getvalue()
    assert main(["serve", "--workers", "0"], stdout=io.StringIO(), stderr=io.StringIO()) == 2


def test_config_rejects_nonsense() -> None:
    with pytest.raises(ValueError):
        ServeConfig(workers=2, heavy=3)
    with pytest.raises(ValueError):
        ServeConfig(budgets={"solve": 0})
    with pytest.raises(ValueError):
        ServeConfig(max_body=10)


def test_serve_open_starts_on_loopback_and_opens_the_page(monkeypatch: pytest.MonkeyPatch) -> None:
    import urllib.request
    import webbrowser

    import uvicorn

    from sudokit.cli import main

    servers: list[Any] = []
    original_run = uvicorn.Server.run

    def run(self: Any, *args: Any, **kwargs: Any) -> None:
        servers.append(self)
        original_run(self, *args, **kwargs)

    opened: list[tuple[str, int]] = []

    def fake_open(url: str) -> bool:  # what the browser would load; then stop the server
        with urllib.request.urlopen(url, timeout=10) as page:
            opened.append((url, page.status))
        servers[0].should_exit = True
        return True

    monkeypatch.setattr(uvicorn.Server, "run", run)
    monkeypatch.setattr(webbrowser, "open", fake_open)
    err = io.StringIO()
    assert main(["serve", "--port", "0", "--open", "--workers", "1"], stdout=io.StringIO(), stderr=err) == 0
    assert servers[0].config.host == "127.0.0.1"  # loopback unless --host says otherwise
    assert len(opened) == 1 and opened[0][0].startswith("http://127.0.0.1:") and opened[0][1] == 200
    assert "serving on http://127.0.0.1:" in err.getvalue()


def test_serve_without_the_web_extra_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from sudokit.cli import main

    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if it were not installed
    err = io.StringIO()
    assert main(["serve"], stdout=io.StringIO(), stderr=err) == 2
    assert "pip install 'sudokit[web]'" in err.getvalue()


def test_loopback_server_refuses_other_host_names() -> None:
    from sudokit.web.config import LOOPBACK_NAMES

    with TestClient(create_app(ServeConfig(workers=1, allowed_hosts=LOOPBACK_NAMES)), base_url="http://127.0.0.1:8765") as c:
        assert post(c, "solve", puzzle=EXAMPLE).status_code == 200
        assert c.get("/", headers={"host": "localhost:8765"}).status_code == 200
        kind, _ = error_of(c.get("/", headers={"host": "evil.example:8765"}), 400)
        assert kind == "InvalidHost"


def test_explain_sends_chain_links_between_candidates(client: TestClient) -> None:
    needs_chains = "590000007040010083008034900001402000069000820000109300004670200980040030700000016"
    steps = post(client, "explain", puzzle=needs_chains).json()["steps"]
    chained = [s for s in steps if s["links"]]
    assert chained, "the chain techniques should be needed on this puzzle"
    expected = sudokit.explain(needs_chains)
    for step in chained:
        lib = next(s for s in expected if str(s) == step["text"])
        assert step["links"] == [[[a, b], [c, d], strong] for (a, b), (c, d), strong in lib.links]


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads /proc to find the server's processes (Linux)")
def test_a_killed_server_leaves_no_worker_behind(tmp_path: Any) -> None:
    import re
    import signal
    import subprocess
    import sys
    import urllib.request
    import uuid

    mark = f"SUDOKIT_TEST_MARK={uuid.uuid4().hex}".encode()

    def marked() -> list[int]:
        """Processes that inherited this test's marker from the server (server, fork server, workers)."""
        found = []
        for entry in os.listdir("/proc"):
            try:
                with open(f"/proc/{entry}/environ", "rb") as env:
                    if mark in env.read().split(b"\0"):
                        found.append(int(entry))
            except (OSError, ValueError):
                continue
        return found

    env = dict(os.environ, SUDOKIT_TEST_MARK=mark.decode().split("=", 1)[1])
    server = subprocess.Popen([sys.executable, "-m", "sudokit", "serve", "--port", "0", "--workers", "1"],
                              stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert server.stderr is not None
        port = int(re.search(r"127\.0\.0\.1:(\d+)/", server.stderr.readline()).group(1))  # type: ignore[union-attr]
        body = json.dumps({"puzzle": HARD, "solver": "check_everything", "max_nodes": 200_000}).encode()
        request = urllib.request.Request(f"http://127.0.0.1:{port}/api/trace", body, {"content-type": "application/json"})
        threading.Thread(target=lambda: _ignore_errors(lambda: urllib.request.urlopen(request, timeout=30)), daemon=True).start()
        deadline = time.monotonic() + 20
        while len(marked()) < 4 and time.monotonic() < deadline:  # server, resource tracker, fork server, worker
            time.sleep(0.1)
        assert len(marked()) >= 4
        time.sleep(1.0)  # the worker is deep in a search of many seconds
        server.send_signal(signal.SIGKILL)
        server.wait(10)
        deadline = time.monotonic() + 10
        while marked() and time.monotonic() < deadline:
            time.sleep(0.2)
        assert marked() == []
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(10)
        if server.stderr is not None:
            server.stderr.close()


def _ignore_errors(call: Any) -> None:
    try:
        call().close()
    except OSError:  # the server was killed under the request: that is the point
        pass
