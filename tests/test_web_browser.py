"""End-to-end tests of the web app in headless Chromium (Debian's package) driven by Playwright.

The server runs in this process on a free loopback port. Skipped, saying why, only when
Playwright or /usr/bin/chromium is missing (``.ci/run`` installs both). Set
``SUDOKIT_WEB_SCREENSHOT=path.png`` to save the README's screenshot.
"""

from __future__ import annotations

import os
import shutil
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install 'sudokit[web]'")
sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed: pip install playwright")
import uvicorn  # noqa: E402

from sudokit.web import ServeConfig, create_app  # noqa: E402

pytestmark = pytest.mark.single_backend

CHROMIUM = os.environ.get("SUDOKIT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
EXAMPLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    config = uvicorn.Config(create_app(ServeConfig(workers=2)), host="127.0.0.1", port=0, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        if time.monotonic() > deadline or not thread.is_alive():
            pytest.fail("the server did not start")
        time.sleep(0.05)
    port = srv.servers[0].sockets[0].getsockname()[1]
    yield f"http://127.0.0.1:{port}/"
    srv.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"Chromium not found at {CHROMIUM}: apt-get install chromium (the CI script does)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1100, "height": 860})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.goto(server)
    pg.wait_for_selector("body[data-ready='true']")
    yield pg
    context.close()
    assert not errors, errors


def cell(page: Any, i: int) -> Any:
    return page.locator(f"[role=gridcell][data-cell='{i}']")


def label(page: Any, i: int) -> str:
    return str(cell(page, i).get_attribute("aria-label"))


def board_digits(page: Any) -> str:
    return str(page.evaluate(
        "() => [...document.querySelectorAll('[role=gridcell]')].map(c => c.querySelector('.digit').textContent || '.').join('')"))


def paste(page: Any, text: str) -> None:
    page.click("#load")
    page.fill("#load-text", text)
    page.click("#load-ok")
    page.wait_for_function("() => !document.getElementById('load-dialog').open")


def test_type_a_puzzle_hint_mistake_and_check(page: Any) -> None:
    paste(page, "\n".join(EXAMPLE[r * 9:(r + 1) * 9] for r in range(9)))  # a 9-line grid
    assert board_digits(page) == EXAMPLE
    assert label(page, 0) == "r1c1, 5, given"
    page.keyboard.press("h")
    page.wait_for_selector("#hint-panel:not([hidden])")
    assert page.text_content("#hint-text") == "Look for a Hidden Single in box 2."
    assert page.locator(".cell.house").count() == 9  # level 1 tints box 2 only, no cell
    assert page.locator(".cell[data-role]:not([data-role=''])").count() == 0
    page.click("#hint-more")
    page.wait_for_function("() => document.getElementById('hint-text').textContent.startsWith('Hidden Single: look')")
    assert page.locator(".cell[data-role]:not([data-role=''])").count() >= 1  # level 2 draws the pattern
    page.click("#hint-more")
    page.wait_for_function("() => document.getElementById('hint-text').textContent.includes('r1c6=8')")
    assert page.locator(".cands span.place").count() == 1  # the placement is drawn on its candidate
    page.click("#hint-apply")
    assert label(page, 5) == "r1c6, 8"
    cell(page, 2).click()  # r1c3 should be 4: enter a wrong 1
    page.keyboard.press("1")
    page.click("#check")
    page.wait_for_selector(".cell.mistake")
    assert cell(page, 2).get_attribute("class").split().count("mistake") == 1
    assert "1 mistake" in page.text_content("#message") and "wrong" in label(page, 2)
    page.keyboard.press("Control+z")  # undo the mistake: the flag goes away
    assert label(page, 2) == "r1c3, empty"
    assert page.locator(".cell.mistake").count() == 0


def test_solve_generate_share_and_reload(page: Any, browser: Any) -> None:
    from sudokit.variants import Puzzle
    from sudokit.variants.fpuzzles import to_fpuzzles

    paste(page, "https://www.f-puzzles.com/?load=" + to_fpuzzles(Puzzle.from_string(EXAMPLE, size=9)))  # an f-puzzles link
    assert board_digits(page) == EXAMPLE
    page.click("#solve")
    page.wait_for_function(f"() => [...document.querySelectorAll('.digit')].every(d => d.textContent)")
    assert board_digits(page) == SOLUTION
    page.select_option("#difficulty", "easy")
    page.click("#generate")
    page.wait_for_function("() => document.getElementById('message').textContent.startsWith('New easy puzzle')", timeout=30_000)
    page.wait_for_function("() => document.getElementById('rating').textContent.startsWith('easy')")
    puzzle = board_digits(page)
    assert puzzle != SOLUTION and puzzle.count(".") > 30
    blank = puzzle.index(".")
    cell(page, blank).click()
    page.keyboard.press("Shift+3")  # a corner mark
    page.keyboard.press("Control+7")  # a centre mark
    page.click("#share")
    url = page.input_value("#share-url")
    assert "#p=" in url
    other = browser.new_page()
    other.goto(url)
    other.wait_for_selector("body[data-ready='true']")
    assert board_digits(other) == puzzle
    assert other.locator(f"[data-cell='{blank}'] .corner").text_content() == "3"
    assert other.locator(f"[data-cell='{blank}'] .centre").text_content() == "7"
    other.reload()
    other.wait_for_selector("body[data-ready='true']")
    assert board_digits(other) == puzzle
    other.close()


def test_keyboard_only_aria_grid_explain_and_watch(page: Any) -> None:
    grid = page.locator("[role=grid]")
    assert grid.count() == 1 and page.locator("[role=row]").count() == 9
    assert page.locator("[role=gridcell]").count() == 81
    cell(page, 0).focus()
    for key in ["ArrowRight", "ArrowRight", "ArrowDown"]:
        page.keyboard.press(key)
    focused = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
    assert focused == "r2c3, empty"
    page.keyboard.press("4")
    assert label(page, 11) == "r2c3, 4"
    page.keyboard.press("Delete")
    assert label(page, 11) == "r2c3, empty"
    page.click("#explain")
    page.wait_for_selector("#explain-panel:not([hidden])")
    assert page.text_content("#step-text").startswith("Hidden Single")
    page.click("#step-next")
    assert page.text_content("#step-index") == "2"
    page.click("#explain-close")
    page.locator("details:has(#watch-form) summary").click()
    page.select_option("#watch-solver", "positional")
    page.fill("#watch-speed", "100")
    page.click("#watch-play")
    page.wait_for_function("() => document.getElementById('watch-status').textContent.endsWith('done')", timeout=30_000)
    assert board_digits(page) == SOLUTION
    page.click("#watch-stop")
    assert board_digits(page) == EXAMPLE  # back to the player's grid
    theme = page.evaluate("() => document.documentElement.dataset.theme || 'light'")
    page.click("#theme")
    assert page.evaluate("() => document.documentElement.dataset.theme") != theme
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: nothing wider than the screen
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert page.locator("#board").bounding_box()["width"] <= 390
    page.emulate_media(media="print")  # the print view shows the board alone
    assert page.locator("#board").is_visible() and not page.locator(".side").is_visible()


def test_a_chain_is_drawn_with_its_links(page: Any, server: str, tmp_path: Any) -> None:
    import sudokit

    needs_chains = "590000007040010083008034900001402000069000820000109300004670200980040030700000016"
    path = sudokit.explain(needs_chains)
    index = next(i for i, step in enumerate(path) if getattr(step, "links", ()))
    page.goto(f"{server}#p={needs_chains}")
    page.wait_for_selector("body[data-ready='true']")
    page.wait_for_function("() => document.getElementById('rating').textContent !== ''")
    page.click("#explain")
    page.wait_for_selector("#explain-panel:not([hidden])")
    for _ in range(index):
        page.click("#step-next")
    assert page.text_content("#step-text") == str(path[index])
    links = path[index].links
    assert page.locator(".overlay line.strong").count() == sum(1 for link in links if link[2])
    assert page.locator(".overlay line.weak").count() == sum(1 for link in links if not link[2])
    assert page.locator(".cands span.elim").count() == len(path[index].eliminations)
    shot = tmp_path / "app.png"
    page.screenshot(path=str(shot))
    assert shot.stat().st_size > 10_000
    target = os.environ.get("SUDOKIT_WEB_SCREENSHOT")
    if target:
        shutil.copy(shot, target)


def test_a_killer_link_draws_its_cages_solves_and_flags_a_wrong_digit(page: Any, browser: Any) -> None:
    from sudokit.variants import KillerCage, Puzzle, Thermometer
    from sudokit.variants.fpuzzles import to_fpuzzles

    # Row 1 without its givens; a cage and a thermometer (true to the solution) pin it down again.
    open_row = "........." + EXAMPLE[9:]
    cage = KillerCage((2, 3), int(SOLUTION[2]) + int(SOLUTION[3]))
    thermo = Thermometer((6, 7)) if SOLUTION[6] < SOLUTION[7] else Thermometer((7, 6))
    link = "https://www.f-puzzles.com/?load=" + to_fpuzzles(Puzzle.from_string(open_row, size=9).with_constraints(cage, thermo))
    paste(page, link)
    page.wait_for_function("() => document.getElementById('rating').textContent.startsWith('variant')")
    assert board_digits(page) == open_row
    assert page.locator(".board > svg.variant-layer line.cage").count() >= 4  # the cage is drawn over the cells
    assert page.locator(".board > svg.variant-layer .thermometer").count() == 1
    assert page.text_content(".board > svg.variant-layer .cage-sum") == str(cage.total)
    wrong = str(int(SOLUTION[2]) % 9 + 1)
    cell(page, 2).click()
    page.keyboard.press(wrong)
    page.click("#check")
    page.wait_for_selector(".cell.mistake")
    assert "wrong" in label(page, 2) and "1 mistake" in page.text_content("#message")
    page.keyboard.press("h")  # hints are classic-only: a clear message, no request
    assert "classic Sudoku only" in page.text_content("#message") and "killer" in page.text_content("#message")
    page.click("#solve")
    page.wait_for_function("() => [...document.querySelectorAll('.digit')].every(d => d.textContent)")
    assert board_digits(page) == SOLUTION
    page.reload()  # the share link keeps the variant
    page.wait_for_selector("body[data-ready='true']")
    page.wait_for_selector(".board > svg.variant-layer line.cage", state="attached")
    page.wait_for_function("() => document.getElementById('rating').textContent.startsWith('variant')")
    assert board_digits(page) == SOLUTION
