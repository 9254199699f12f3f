"""The documentation names every setting, every deliberate difference and every module route."""
from pathlib import Path

from vdcommerce.settings import Settings

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_every_setting_is_documented():
    text = (DOCS / "settings.md").read_text()
    for name in Settings.model_fields:
        assert f"`VDC_{name.upper()}`" in text, name


def test_every_deliberate_difference_is_listed():
    text = (DOCS / "differences.md").read_text()
    for n in range(1, 14):
        assert f"| D{n} |" in text, n
