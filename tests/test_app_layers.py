"""The app's layers: what the configuration, the hardware check and the history need of the app (the
table's language, the display profiles) loads no Kivy, and no screen imports the app's main module."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_table_package_config_doctor_and_history_load_no_kivy():
    code = ("import sys; import companion.app.table.language, companion.app.table.profiles, "
            "companion.app.table.catalogues, companion.app.shell, companion.notice, "
            "companion.config, companion.doctor, companion.history, companion.history.cli, "
            "companion.doctor.parts, companion.doctor.system, companion.history.timeline; "
            "print(sorted(m for m in sys.modules if m == 'kivy' or m.startswith('kivy.')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports, at any depth of the file (TYPE_CHECKING blocks included)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found |= {node.module} | {f"{node.module}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
    return found


def test_no_screen_or_widget_imports_the_apps_main_module():
    modules = sorted((ROOT / "companion" / "app" / "screens").glob("*.py"))
    modules += sorted((ROOT / "companion" / "app" / "widgets").glob("*.py"))
    assert modules
    for module in modules:
        assert "companion.app.main" not in imported(module), module.name


def test_the_import_check_sees_an_import_hidden_under_type_checking(tmp_path):
    hidden = tmp_path / "screen.py"
    hidden.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from companion.app.main import CompanionApp\n")
    assert "companion.app.main" in imported(hidden)


def test_config_doctor_and_history_take_from_the_app_only_its_table_package():
    outside = [ROOT / "companion" / "notice.py"]
    for part in ("config", "doctor", "history"):
        outside += sorted((ROOT / "companion" / part).glob("*.py"))
    for module in outside:
        reached = {m for m in imported(module) if m.startswith("companion.app")}
        assert all(m.startswith("companion.app.table") for m in reached), (module.name, reached)
