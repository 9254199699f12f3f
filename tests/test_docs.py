"""The documentation names every setting, every deliberate difference and every event, and each package's
docs page lists exactly the routes the package serves."""
from pathlib import Path

import pytest

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


def test_every_raised_event_is_listed():
    import re
    source = Path(__file__).resolve().parent.parent / "vdcommerce"
    raised = set()
    for path in source.rglob("*.py"):
        raised.update(re.findall(r"""events\.dispatch\(\s*[\w.]+,\s*["'](\w+)["']""", path.read_text()))
    assert "customer_save_after" in raised  # the scan itself works
    text = (DOCS / "events.md").read_text()
    missing = sorted(e for e in raised if f"| `{e}` |" not in text)
    assert not missing, missing


# A package's page is docs/platform/<package>.md or docs/modules/<module>.md; this one keeps its shorter name.
PAGE_NAMES = {"asyncoperations": "async"}


def page_of(package) -> Path:
    kind = "modules" if package.name.startswith("vdcommerce.modules.") else "platform"
    return DOCS / kind / f"{PAGE_NAMES.get(package.short, package.short)}.md"


def route_table(page: Path) -> set[tuple[str, str]]:
    """(method, path) of each row of the page's route tables: the tables whose first two columns are
    ``method`` and ``path``. A cell may name several methods (``POST, PUT``); a path's query string
    (``?questionId=N``) is a hint, not part of the route."""
    import re

    rows, in_table = set(), False
    for line in page.read_text().splitlines():
        if not line.startswith("|"):
            in_table = False
            continue
        cells = [c.strip().replace("`", "") for c in line.strip().strip("|").split("|")]
        if [c.lower() for c in cells[:2]] == ["method", "path"]:
            in_table = True
        elif in_table and not re.fullmatch(r"[-: ]*", cells[0]):
            path = cells[1].split("?", 1)[0]
            rows.update((method, path) for method in re.findall(r"\b(GET|POST|PUT|DELETE)\b", cells[0]))
    return rows


def _packages():
    from vdcommerce.framework.packages import load_packages
    return load_packages()


@pytest.mark.parametrize("package", _packages(), ids=lambda p: p.short)
def test_the_package_page_lists_exactly_its_routes(package):
    """The route table of a package's docs page is its etc/webapi.xml: each (method, path), no more, no fewer."""
    from vdcommerce.webapi.declarations import read_routes

    routes = {(route.method, route.url) for route in read_routes(package)}
    page = page_of(package)
    if not routes and not page.exists():
        return  # no routes, no page needed
    assert page.exists(), f"{package.name} has {len(routes)} routes and no page {page.relative_to(DOCS.parent)}"
    documented = route_table(page)
    assert {"not in the docs": sorted(routes - documented), "not served": sorted(documented - routes)} == {
        "not in the docs": [], "not served": []}


def test_every_route_table_belongs_to_a_package():
    """A page with a route table is some package's page, so a table cannot outlive its package."""
    pages = {page_of(package) for package in _packages()}
    orphans = [str(page.relative_to(DOCS)) for kind in ("platform", "modules") for page in (DOCS / kind).glob("*.md")
               if route_table(page) and page not in pages]
    assert not orphans, orphans
