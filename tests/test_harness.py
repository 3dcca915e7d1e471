"""Smoke tests proving the test harness itself works: Chromium, guards, JupyterLab."""

from __future__ import annotations

from pathlib import Path

HTML = """<!doctype html>
<html><head><meta charset="utf-8"><title>harness</title></head>
<body style="font: 24px sans-serif; padding: 2em">
  <button id="go">Click me</button>
  <p id="out">not clicked</p>
  <script>
    document.getElementById("go").addEventListener("click", () => {
      document.getElementById("out").textContent = "clicked!";
    });
  </script>
</body></html>
"""


def test_chromium_clicks_a_button(page, page_guard, tmp_path: Path, artifacts_dir: Path):
    html = tmp_path / "button.html"
    html.write_text(HTML, encoding="utf-8")
    page.goto(html.as_uri())
    assert page.locator("#out").text_content() == "not clicked"
    page.click("#go")
    page.locator("#out", has_text="clicked!").wait_for()
    page.screenshot(path=str(artifacts_dir / "harness-button.png"))
    page_guard.assert_clean()


def test_guard_sees_external_requests(page, page_guard):
    # The closed network refuses it; the guard must still see it was attempted.
    with page.expect_request("https://example.invalid/x.png"):
        page.set_content('<img src="https://example.invalid/x.png">')
    assert page_guard.external_requests == ["https://example.invalid/x.png"]


def test_jupyterlab_runs_a_notebook(jupyterlab, page, page_guard, artifacts_dir: Path):
    jupyterlab.write_notebook("smoke.ipynb", ["print(6*7)"])
    jupyterlab.open_and_run(page, "smoke.ipynb")
    output = page.locator(".jp-OutputArea-output", has_text="42")
    output.wait_for()
    assert output.first.text_content().strip() == "42"
    page.screenshot(path=str(artifacts_dir / "harness-lab.png"))
    page_guard.assert_clean()


MYST = """---
jupytext:
  text_representation:
    extension: .md
    format_name: myst
kernelspec:
  display_name: Python 3 (ipykernel)
  language: python
  name: python3
---

# A MyST notebook

```{code-cell} ipython3
print("myst", 6 * 7)
```
"""


def test_jupyterlab_opens_myst_markdown_as_notebook(jupyterlab, page, page_guard):
    # Needs the viewer override that ./dev writes into .venv (see STACK_NOTES).
    (jupyterlab.root_dir / "myst.md").write_text(MYST, encoding="utf-8")
    jupyterlab.open_and_run(page, "myst.md")
    page.locator(".jp-NotebookPanel .jp-OutputArea-output", has_text="myst 42").wait_for()
    page_guard.assert_clean()


def test_run_all_waits_for_a_fresh_run(jupyterlab, page):
    # A saved notebook already shows "[1]" and old output; Run All must still wait for the
    # new run. The empty cell never gets a count and must not block the wait.
    import nbformat

    path = jupyterlab.write_notebook(
        "stale.ipynb", ["import time; time.sleep(2); print('fresh')", ""]
    )
    nb = nbformat.read(str(path), as_version=4)
    nb.cells[0].execution_count = 1
    nb.cells[0].outputs = [nbformat.v4.new_output("stream", name="stdout", text="stale\n")]
    nbformat.write(nb, str(path))
    jupyterlab.open_and_run(page, "stale.ipynb")
    outputs = page.locator(".jp-OutputArea-output")
    assert outputs.count() == 1
    assert outputs.first.text_content().strip() == "fresh"
