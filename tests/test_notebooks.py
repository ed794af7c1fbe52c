"""Every notebook in ``notebooks/`` runs top to bottom without an error.

Parametrized over the folder, so a notebook added later is checked too. Each runs in a fresh
python3 kernel with the repository root as working directory, ``MPLBACKEND=Agg`` (no display),
and the test's own ``ORACLE_HOME`` (from ``tests/conftest.py``), so no notebook touches a
player's campaigns. Notebooks are executed in memory; the files are never rewritten.
"""

from __future__ import annotations

import os
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
CELL_TIMEOUT = 300  # seconds per cell; each notebook is also bounded by pytest-timeout


@pytest.mark.timeout(300)
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs_every_cell_without_error(path: Path, monkeypatch: pytest.MonkeyPatch,
                                                _oracle_home: Path) -> None:
    monkeypatch.setenv("MPLBACKEND", "Agg")
    assert os.environ["ORACLE_HOME"] == str(_oracle_home)  # the kernel inherits this home
    nb = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    client = NotebookClient(nb, timeout=CELL_TIMEOUT, kernel_name="python3",
                            resources={"metadata": {"path": str(ROOT)}})
    try:
        client.execute()
    except CellExecutionError as exc:
        pytest.fail(f"{path.name}: a cell raised an error:\n{exc}")
    errors = [out for cell in nb.cells if cell.cell_type == "code"
              for out in cell.get("outputs", []) if out.get("output_type") == "error"]
    assert not errors, f"{path.name}: {errors[0].get('ename')}: {errors[0].get('evalue')}"


def test_the_odds_notebook_is_committed_without_outputs() -> None:
    path = ROOT / "notebooks" / "trophy_odds.ipynb"
    nb = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    code = [cell for cell in nb.cells if cell.cell_type == "code"]
    assert code, "the odds notebook has code cells"
    assert all(not cell.outputs and cell.execution_count is None for cell in code)


def test_the_solo_session_notebook_plays_an_incursion_and_is_run_above() -> None:
    path = ROOT / "notebooks" / "solo_session.ipynb"
    assert path in NOTEBOOKS  # executed by test_notebook_runs_every_cell_without_error
    nb = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    code = "\n".join(cell.source for cell in nb.cells if cell.cell_type == "code")
    for step in ("character(SEED)", "generate()", "session.solo.scene(", "session.solo.ask(",
                 "session.moves.hunt(", "defeat_chance(", "start_combat(", "reach_goal()",
                 "OfflineNarrator", "draw_meaning(", "end_scene("):
        assert step in code, f"the solo session notebook no longer plays {step}"
    assert all(not cell.outputs for cell in nb.cells if cell.cell_type == "code")
