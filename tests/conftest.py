"""Shared fixtures: headless Chromium (Playwright), request/console guards, JupyterLab server.

Browser tests never skip: a missing Chromium is a failure with a message saying how to install it.

Fixtures
    chromium         session-wide Playwright ``Browser`` on /usr/bin/chromium
    page             a fresh page (own context) per test; screenshot to test-artifacts/ on failure
    page_guard       a ``Guard`` recording ``page``'s off-machine requests and console/page errors
    record_requests  the ``record_requests(page) -> Guard`` function, for other pages
    artifacts_dir    ``<repo>/test-artifacts`` (created)
    jupyterlab       a JupyterLab server for the test run (``LabServer``)

Tests using ``chromium``/``page`` are marked ``browser``, tests using ``jupyterlab`` ``lab``,
tests using ``book``/``book_url``/``executed_chapters`` ``book``, automatically. The fast tier
(``./dev test --fast``) leaves out those and ``venv`` (tests that make a fresh virtual
environment).

Every test stops the class servers it started (``classkit.start_class``; ``ClassProcess.stop``
closes a server's output pipe): one left running or with its pipe open fails the test.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from bookkit import BOOK_TARGET_SECONDS, build_book
from bookkit import executed_chapters as executed_chapters_of
from hypothesis import settings as hypothesis_settings
from servekit import serve_folder

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(REPO_ROOT / "benchmarks"))  # last: its names shadow nothing
from benchkit import CHROMIUM, FLAGS, SMOKE_FLAGS  # noqa: E402  (one list of flags)

CHROMIUM_PATH = os.environ.get("MTLEARN_CHROMIUM", CHROMIUM)
#: The tests check what the pages do, not how fast, so they launch Chromium as a benchmark's
#: smoke run does: the measured runs' flags plus V8 kept on its WebAssembly baseline
#: compiler (Liftoff; a learner's Chromium also recompiles Pyodide's hot functions with its
#: optimizing one in the background). The same code runs; each start of the in-page engine
#: costs about 2.5 CPU-seconds less (measured: 7.4 -> 4.7 for a book page and its engine),
#: which on CI's two cores is most of what the browser tests wait for.
CHROMIUM_ARGS = FLAGS + SMOKE_FLAGS
#: No deadline for a hypothesis example: speed is measured by benchmarks/, never judged by a
#: test (the 200 ms default failed right examples on a busy machine).
hypothesis_settings.register_profile("mtlearn", deadline=None)
hypothesis_settings.load_profile("mtlearn")

LOCAL_SCHEMES = ("file:", "data:", "blob:", "about:", "chrome-error:")
LOCAL_HOSTS = {"127.0.0.1", "localhost", "[::1]", "::1"}

BROWSER_FIXTURES = {"chromium", "page", "page_guard"}
LAB_FIXTURES = {"jupyterlab"}
BOOK_FIXTURES = {"book", "book_url", "executed_chapters"}


#: The tests that take longest (tens of seconds each, measured with --durations), longest
#: first. They run first, so that with several workers (pytest-xdist hands out tests in
#: order, one at a time with ``--maxschedchunk 1`` as ./dev test runs it) no worker is left
#: running a long test alone at the end. Only an order: a name here that no longer exists
#: changes nothing.
LONG_FIRST = (
    "tests/test_benchmarks.py::test_benchmark_runs_in_smoke_mode[lite]",
    "tests/test_lite_walk.py",
    "tests/test_book_play.py::test_review_of_a_round",  # Look further: a minute in CI
    "tests/test_lite.py::test_chapter_5",
    "tests/test_first_screen.py::test_each_page_opens_with_its_board_in_view",
    "tests/test_keyboard.py::test_a_whole_round_with_the_keyboard_only",
    "tests/test_keyboard.py::test_every_tile_move_takes_at_most_four_presses",
    "tests/test_puzzles_lab.py::test_puzzles_live_in_jupyterlab",
    "tests/test_book.py::test_each_page_as_first_drawn[api]",
    "tests/test_release.py",
    "tests/test_benchmarks.py::test_benchmark_runs_in_smoke_mode[play]",
    "tests/test_benchmarks.py::test_benchmark_runs_in_smoke_mode[instructions]",
    "tests/test_binder.py::test_binder_environment",
    "tests/test_book_execute.py",
    "tests/test_harness.py::test_jupyterlab_runs_a_notebook",
    "tests/test_book_play.py::test_round_against_three_bots",
    "tests/test_book_path.py::test_round_end_and_next_round",
    "tests/test_mined.py::test_every_shipped_mined_puzzle_proves",
    "tests/test_trainer_page.py",
    "tests/test_own_puzzle_page.py",
    "tests/test_book_charts.py",
    "tests/test_class_lesson.py",
    "tests/test_book.py::test_refusal_links_land_on_their_rule",
    "tests/test_book.py::test_puzzles_in_the_book",
    "tests/test_class_review.py::test_a_phone_reviews_its_round",
    "tests/test_class_screens.py::test_the_printed_projector_address",
    "tests/test_class_review_kept.py::test_a_review_is_kept_when_the_server_stops",
    "tests/test_book_play.py::test_try_it_instructions_work_to_the_end",
    "tests/test_class_server.py::test_a_round_every_socket_sees_only_its_own_hand",
    # the fast tier's longest (seconds each): first among the tests it runs
    "tests/test_class_server.py::test_the_teacher_steps_in_undo_hint_computer_next_round",
    "tests/test_mining.py::test_the_same_seed_gives_the_same_file_whatever_the_jobs",
    "tests/test_class_abuse.py::test_idle_connections_are_counted_and_closed",
    "tests/test_lite.py::test_live_notebooks_with_changed_cells_run_top_to_bottom_twice",
    "tests/test_bad_input.py::test_html_prints_one_clean_line_per_problem",
    "tests/test_class_server.py::test_a_killed_server_resumes_every_table_move_for_move",
    "tests/test_hidden_hands.py",
    "tests/test_variants.py::test_variants_random_rounds_keep_every_invariant",
    "tests/test_class_teacher.py::test_idle_phones_the_computer_plays_at_a_persons_pace",
    "tests/test_soak.py",
    "tests/test_fuzz.py",
    "tests/test_fuzz_puzzles.py",
    "tests/test_trainer_notebook.py",
)


def _long_first(item: pytest.Item) -> int:
    return next((k for k, prefix in enumerate(LONG_FIRST) if item.nodeid.startswith(prefix)),
                len(LONG_FIRST))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        names = set(getattr(item, "fixturenames", ()))
        if names & BROWSER_FIXTURES:
            item.add_marker(pytest.mark.browser)
        if names & LAB_FIXTURES:
            item.add_marker(pytest.mark.lab)
        if names & BOOK_FIXTURES:
            item.add_marker(pytest.mark.book)
    items.sort(key=_long_first)  # stable: the rest keep their order
    if os.environ.get("MTLEARN_BOOK_STATUS"):
        # the book is still being built (./dev test): the long tests that need no book
        # first, while it builds, then the order above
        free = [i for i in items if _long_first(i) < len(LONG_FIRST)
                and i.get_closest_marker("book") is None]
        chosen = set(free)
        items[:] = free + [i for i in items if i not in chosen]


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


@pytest.fixture(autouse=True)
def _class_servers_stopped() -> Iterator[None]:
    """A test (or a fixture of its own scope) that started a class server
    (``classkit.start_class``) stops it, which closes its output pipe, by the test's end;
    else the test fails, naming where it was started, and the server is killed here. (An
    open pipe is a ResourceWarning later, in whatever test the garbage collector closes it.)
    Servers a wider fixture started before the test are left to that fixture."""
    kit = sys.modules.get("classkit")
    before = kit.started() if kit is not None else []
    yield
    kit = sys.modules.get("classkit")
    left = kit.stop_left(before) if kit is not None else []
    assert not left, ("class servers left running or with their output open (stop each "
                      f"with ClassProcess.stop): started at {', '.join(left)}")


def _slug(nodeid: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", nodeid).strip("_")[:150]


# ---------------------------------------------------------------- artifacts and browser


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    path = REPO_ROOT / "test-artifacts"
    path.mkdir(exist_ok=True)
    return path


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    if not os.access(CHROMIUM_PATH, os.X_OK):
        pytest.fail(
            f"Chromium not found at {CHROMIUM_PATH}. Browser tests do not skip: install it with "
            "`apt-get update && apt-get install -y chromium` (./dev test does this as root), "
            "or set MTLEARN_CHROMIUM to a Chromium binary.",
            pytrace=False,
        )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("The `playwright` package is missing: pip install -e '.[test]'", pytrace=False)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM_PATH, headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def page(chromium: Any, request: pytest.FixtureRequest, artifacts_dir: Path) -> Iterator[Any]:
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    try:
        yield pg
    finally:
        rep = getattr(request.node, "rep_call", None)
        if rep is not None and rep.failed:
            with contextlib.suppress(Exception):
                pg.screenshot(path=str(artifacts_dir / f"FAILED-{_slug(request.node.nodeid)}.png"))
        context.close()


@dataclass
class Guard:
    """What a page did that a test may want to forbid."""

    external_requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)

    def assert_offline(self) -> None:
        assert not self.external_requests, f"requests left the machine: {self.external_requests}"

    def assert_no_errors(self) -> None:
        assert not self.console_errors, f"console errors: {self.console_errors}"
        assert not self.page_errors, f"page errors: {self.page_errors}"

    def assert_clean(self) -> None:
        self.assert_offline()
        self.assert_no_errors()


def is_local_url(url: str) -> bool:
    if url.startswith(LOCAL_SCHEMES):
        return True
    m = re.match(r"^[a-z][a-z0-9+.-]*://([^/?#]*)", url, re.IGNORECASE)
    if not m:
        return False
    host = m.group(1).rsplit("@", 1)[-1]
    host = host if host.startswith("[") else host.split(":", 1)[0]
    if host.startswith("[") and "]" in host:
        host = host[: host.index("]") + 1]
    return host.lower() in LOCAL_HOSTS


def record_requests(page: Any) -> Guard:
    """Start recording on ``page``: non-local requests, console errors and uncaught errors."""
    guard = Guard()

    def on_request(req: Any) -> None:
        if not is_local_url(req.url):
            guard.external_requests.append(req.url)

    def on_console(msg: Any) -> None:
        if msg.type == "error":
            loc = msg.location or {}
            guard.console_errors.append(
                f"{msg.text} ({loc.get('url', '')}:{loc.get('lineNumber', '')})"
            )

    page.on("request", on_request)
    page.on("console", on_console)
    page.on("pageerror", lambda err: guard.page_errors.append(str(err)))
    return guard


@pytest.fixture(name="record_requests")
def record_requests_fixture() -> Any:
    return record_requests


@pytest.fixture
def page_guard(page: Any) -> Guard:
    return record_requests(page)


# ---------------------------------------------------------------- JupyterLab


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _port_in_use(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.settimeout(0.2)
        return s.connect_ex(("127.0.0.1", port)) == 0


@dataclass
class LabServer:
    url: str  # e.g. http://127.0.0.1:PORT/ (no token needed)
    root_dir: Path  # the server's root: write notebooks here
    log_path: Path
    process: subprocess.Popen[bytes]

    def log_tail(self, n: int = 60) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-n:])
        except OSError:
            return "(no log)"

    def write_notebook(self, name: str, cells: list[str | tuple[str, str]]) -> Path:
        """Write ``name`` (e.g. "x.ipynb") into root_dir. A cell is code text or (kind, text)
        with kind "code" or "markdown". The kernelspec is set so Lab does not ask for one."""
        import nbformat

        nb = nbformat.v4.new_notebook()
        nb.metadata["kernelspec"] = {
            "name": "python3",
            "display_name": "Python 3 (ipykernel)",
            "language": "python",
        }
        nb.metadata["language_info"] = {"name": "python"}
        for cell in cells:
            kind, text = ("code", cell) if isinstance(cell, str) else cell
            make = (
                nbformat.v4.new_markdown_cell if kind == "markdown" else nbformat.v4.new_code_cell
            )
            nb.cells.append(make(text))
        path = self.root_dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, str(path))
        return path

    def open(self, page: Any, name: str, timeout: float = 60_000) -> None:
        """Open a file under root_dir (notebook or Jupytext .md) with a reset workspace and wait
        until its kernel is idle."""
        page.goto(f"{self.url}lab/tree/{name}?reset", timeout=timeout)
        self.wait_idle(page, timeout=timeout)

    def wait_idle(self, page: Any, timeout: float = 60_000) -> None:
        page.locator(".jp-StatusBar-Widget", has_text="| Idle").first.wait_for(timeout=timeout)

    def run_all(self, page: Any, timeout: float = 120_000) -> None:
        """Edit > Clear Outputs of All Cells, then Run > Run All Cells in the current notebook;
        wait until every non-empty code cell has an execution count and the kernel is idle."""
        self.menu(page, "Edit", "Clear Outputs of All Cells")
        self.menu(page, "Run", "Run All Cells")
        page.wait_for_function(
            """() => {
                const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
                if (!panel) return false;
                const cells = [...panel.querySelectorAll('.jp-CodeCell')].filter(
                    c => (c.querySelector('.cm-content')?.textContent ?? '').trim() !== '');
                return cells.every(c => /\\[\\d+\\]/.test(
                    c.querySelector('.jp-InputArea-prompt')?.textContent ?? ''));
            }""",
            timeout=timeout,
        )
        self.wait_idle(page, timeout=timeout)

    def menu(self, page: Any, menu: str, item: str) -> None:
        """Click a main-menu entry, e.g. menu(page, "Run", "Run All Cells")."""
        page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook").first.click(
            position={"x": 2, "y": 2}
        )
        page.locator(".lm-MenuBar-item", has_text=re.compile(f"^{re.escape(menu)}$")).click()
        page.locator(
            ".lm-Menu-item:not(.lm-mod-disabled) .lm-Menu-itemLabel",
            has_text=re.compile(f"^{re.escape(item)}$"),
        ).first.click()

    def open_and_run(self, page: Any, name: str, timeout: float = 120_000) -> None:
        self.open(page, name, timeout=timeout)
        self.run_all(page, timeout=timeout)


def _stop_process_group(proc: subprocess.Popen[bytes], port: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
    deadline = time.monotonic() + 20
    while _port_in_use(port) and time.monotonic() < deadline:
        time.sleep(0.2)


@pytest.fixture(scope="session")
def jupyterlab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LabServer]:
    """One JupyterLab server for the test run (each test writes notebooks of its own name
    into ``root_dir`` and opens them with a reset workspace)."""
    base = tmp_path_factory.mktemp("lab")
    root = base / "root"
    dirs = {
        "JUPYTER_CONFIG_DIR": base / "config",
        "JUPYTER_RUNTIME_DIR": base / "runtime",
        "JUPYTERLAB_SETTINGS_DIR": base / "settings",
        "JUPYTERLAB_WORKSPACES_DIR": base / "workspaces",
        "IPYTHONDIR": base / "ipython",
    }
    for d in [root, *dirs.values()]:
        d.mkdir(parents=True, exist_ok=True)
    config = dirs["JUPYTER_CONFIG_DIR"]
    # No announcements / news / update checks: nothing may leave the machine.
    (config / "labconfig").mkdir()
    (config / "labconfig" / "page_config.json").write_text(
        json.dumps({"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}})
    )
    (config / "jupyter_server_config.json").write_text(
        json.dumps(
            {
                "LabApp": {
                    "news_url": None,
                    "check_for_updates_class": "jupyterlab.NeverCheckForUpdate",
                },
            }
        )
    )
    env = {**os.environ, **{k: str(v) for k, v in dirs.items()}}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env.pop("JUPYTER_TOKEN", None)

    port = _free_port()
    cmd = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        f"--ServerApp.root_dir={root}",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    log_path = base / "server.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            cmd,
            cwd=root,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}/"
    server = LabServer(url=url, root_dir=root, log_path=log_path, process=proc)
    try:
        deadline = time.monotonic() + 90
        while True:
            if proc.poll() is not None:
                pytest.fail(
                    f"jupyter lab exited with {proc.returncode}:\n{server.log_tail()}",
                    pytrace=False,
                )
            try:
                with urllib.request.urlopen(f"{url}api/status", timeout=2) as resp:
                    if resp.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if time.monotonic() > deadline:
                pytest.fail(
                    f"jupyter lab did not answer in 90 s:\n{server.log_tail()}", pytrace=False
                )
            time.sleep(0.25)
        yield server
    finally:
        _stop_process_group(proc, port)


# ---------------------------------------------------------------- the built book

#: How long a test waits for ``./dev test``'s book build to end (a hung build, not a slow one).
BOOK_WAIT_SECONDS = 1200


def _wait_for_the_book() -> None:
    """When ``./dev test`` builds the book beside pytest (``MTLEARN_BOOK_STATUS`` names the
    file the build writes its exit code and end time to), wait until it has ended; fail
    with the build's output (``MTLEARN_BOOK_LOG``) if it failed."""
    status = os.environ.get("MTLEARN_BOOK_STATUS")
    if not status:
        return
    deadline = time.monotonic() + BOOK_WAIT_SECONDS
    while not Path(status).is_file():
        if time.monotonic() > deadline:
            pytest.fail(f"the book build did not end within {BOOK_WAIT_SECONDS} s", pytrace=False)
        time.sleep(0.5)
    if Path(status).read_text().split()[:1] != ["0"]:
        log = os.environ.get("MTLEARN_BOOK_LOG", "")
        text = Path(log).read_text(errors="replace")[-4000:] if log and Path(log).is_file() else ""
        pytest.fail(f"the book build failed ({log}):\n{text}", pytrace=False)


@pytest.fixture(scope="session")
def book(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Path:
    """A clean build of the book; fails with Sphinx's output if it does not build.

    ``./dev test`` builds it once before pytest (``tests/build_book.py``) and passes it in
    ``MTLEARN_BOOK_DIR``; set that to ``docs/_build/html`` to use a book built already with
    ``./dev book``. Without it, the first test that needs the book builds it.
    """
    given = os.environ.get("MTLEARN_BOOK_DIR")
    if given:
        _wait_for_the_book()
        path = Path(given).resolve()
        if not (path / "index.html").is_file():
            pytest.fail(f"MTLEARN_BOOK_DIR={given}: no built book there", pytrace=False)
        return path
    build = build_book(tmp_path_factory.mktemp("book"))
    message = f"clean book build: {build.seconds:.1f} s (target ≤ {BOOK_TARGET_SECONDS} s)"
    capture = request.config.pluginmanager.getplugin("capturemanager")
    if capture is not None:  # shown even when pytest captures output
        with capture.global_and_fixture_disabled():
            print(f"\n[book] {message}")
    else:
        print(f"\n[book] {message}")
    if build.returncode != 0:
        pytest.fail(build.failure(), pytrace=False)
    return build.html


@pytest.fixture(scope="session")
def executed_chapters(book: Path) -> Path:
    """The tutorials as the book build executed them (``.ipynb`` with their outputs)."""
    folder = executed_chapters_of(book)
    if not folder.is_dir():
        pytest.fail(f"the book at {book} has no executed chapters at {folder}", pytrace=False)
    return folder


@pytest.fixture(scope="session")
def book_url(book: Path) -> Iterator[str]:
    """The built book served on 127.0.0.1 (a thread of this process)."""
    with serve_folder(book) as url:
        yield url
